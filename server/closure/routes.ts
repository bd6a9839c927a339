// The player's own closure, in the player scope: what closing would do now (the balance paid to a
// key in their own CPF, the bonus forfeited, the wait before the CPF can return) with any closure
// under way, and the request itself, confirmed with the account's password. A player reads only
// their own (the session names them).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { closureInfo, closureRequest, closureStatus } from '../../contract/closure.ts'
import { emptyRequest } from '../../contract/rewards.ts'
import { ok, replies } from '../http/envelope.ts'

export const closureRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } }
  app.post(
    '/v1/account/closure/info',
    {
      schema: {
        summary: 'What closing the account would do now, and the closure under way',
        body: emptyRequest,
        response: replies(closureInfo),
      },
    },
    async (request) => ok(await app.closure.info(request.playerId)),
  )
  app.post(
    '/v1/account/closure/request',
    {
      schema: {
        summary: 'Close the account: the balance is paid to a key in the own CPF first, then it closes',
        description:
          'Confirmed with the account password (`password_wrong`, `withdraw_locked` after 5 wrong tries). Play, ' +
          'deposits, withdrawals and rewards stop at once (`account_closing`); the bonus is forfeited; the ' +
          'account closes once the payout is paid, and the same CPF cannot return for ACCOUNT_REOPEN_DAYS ' +
          'without an operator. Repeating it answers the closure under way.',
        body: closureRequest,
        response: replies(closureStatus),
      },
      config: limit,
    },
    async (request) => ok(await app.closure.requestSelf(request.playerId, request.body.password, request.ip)),
  )
}
