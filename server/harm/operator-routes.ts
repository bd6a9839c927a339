// The harm watch's operator routes, mounted under /api/ops/harm inside the operator scope (its
// authentication, permission check and audit of refusals): the contact tasks' worklist with its
// due clock and recording a contact, a player's markers and score, asking to lower a score and a
// second person's decision, and the measured effect of each kind of intervention. Names are
// masked unless the role may see personal data; the effect carries no player at all.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { harmTaskOutcomes } from '../../contract/harm.ts'
import { harmEffect, harmPlayerView, harmScoreReview, harmTaskList } from '../../contract/harm-replies.ts'
import { type Permission, reviewDecisions } from '../../contract/ops.ts'
import { writeAudit } from '../audit/audit.ts'
import { ok, replies } from '../http/envelope.ts'
import { may } from '../ops/roles.ts'

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const reason = z.string().trim().min(3).max(500)

export const harmOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const cfg = (opsPermission: Permission) => ({ opsPermission })

  app.post(
    '/tasks',
    {
      config: cfg('harm.cases'),
      schema: {
        response: replies(harmTaskList),
        body: z.strictObject({ status: z.enum(['open', 'done']).default('open') }),
      },
    },
    async (request) => ok(await app.harm.tasks(request.body.status, may(request.ops.role, 'players.personalData'))),
  )

  app.post(
    '/task/resolve',
    {
      config: cfg('harm.cases'),
      schema: {
        response: replies(harmTaskList),
        body: z.strictObject({
          taskId: id,
          outcome: z.enum(harmTaskOutcomes),
          note: z.string().trim().min(3).max(2000),
        }),
      },
    },
    async (request) => {
      const { taskId, outcome, note } = request.body
      await app.harm.resolveTask(request.ops.actor, taskId, outcome, note)
      return ok(await app.harm.tasks('open', may(request.ops.role, 'players.personalData')))
    },
  )

  app.post(
    '/player',
    {
      config: cfg('harm.cases'),
      schema: { response: replies(harmPlayerView), body: z.strictObject({ playerId: id }) },
    },
    async (request) => {
      const view = await app.harm.playerView(request.body.playerId)
      // Reading a player's harm markers is reading about their health: it leaves a trace.
      await writeAudit(
        app.db,
        request.ops.actor,
        { action: 'harm.player_view', objectType: 'player', objectId: request.body.playerId },
        app.clock.now(),
      )
      return ok(view)
    },
  )

  app.post(
    '/score/lower',
    {
      config: cfg('harm.cases'),
      schema: {
        response: replies(harmPlayerView),
        body: z.strictObject({ playerId: id, toScore: z.number().int().min(0).max(1000), reason }),
      },
    },
    async (request) => {
      const { playerId, toScore, reason: why } = request.body
      await app.harm.requestLower(request.ops.actor, playerId, toScore, why)
      return ok(await app.harm.playerView(playerId))
    },
  )

  app.post(
    '/score/reviews',
    { config: cfg('harm.cases'), schema: { response: replies(z.object({ items: z.array(harmScoreReview) })) } },
    async () => ok({ items: await app.harm.pendingReviews() }),
  )

  app.post(
    '/score/decide',
    {
      config: cfg('harm.cases'),
      schema: {
        response: replies(harmPlayerView),
        body: z.strictObject({ reviewId: id, decision: z.enum(reviewDecisions), reason }),
      },
    },
    async (request) => {
      const { reviewId, decision, reason: why } = request.body
      const { playerId } = await app.harm.decideLower(
        request.ops.actor,
        reviewId,
        decision,
        why,
        app.config.ops.fourEyesGrantWindowMs,
      )
      return ok(await app.harm.playerView(playerId))
    },
  )

  app.post('/effect', { config: cfg('harm.effect'), schema: { response: replies(harmEffect) } }, async () =>
    ok(await app.harm.effect()),
  )
}
