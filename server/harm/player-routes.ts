// The harm watch's player routes (player scope): the player's interventions — messages and offers
// waiting for them, a mandatory pause in force with its reason, and the history "Meus limites"
// shows — and their answer: a message seen, an offered cool-off declined or accepted with one tap
// (accounts' own pause starts, as if they had chosen it in their limits).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { harmNotices } from '../../contract/harm-replies.ts'
import { selfExclude } from '../accounts/limits.ts'
import { ok, replies } from '../http/envelope.ts'
import { OFFERED_COOL_OFF } from './watch.ts'

const interventionId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const harmPlayerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/harm/notices',
    {
      schema: {
        summary: "The player's harm-watch messages, offers and pauses: those waiting and the history",
        response: replies(harmNotices),
      },
    },
    async (request) => ok(await app.harm.notices(request.playerId)),
  )

  app.post(
    '/v1/harm/answer',
    {
      schema: {
        summary: 'Answer a harm-watch message (seen) or an offered cool-off (accepted: the pause starts; declined)',
        body: z.strictObject({ interventionId, answer: z.enum(['seen', 'accepted', 'declined']) }),
        response: replies(harmNotices),
      },
    },
    async (request) => {
      const { playerId } = request
      const { interventionId: id, answer } = request.body
      const now = app.clock.now()
      if (answer === 'accepted') {
        // Checked before the pause starts: only the player's own open offer starts one.
        await app.harm.refuseUnlessOpenOffer(playerId, id)
        await selfExclude(app.db, playerId, OFFERED_COOL_OFF, now)
        await app.payments.deposits
          .cancelForPause(playerId)
          .catch((error) => request.log.error({ err: error }, 'withdrawing charges at a pause failed'))
      }
      await app.harm.answer(playerId, id, answer, request.ip, now)
      return ok(await app.harm.notices(playerId))
    },
  )
}
