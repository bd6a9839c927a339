// The sandbox bank, served by the app's own server while the sandbox provider is active:
// `GET /sandbox/bank` (paste or follow a code), `POST /sandbox/bank/pay` (form or JSON, used by
// `npm run sandbox:pay`), and `GET /sandbox/cob/:txid`, the charge location a dynamic BR Code
// points to.
import formbody from '@fastify/formbody'
import type { FastifyPluginAsync } from 'fastify'
import { normalizePixKey, pixKeyTypes } from '../../../contract/pix-keys.ts'
import { BrCodeError, parseBrCode } from '../brcode.ts'
import { TXID_PATTERN } from '../ids.ts'
import { fromPixValue } from '../pix-values.ts'
import { chargeDetails, codeForm, escapeHtml, page, payoutRuleForm } from './bank-page.ts'
import { payoutOutcomes, type SandboxPayment, type SandboxProvider } from './provider.ts'

interface PayBody {
  code?: string
  txid?: string
  /** "50.00" or "50,00" */
  amount?: string
  webhook?: string
  late?: string | boolean
}

const reasons: Record<string, string> = {
  not_found: 'Cobrança não encontrada neste banco.',
  already_paid: 'Esta cobrança já foi paga.',
  expired: 'Esta cobrança expirou.',
  invalid_amount: 'Valor inválido.',
  invalid_code: 'Código PIX inválido.',
}

export const sandboxBankRoutes: FastifyPluginAsync<{ provider: SandboxProvider }> = async (app, { provider }) => {
  await app.register(formbody, { bodyLimit: 8192 })

  app.get<{ Querystring: { code?: string } }>('/sandbox/bank', async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
    const code = typeof request.query.code === 'string' ? request.query.code.trim().slice(0, 2000) : ''
    if (!code) return page('Banco sandbox', `${codeForm()}${payoutRuleForm()}`)
    try {
      const parsed = parseBrCode(code)
      const charge = parsed.txid ? await provider.getCharge(parsed.txid) : null
      return page('Banco sandbox — pagar', `${codeForm(code)}${chargeDetails(code, parsed, charge)}`)
    } catch (error) {
      if (!(error instanceof BrCodeError)) throw error
      return page(
        'Banco sandbox',
        `${codeForm(code)}<p class="error" role="alert">${reasons.invalid_code} (${escapeHtml(error.message)})</p>`,
      )
    }
  })

  app.post<{ Body: PayBody }>('/sandbox/bank/pay', async (request, reply) => {
    const body = request.body ?? {}
    const wantsHtml = !request.headers['content-type']?.includes('application/json')
    const answer = (status: number, result: Record<string, unknown>, html: string) => {
      reply.status(status)
      if (!wantsHtml) return result
      reply.type('text/html; charset=utf-8')
      return page('Banco sandbox — resultado', `${html}<p><a href="/sandbox/bank">Pagar outro código</a></p>`)
    }
    let txid = typeof body.txid === 'string' ? body.txid.trim() : ''
    if (!txid && typeof body.code === 'string') {
      try {
        txid = parseBrCode(body.code).txid
      } catch {
        txid = ''
      }
    }
    if (!TXID_PATTERN.test(txid)) {
      return answer(
        400,
        { paid: false, reason: 'invalid_code' },
        `<p class="error" role="alert">${reasons.invalid_code}</p>`,
      )
    }
    const options: SandboxPayment = {
      webhook: body.webhook === 'drop' ? 'drop' : 'send',
      late: body.late === true || body.late === '1' || body.late === 'true',
    }
    if (typeof body.amount === 'string' && body.amount.trim() !== '') {
      const amount = fromPixValue(body.amount.trim().replace(',', '.'))
      if (amount === null) {
        return answer(
          400,
          { paid: false, reason: 'invalid_amount' },
          `<p class="error" role="alert">${reasons.invalid_amount}</p>`,
        )
      }
      options.amount = amount
    }
    const outcome = await provider.pay(txid, options)
    if (!outcome.paid) {
      return answer(
        409,
        outcome,
        `<p class="error" role="alert">${escapeHtml(reasons[outcome.reason] ?? outcome.reason)}</p>`,
      )
    }
    return answer(
      200,
      outcome,
      `<p class="ok" role="status" data-testid="paid">Pagamento enviado: R$ ${escapeHtml(outcome.pix.valor.replace('.', ','))}</p>
<dl><dt>ID fim a fim</dt><dd data-testid="end-to-end-id">${escapeHtml(outcome.pix.endToEndId)}</dd>
<dt>Notificação</dt><dd>${escapeHtml(outcome.webhookStatus)}</dd></dl>`,
    )
  })

  // What the bank will do with payouts to a key: pay (default), reject the key (the player can
  // correct it), refuse for good, or take it without answering (the app must poll).
  app.post<{ Body: { key?: string; keyType?: string; outcome?: string } }>(
    '/sandbox/bank/payout-rule',
    async (request, reply) => {
      const { key = '', keyType, outcome = '' } = request.body ?? {}
      const wantsHtml = !request.headers['content-type']?.includes('application/json')
      const type = pixKeyTypes.find((t) => t === keyType)
      const normalized = type ? normalizePixKey(type, key) : key.replace(/\s+/g, '')
      if (!normalized || !payoutOutcomes.includes(outcome as never)) {
        reply.status(400)
        return wantsHtml ? page('Banco sandbox', `<p class="error" role="alert">Regra inválida.</p>`) : { ok: false }
      }
      await provider.setPayoutRule(normalized, outcome as (typeof payoutOutcomes)[number])
      if (!wantsHtml) return { ok: true, key: normalized, outcome }
      return reply.redirect('/sandbox/bank')
    },
  )

  app.get<{ Params: { txid: string } }>('/sandbox/cob/:txid', async (request, reply) => {
    const charge = TXID_PATTERN.test(request.params.txid) ? await provider.getCharge(request.params.txid) : null
    if (!charge) return reply.status(404).send({ error: 'not_found' })
    return charge
  })
}
