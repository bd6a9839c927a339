// The reward calls (SPEC 7, 9): promotions with their terms, a summary for the home, the gift,
// sign-in, download reward, wheel, tasks, invites and one-time prompts. Every credit is decided
// here on the server; no request carries an amount.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  emptyRequest,
  inviteClaimRequest,
  type PromotionsView,
  promptShownRequest,
  taskListRequest,
  taskRequest,
  wheelSpinRequest,
} from '../../contract/rewards.ts'
import { activeSelfExclusion } from '../accounts/limits.ts'
import { ok } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'
import { drawDownloadReward, openGift } from './gift.ts'
import { claimInviteRewards, inviteStats, shareInfo } from './invites.ts'
import { promotionTerms } from './promotions.ts'
import { seedInviteClaim, seedWheelSpin, withSeedInviteResult, withSeedTaskItems } from './seed-shapes.ts'
import { drawSignReward, signInfo } from './sign-in.ts'
import { markPromptShown, rewardsSummary } from './summary.ts'
import { claimTask, notifyTaskFlagShown, taskOne, taskProcess } from './tasks.ts'
import { spinWheel, wheelInfo } from './wheel.ts'

/** Whatever the seed's prize claim carries (amount, type…): read by nobody, bounded in size. */
const seedPrizeClaim = z
  .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
  .optional()

export const rewardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app
  const ctx = app.rewards.context
  const empty = { schema: { body: emptyRequest } }

  app.post('/activity/list', empty, async (request) => {
    const exclusion = await activeSelfExclusion(db, request.playerId, clock.now())
    return ok<PromotionsView>({
      enabled: config.promotions.enabled,
      selfExcluded: exclusion !== null,
      blockedUntil: exclusion?.until ?? null,
      promotions: exclusion ? [] : promotionTerms(config),
    })
  })

  app.post('/activity/summary', empty, async (request) =>
    ok(await rewardsSummary(ctx, request.playerId, (playerId, now) => app.payments.deposits.offerFor(playerId, now))),
  )

  app.post('/activity/promptShown', { schema: { body: promptShownRequest } }, async (request) => {
    await markPromptShown(ctx, request.playerId, request.body.prompt)
    return ok(null)
  })

  app.post('/activity/openNewPlayerGift', empty, async (request) => ok(await openGift(ctx, request.playerId)))

  app.post('/activity/getSignInfo', empty, async (request) => ok(await signInfo(ctx, request.playerId)))
  app.post('/activity/drawSignReward', empty, async (request) => ok(await drawSignReward(ctx, request.playerId)))
  app.post('/activity/drawDownloadReward', empty, async (request) =>
    ok(await drawDownloadReward(ctx, request.playerId)),
  )

  app.post('/activity/wheel/info', empty, async (request) => ok(await wheelInfo(ctx, request.playerId)))
  const spinOptions = { preValidation: seedWheelSpin(ctx), schema: { body: wheelSpinRequest } }
  app.post('/activity/wheel/spin', spinOptions, async (request) =>
    ok(await spinWheel(ctx, request.playerId, request.body.requestId)),
  )

  app.post('/v1/bus/getTaskProcess', { schema: { body: taskListRequest } }, async (request) =>
    ok(withSeedTaskItems(await taskProcess(ctx, request.playerId, request.body.configKey))),
  )
  app.post('/v1/bus/taskOne', { schema: { body: taskRequest } }, async (request) =>
    ok(await taskOne(ctx, request.playerId, request.body.taskId)),
  )
  app.post('/v1/bus/taskOneGot', { schema: { body: taskRequest } }, async (request) =>
    ok(await claimTask(ctx, request.playerId, request.body.taskId)),
  )
  app.post('/v1/bus/notifyShowTaskFlagSuccess', empty, async (request) => {
    await notifyTaskFlagShown(ctx, request.playerId)
    return ok(null)
  })

  app.post('/v1/bus/getUserShareUrlAndExtensionCode', empty, async (request) =>
    ok(await shareInfo(ctx, request.playerId)),
  )
  app.post('/v1/bus/statInviteInfo', empty, async (request) =>
    ok(withSeedInviteResult(await inviteStats(ctx, request.playerId))),
  )
  const claimOptions = { preValidation: seedInviteClaim(ctx), schema: { body: inviteClaimRequest } }
  app.post('/v1/bus/receiveInviteRewards', claimOptions, async (request) =>
    ok(await claimInviteRewards(ctx, request.playerId, request.body.requestId)),
  )

  // The seed's client-chosen prize (its "lottery"): the server decides every outcome (SPEC 1.3),
  // so whatever the body says, nothing is credited — an honest refusal, never a 404.
  app.post('/charge/receiveGold', { schema: { body: seedPrizeClaim } }, async () => {
    throw new Refusal('prize_not_from_client')
  })
}
