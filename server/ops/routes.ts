// The operator API (enabled only when OPS_TOKEN is set; header `x-ops-token`): cash
// adjustments as new transfers, closing a player's push sockets, decisions on withdrawals
// waiting for review, the PIX returned to payers (refunds), and the ledger audit.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok, Refusal } from '../http/envelope.ts'
import { adjustCash } from '../ledger/adjustments.ts'
import { auditLedger } from '../ledger/audit.ts'
import { LedgerError } from '../ledger/ledger.ts'

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = app.config.opsToken
  if (!expected) return

  const requireOperator = async (request: FastifyRequest) => {
    const given = request.headers['x-ops-token']
    if (typeof given !== 'string' || !sameSecret(given, expected)) throw new Refusal('token_invalid')
  }

  app.post(
    '/ops/adjust',
    {
      preHandler: requireOperator,
      schema: {
        body: z.strictObject({
          requestId: z.string().min(1).max(100),
          userId: z.number().int().positive(),
          amount: z
            .number()
            .int()
            .refine((n) => n !== 0 && Number.isSafeInteger(n)),
          reason: z.string().trim().min(1).max(200),
        }),
      },
    },
    async (request) => {
      const { requestId, userId, amount, reason } = request.body
      try {
        const result = await app.ledger.transact((tx) =>
          adjustCash(tx, { id: `ops:${requestId}`, playerId: userId, amount, reason }),
        )
        return ok({ transfer: result, balance: await app.ledger.balances(userId) })
      } catch (error) {
        if (error instanceof LedgerError && error.code === 'insufficient_funds')
          throw new Refusal('invalid_request', error.details)
        throw error
      }
    },
  )

  app.post(
    '/ops/disconnect',
    { preHandler: requireOperator, schema: { body: z.strictObject({ userId: z.number().int().positive() }) } },
    async (request) => ok({ closed: app.push.disconnect(request.body.userId) }),
  )

  app.post(
    '/ops/withdrawals/review',
    {
      preHandler: requireOperator,
      schema: {
        body: z.strictObject({ orderId: z.string().min(1).max(40), decision: z.enum(['approve', 'reject']) }),
      },
    },
    async (request) => {
      const order = await app.payments.withdrawals.review(request.body.orderId, request.body.decision)
      return ok({ orderId: order.id, status: order.status })
    },
  )

  app.get(
    '/ops/refunds',
    {
      preHandler: requireOperator,
      schema: {
        querystring: z.strictObject({
          status: z.enum(['pending', 'processing', 'returned', 'failed']).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
      },
    },
    async (request) => ok({ refunds: await app.payments.refunds.list(request.query) }),
  )

  app.get('/ops/audit', { preHandler: requireOperator }, async () => ok(await auditLedger(app.db)))
}
