// The operator API under /api/ops (enabled only when OPS_TOKEN is set; header `x-ops-token`):
// cash adjustments as new transfers, closing a player's push sockets, decisions on withdrawals
// waiting for review, the PIX returned to payers (refunds), the ledger audit, and a player's
// limits with extending their exclusion. Without
// OPS_TOKEN none of these paths exists (404).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { NoResultError } from 'kysely'
import { z } from 'zod'
import { activeSelfExclusion, excludeUntil, realityCheckAnswers } from '../accounts/limits.ts'
import { readLimitsView } from '../accounts/limits-routes.ts'
import { findById } from '../accounts/players.ts'
import { HttpRefusal, ok } from '../http/envelope.ts'
import { adjustCash } from '../ledger/adjustments.ts'
import { auditLedger } from '../ledger/audit.ts'
import { LedgerError } from '../ledger/ledger.ts'
import { Refusal } from '../refusal.ts'
import { operatorGate } from './gate.ts'

// Player ids are PostgreSQL `bigint`s handed out by a sequence: anything above is unknown anyway.
const playerId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = app.config.opsToken
  if (!expected) return
  await app.register(operatorRoutes, { prefix: '/ops', token: expected })
}

const operatorRoutes: FastifyPluginAsyncZod<{ token: string }> = async (app, { token }) => {
  // Before body parsing and validation, so nothing about a route is told to a caller without
  // the token; failed attempts are limited per address.
  app.addHook('onRequest', operatorGate(app, token))

  const requireKnownPlayer = async (userId: number) => {
    try {
      await findById(app.db, userId)
    } catch (error) {
      if (error instanceof NoResultError) throw new Refusal('player_not_found', { userId })
      throw error
    }
  }

  app.post(
    '/adjust',
    {
      schema: {
        body: z.strictObject({
          requestId: z.string().min(1).max(100),
          userId: playerId,
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
      await requireKnownPlayer(userId)
      try {
        const result = await app.ledger.transact((tx) =>
          adjustCash(tx, { id: `ops:${requestId}`, playerId: userId, amount, reason }),
        )
        return ok({ transfer: result, balance: await app.ledger.balances(userId) })
      } catch (error) {
        if (error instanceof LedgerError && error.code === 'insufficient_funds')
          throw new Refusal('invalid_request', error.details)
        if (error instanceof LedgerError && error.code === 'idempotency_conflict')
          throw new Refusal('request_id_reused', error.details)
        throw error
      }
    },
  )

  app.post('/disconnect', { schema: { body: z.strictObject({ userId: playerId }) } }, async (request) => {
    await requireKnownPlayer(request.body.userId)
    return ok({ closed: app.push.disconnect(request.body.userId) })
  })

  app.post(
    '/withdrawals/review',
    {
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
    '/refunds',
    {
      schema: {
        querystring: z.strictObject({
          status: z.enum(['pending', 'processing', 'returned', 'failed']).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
      },
    },
    async (request) => ok({ refunds: await app.payments.refunds.list(request.query) }),
  )

  app.get('/audit', async () => ok(await auditLedger(app.db)))

  // Responsible gaming (issue 17): what the console's player view shows, and extending (never
  // shortening) an exclusion; the extension is written to the player's append-only history.
  app.post('/players/limits', { schema: { body: z.strictObject({ userId: playerId }) } }, async (request) => {
    const { userId } = request.body
    await requireKnownPlayer(userId)
    return ok({
      limits: await readLimitsView(app, app.db, userId),
      realityChecks: await realityCheckAnswers(app.db, userId),
    })
  })

  app.post(
    '/players/extendExclusion',
    {
      schema: {
        body: z.strictObject({
          userId: playerId,
          /** Epoch ms; null: permanent. */
          until: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
          reason: z.string().trim().min(1).max(200),
        }),
      },
    },
    async (request) => {
      const { userId, until, reason } = request.body
      await requireKnownPlayer(userId)
      const now = app.clock.now()
      if (until !== null && until <= now) throw new Refusal('exclusion_not_extended', { until })
      const current = await activeSelfExclusion(app.db, userId, now)
      if (current && (current.until === null || (until !== null && until <= current.until))) {
        throw new Refusal('exclusion_not_extended', { until: current.until ?? 0 })
      }
      return ok({ selfExclusion: await excludeUntil(app.db, userId, until, now, 'operator', { reason }) })
    },
  )

  // Unknown operator paths answer after the gate too, so they tell nothing without the token.
  app.setNotFoundHandler(async () => {
    throw new HttpRefusal(404, 'not_found')
  })
}
