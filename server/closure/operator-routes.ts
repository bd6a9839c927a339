// The closures' operator routes, mounted under /api/ops/closures inside the operator scope (its
// authentication, permission check and audit of refusals): the worklist of open closures with their
// due clocks, or of the accounts closed (the player named by id; no CPF or key in full), trying a
// payout again, closing the account from the worklist (what could not be paid stays owed, and the
// audit row says how much), and reopening a closed account — each audited in its own transaction
// with the operator's reason.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { closureListRequest, closureStatus, closureWorklist } from '../../contract/closure.ts'
import { ok, replies } from '../http/envelope.ts'

const closureId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const userId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const reason = z.string().trim().min(1).max(200)
const reopened = z.object({ userId: z.number().int(), closure: closureStatus.nullable() })

export const closureOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = async (status: 'open' | 'closed') => ({
    items: await app.closure.worklist(status),
    now: app.clock.now(),
  })
  const act = { opsPermission: 'closures.act' as const, rateLimit: { max: 60, timeWindow: '1 minute' } }

  app.post(
    '/list',
    {
      config: { opsPermission: 'closures.view' },
      schema: { body: closureListRequest, response: replies(closureWorklist) },
    },
    async (request) => ok(await list(request.body.status ?? 'open')),
  )

  app.post(
    '/retry',
    { config: act, schema: { body: z.strictObject({ closureId, reason }), response: replies(closureWorklist) } },
    async (request) => {
      await app.closure.retry(request.body.closureId, request.ops.actor, request.body.reason)
      return ok(await list('open'))
    },
  )

  app.post(
    '/close',
    { config: act, schema: { body: z.strictObject({ closureId, reason }), response: replies(closureWorklist) } },
    async (request) => {
      await app.closure.forceClose(request.body.closureId, request.ops.actor, request.body.reason)
      return ok(await list('open'))
    },
  )

  app.post(
    '/reopen',
    {
      config: { opsPermission: 'players.close', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { body: z.strictObject({ userId, reason }), response: replies(reopened) },
    },
    async (request) => {
      const { userId: playerId, reason: why } = request.body
      await app.closure.reopen(playerId, request.ops.actor, why)
      return ok({ userId: playerId, closure: await app.closure.status(playerId) })
    },
  )
}
