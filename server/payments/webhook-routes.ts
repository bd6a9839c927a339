// The provider's webhooks: `pix` (API Pix: `{ pix: [...] }` for payments received) and `payout`
// (a payout settled). The signature is checked over the raw body before anything is parsed
// into effects; each payment is confirmed with the provider (`GET /pix/{e2eid}`) and applied as
// the provider has it, once by its end-to-end id (credited, or returned to the payer when it
// breaks the rules); a notice that lists a PIX's returns (`devolucoes`) has the app ask the
// provider about its own returns of that PIX still open; a payout notice only names the payout,
// whose state is then read back from the provider.
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { writeAudit } from '../audit/audit.ts'
import { HttpRefusal, ok, replies } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'
import { END_TO_END_PATTERN, TXID_PATTERN } from './ids.ts'
import { ProviderUnavailable } from './provider.ts'
import { cameThroughMtls, MTLS_MARK_HEADER } from './webhook-mtls.ts'

const webhookBody = z.object({
  pix: z
    .array(
      z.object({
        endToEndId: z.string().regex(END_TO_END_PATTERN),
        txid: z.string().regex(TXID_PATTERN),
        valor: z.string().regex(/^\d{1,12}\.\d{2}$/),
        horario: z.iso.datetime({ offset: true }),
        // The payer's CPF (the PSP's addition to API Pix's `pix` object); without it a payment
        // cannot be shown to come from the player, and is returned.
        pagador: z.object({ cpf: z.string().max(32) }).optional(),
        // Present when the notice is about returns of this PIX that reached a final status.
        devolucoes: z
          .array(z.object({ id: z.string().max(35), status: z.string().max(20) }))
          .max(100)
          .optional(),
      }),
    )
    .min(1)
    .max(100),
})

/** A webhook whose signature fails is answered 401, as a PSP expects. */
const unauthorised = { refusalStatus: 401 }

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string
  }
}

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Keep the exact bytes: the signature is over the raw body, not a re-serialisation of it.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string
    try {
      done(null, JSON.parse(body as string))
    } catch (error) {
      ;(error as { statusCode?: number }).statusCode = 400
      done(error as Error, undefined)
    }
  })

  /** The webhook HMAC: both headers (openapi.ts declares the schemes). */
  const webhookSecurity = [{ pixWebhookTimestamp: [], pixWebhookSignature: [] }]
  const signed = async (request: FastifyRequest) => {
    // With the mTLS listener configured, a webhook counts only if it came through it.
    if (app.config.payments.webhookMtls && !cameThroughMtls(request.headers[MTLS_MARK_HEADER])) {
      request.log.warn({ url: request.url }, 'payment webhook without the PSP certificate refused')
      throw new Refusal('webhook_refused', { problem: 'client certificate required (PIX_WEBHOOK_MTLS_PORT)' })
    }
    const problem = app.payments.provider.verifyWebhook({ rawBody: request.rawBody ?? '', headers: request.headers })
    if (problem) {
      request.log.warn({ problem, url: request.url }, 'payment webhook refused')
      throw new Refusal('webhook_refused', { problem })
    }
  }

  app.post(
    '/payments/webhook/payout',
    {
      schema: {
        summary: 'The PSP says a payout settled (signed); its state is read back from the PSP',
        security: webhookSecurity,
        body: z.object({ payout: z.object({ id: z.string().min(3).max(80) }) }),
        response: replies(z.object({ known: z.boolean() })),
      },
      preValidation: signed,
      config: unauthorised,
    },
    async (request) => {
      // The payout's state is read back from the PSP; a PSP not answering now is "not now" (429),
      // so it delivers the webhook again, never a server error.
      const payout = await app.payments.provider.getPayout(request.body.payout.id).catch((error: unknown) => {
        if (error instanceof ProviderUnavailable) throw new HttpRefusal(429, 'payment_provider_unavailable')
        throw error
      })
      if (payout) await app.payments.withdrawals.applyPayout(payout)
      return ok({ known: payout !== null })
    },
  )

  app.post(
    '/payments/webhook/pix',
    {
      schema: {
        summary: 'API Pix webhook: PIX received (signed); each applied once by its end-to-end id',
        security: webhookSecurity,
        body: webhookBody,
        response: replies(
          z.array(
            z.object({
              endToEndId: z.string(),
              outcome: z.string().meta({ description: 'credited, refunded, duplicate, unmatched …' }),
            }),
          ),
        ),
      },
      preValidation: signed,
      config: unauthorised,
    },
    async (request) => {
      const outcomes = []
      for (const pix of request.body.pix) {
        const { outcome, differs } = await app.payments.deposits.applyReported(pix)
        if (outcome === 'unmatched') request.log.warn({ txid: pix.txid }, 'PIX received for an unknown txid')
        if (differs.length > 0) {
          // A signed webhook the provider contradicts: a leaked secret or an insider, worth a look.
          request.log.error({ endToEndId: pix.endToEndId, differs }, 'payment webhook contradicted by the provider')
          await writeAudit(
            app.db,
            { id: null, name: 'system: payment webhook', ip: request.ip },
            {
              action: 'payments.webhook_contradicted',
              objectType: 'pix_payment',
              objectId: pix.endToEndId,
              after: { reported: { txid: pix.txid, valor: pix.valor }, differs, outcome },
            },
            app.clock.now(),
          )
        }
        outcomes.push({ endToEndId: pix.endToEndId, outcome })
      }
      await app.payments.refunds.refreshFor(
        request.body.pix.filter((pix) => pix.devolucoes?.length).map((pix) => pix.endToEndId),
      )
      return ok(outcomes)
    },
  )
}
