// The responsible-gaming API (SPEC 8): read the limits, set a deposit limit, self-exclude.
// The limits screen comes later; these calls already govern deposits.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { selfExcludeRequest, setDepositLimitRequest } from '../../contract/limits.ts'
import { ok } from '../http/envelope.ts'
import { readLimits, selfExclude, setDepositLimit } from './limits.ts'

export const limitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/bus/limits', async (request) => ok(await readLimits(app.db, request.playerId, app.clock.now())))

  app.post('/v1/bus/setDepositLimit', { schema: { body: setDepositLimitRequest } }, async (request) => {
    const now = app.clock.now()
    await setDepositLimit(app.db, request.playerId, request.body.period, request.body.amount, now)
    return ok(await readLimits(app.db, request.playerId, now))
  })

  app.post('/v1/bus/selfExclude', { schema: { body: selfExcludeRequest } }, async (request) => {
    const now = app.clock.now()
    await selfExclude(app.db, request.playerId, request.body.duration, now)
    return ok(await readLimits(app.db, request.playerId, now))
  })
}
