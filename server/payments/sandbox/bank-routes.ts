// The sandbox bank, served by the sandbox API Pix server (api-server.ts; never by the app) under
// `/sandbox` through the app's API plugin (zod schemas, the envelope, rate limits): `GET /bank` (paste
// or follow a code), `POST /bank/pay` (form or JSON, used by `npm run sandbox:pay`), its key
// directory `POST /bank/dict`, `/bank/dict/list`, `/bank/dict/remove` (`npm run sandbox:dict`),
// payout rules `POST /bank/payout-rule`, and `GET /cob/:txid`, the charge location a dynamic BR
// Code points to — which shows the charge, never who owes it.
//
// Who may do what, in a bank where nobody signs in: a key's holder is named by CPF. A payout rule
// is taken only for a key the directory says that CPF holds, and applies only while it still
// does; a key is removed only by naming its holder. A key registered again moves to the new
// holder, as a DICT claim would. CPFs travel in bodies, never in URLs.
import formbody from '@fastify/formbody'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { isValidCpf, normalizeCpf } from '../../../contract/cpf.ts'
import type { MsgCode } from '../../../contract/envelope.ts'
import { checkPixKey, normalizePixKey, type PixKeyType, pixKeyTypes } from '../../../contract/pix-keys.ts'
import { ok } from '../../http/envelope.ts'
import { describeIssues } from '../../i18n/messages.ts'
import { Refusal } from '../../refusal.ts'
import { BrCodeError, type ParsedBrCode, parseBrCode } from '../brcode.ts'
import { TXID_PATTERN } from '../ids.ts'
import { bankCss, chargeDetails, codeForm, dictForm, escapeHtml, page, payoutRuleForm } from './bank-page.ts'
import { guessKeyType } from './dict.ts'
import { type PayRefusal, payoutOutcomes, type SandboxPayment, type SandboxProvider } from './provider.ts'

const flag = z.union([z.boolean(), z.enum(['1', 'true', '0', 'false', 'on', ''])]).optional()
const isSet = (value: z.infer<typeof flag>) => value === true || value === '1' || value === 'true' || value === 'on'

const payBody = z.strictObject({
  code: z.string().max(2000).optional(),
  txid: z.string().max(64).optional(),
  /** "50.00", "50,00" or "50": another amount than the charge's. */
  amount: z.string().max(20).optional(),
  /** Pay from another CPF than the charge's payer (the app must return it). */
  payerCpf: z.string().max(20).optional(),
  webhook: z.enum(['send', 'drop', '']).optional(),
  late: flag,
  again: flag,
})

const cpfField = z.string().min(1).max(20)
const keyField = z.string().min(1).max(120)

const ruleBody = z.strictObject({
  key: keyField,
  keyType: z.enum(pixKeyTypes).optional(),
  outcome: z.enum(payoutOutcomes),
  /** The key holder's CPF: only they set what their bank does. */
  cpf: cpfField,
})

const dictBody = z.strictObject({
  key: keyField,
  keyType: z.enum(pixKeyTypes).optional(),
  cpf: cpfField,
})

/** A charge the bank will not pay (business answers: HTTP 200, `success: false`). */
const payRefusals: Record<Exclude<PayRefusal, 'invalid_amount' | 'invalid_payer'>, { code: MsgCode; text: string }> = {
  not_found: { code: 'not_found', text: 'Cobrança não encontrada neste banco.' },
  already_paid: { code: 'charge_already_paid', text: 'Esta cobrança já foi paga.' },
  expired: { code: 'charge_expired', text: 'Esta cobrança expirou.' },
}

/** "50", "50,5", "50.50" → centavos; null for anything else. */
function parseAmount(text: string): number | null {
  const match = /^(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}

/** The key as the directory stores it, for the type given or, when not given, the one it looks like. */
function normalizeKey(raw: string, type: PixKeyType | undefined): { key: string; type: PixKeyType } | null {
  const keyType = type ?? guessKeyType(raw)
  if (checkPixKey(keyType, raw)) return null
  return { key: normalizePixKey(keyType, raw), type: keyType }
}

/** The charge a code names: a dynamic code by its location (this bank's only), a static one by its txid. */
async function txidOfCode(provider: SandboxProvider, parsed: ParsedBrCode): Promise<string | null> {
  if (parsed.url) return provider.txidAt(parsed.url)
  return parsed.txid && parsed.txid !== '***' ? parsed.txid : null
}

const wantsHtml = (request: FastifyRequest) => !request.headers['content-type']?.includes('application/json')

/**
 * A field the schema let through but the bank cannot use (an amount that is not money, a CPF
 * with wrong digits): 400, as an HTML page for the form or the envelope for JSON callers.
 */
function invalidField(request: FastifyRequest, reply: FastifyReply, field: string, problem = 'invalid') {
  const issue = { field, code: 'custom', message: problem, params: {} }
  if (wantsHtml(request)) {
    const text = describeIssues([issue], 'pt-BR')
    return htmlPage(reply, 'Banco sandbox', resultHtml(`<p class="error" role="alert">${escapeHtml(text)}</p>`), 400)
  }
  return reply.status(400).send({
    success: false,
    msgCode: 'invalid_request',
    msg: describeIssues([issue], request.language),
    data: null,
  })
}

function htmlPage(reply: FastifyReply, title: string, body: string, status = 200) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page(title, body))
}

export function sandboxBankRoutes(provider: SandboxProvider): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(formbody, { bodyLimit: 8192 })

    app.get('/bank.css', async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(bankCss),
    )

    app.get(
      '/bank',
      { schema: { querystring: z.object({ code: z.string().max(4000).optional() }) } },
      async (request, reply) => {
        const code = request.query.code?.trim().slice(0, 2000) ?? ''
        if (!code) return htmlPage(reply, 'Banco sandbox', `${codeForm()}${dictForm()}${payoutRuleForm()}`)
        try {
          const parsed = parseBrCode(code)
          const txid = await txidOfCode(provider, parsed)
          const charge = txid ? await provider.getCharge(txid) : null
          const refunds = charge ? await provider.refunds.forCharge(charge.txid) : []
          return htmlPage(
            reply,
            'Banco sandbox — pagar',
            `${codeForm(code)}${chargeDetails(code, parsed, charge, refunds)}`,
          )
        } catch (error) {
          if (!(error instanceof BrCodeError)) throw error
          return htmlPage(
            reply,
            'Banco sandbox',
            `${codeForm(code)}<p class="error" role="alert">Código PIX inválido (${escapeHtml(error.message)}).</p>`,
          )
        }
      },
    )

    app.post('/bank/pay', { schema: { body: payBody } }, async (request, reply) => {
      const body = request.body
      const html = wantsHtml(request)
      let txid = body.txid?.trim() ?? ''
      if (!txid && body.code) {
        try {
          txid = (await txidOfCode(provider, parseBrCode(body.code))) ?? ''
        } catch {
          txid = ''
        }
      }
      if (!TXID_PATTERN.test(txid)) return invalidField(request, reply, body.code ? 'code' : 'txid')
      const options: SandboxPayment = {
        webhook: body.webhook === 'drop' ? 'drop' : 'send',
        late: isSet(body.late),
        again: isSet(body.again),
      }
      if (body.amount?.trim()) {
        const amount = parseAmount(body.amount)
        if (amount === null || amount <= 0) return invalidField(request, reply, 'amount')
        options.amount = amount
      }
      if (body.payerCpf?.trim()) {
        if (!isValidCpf(body.payerCpf)) return invalidField(request, reply, 'payerCpf', 'invalid_cpf')
        options.payerCpf = normalizeCpf(body.payerCpf)
      }
      const outcome = await provider.pay(txid, options)
      if (!outcome.paid) {
        if (outcome.reason === 'invalid_amount') return invalidField(request, reply, 'amount')
        if (outcome.reason === 'invalid_payer') return invalidField(request, reply, 'payerCpf', 'invalid_cpf')
        const refusal = payRefusals[outcome.reason]
        if (!html) throw new Refusal(refusal.code)
        return htmlPage(
          reply,
          'Banco sandbox — resultado',
          resultHtml(`<p class="error" role="alert">${refusal.text}</p>`),
        )
      }
      // The payer's CPF stays out of the answer: whoever holds the code may call this.
      const { pagador: _payer, ...pix } = outcome.pix
      if (!html) return ok({ paid: true, pix, webhookStatus: outcome.webhookStatus })
      return htmlPage(
        reply,
        'Banco sandbox — resultado',
        resultHtml(`<p class="ok" role="status" data-testid="paid">Pagamento enviado: R$ ${escapeHtml(outcome.pix.valor.replace('.', ','))}</p>
<dl><dt>ID fim a fim</dt><dd data-testid="end-to-end-id">${escapeHtml(outcome.pix.endToEndId)}</dd>
<dt>Notificação</dt><dd>${escapeHtml(outcome.webhookStatus)}</dd></dl>`),
      )
    })

    // What the bank will do with payouts to a key: pay (default), reject the key (the player can
    // correct it), refuse for good, or take it without answering (the app must poll).
    app.post('/bank/payout-rule', { schema: { body: ruleBody } }, async (request, reply) => {
      const { key, keyType, outcome, cpf } = request.body
      const normalized = normalizeKey(key, keyType)
      if (!normalized) return invalidField(request, reply, 'key')
      if (!isValidCpf(cpf)) return invalidField(request, reply, 'cpf', 'invalid_cpf')
      const taken = await provider.setPayoutRule(normalized.key, outcome, cpf)
      if (!taken) {
        if (wantsHtml(request)) {
          return htmlPage(reply, 'Banco sandbox', resultHtml(`<p class="error" role="alert">${NOT_HOLDER}</p>`))
        }
        throw new Refusal('pix_key_not_owned')
      }
      if (wantsHtml(request)) return reply.redirect('/sandbox/bank')
      return ok({ key: normalized.key, outcome })
    })

    app.post('/bank/dict', { schema: { body: dictBody } }, async (request, reply) => {
      const { key, keyType, cpf } = request.body
      const type = keyType ?? guessKeyType(key)
      if (type === 'cpf') {
        // A CPF key is the CPF itself: it belongs to that CPF without registering, and to no other.
        if (!isValidCpf(cpf)) return invalidField(request, reply, 'cpf', 'invalid_cpf')
        if (!isValidCpf(key) || normalizeCpf(key) !== normalizeCpf(cpf)) {
          return invalidField(request, reply, 'key', 'cpf_key_of_another_cpf')
        }
        if (wantsHtml(request)) {
          return htmlPage(
            reply,
            'Banco sandbox',
            resultHtml(
              '<p class="ok" role="status" data-testid="dict-registered">Uma chave CPF já pertence ao próprio CPF: nada a registrar.</p>',
            ),
          )
        }
        return ok({ key: normalizeCpf(key), keyType: 'cpf' as const })
      }
      const outcome = await provider.dict.register(type, key, cpf)
      if (!outcome.registered) {
        return outcome.reason === 'invalid_cpf'
          ? invalidField(request, reply, 'cpf', 'invalid_cpf')
          : invalidField(request, reply, 'key')
      }
      if (wantsHtml(request)) {
        return htmlPage(
          reply,
          'Banco sandbox',
          resultHtml(
            `<p class="ok" role="status" data-testid="dict-registered">Chave ${escapeHtml(outcome.key)} registrada no CPF informado.</p>`,
          ),
        )
      }
      return ok({ key: outcome.key, keyType: outcome.keyType })
    })

    app.post('/bank/dict/list', { schema: { body: z.strictObject({ cpf: cpfField }) } }, async (request, reply) => {
      if (!isValidCpf(request.body.cpf)) return invalidField(request, reply, 'cpf', 'invalid_cpf')
      return ok({ keys: await provider.dict.keysOf(request.body.cpf) })
    })

    app.post('/bank/dict/remove', { schema: { body: dictBody } }, async (request) => {
      const normalized = normalizeKey(request.body.key, request.body.keyType)
      if (!normalized || !(await provider.dict.remove(normalized.key, request.body.cpf))) {
        throw new Refusal('pix_key_not_owned')
      }
      return ok({ key: normalized.key, removed: true })
    })

    // The charge's location: a JWS of the charge (no payer, no payments) signed by the PSP.
    app.get(
      '/cob/:txid',
      { schema: { params: z.object({ txid: z.string().max(64) }) }, config: { refusalStatus: 404 } },
      async (request, reply) => {
        const jws = TXID_PATTERN.test(request.params.txid) ? await provider.locationJws(request.params.txid) : null
        if (!jws) throw new Refusal('not_found')
        return reply.type('application/jose').header('cache-control', 'no-store').send(jws)
      },
    )
  }
}

const NOT_HOLDER = 'Esta chave não está registrada no CPF informado: só o titular define regras para ela.'

function resultHtml(html: string): string {
  return `${html}<p><a href="/sandbox/bank">Voltar ao banco</a></p>`
}
