// The reward calls: promotions with their terms, a summary for the home, the gift,
// sign-in, download reward, wheel, tasks, invites and one-time prompts. Every credit is decided
// here on the server; no request carries an amount.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import * as R from '../../contract/rewards.ts'
import {
  emptyRequest,
  inviteClaimRequest,
  type PromotionsView,
  promptShownRequest,
  rewardCredit,
  taskListRequest,
  taskRequest,
  wheelSpinRequest,
} from '../../contract/rewards.ts'
import { activeSelfExclusion } from '../accounts/limits.ts'
import { ok, replies } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'
import { drawDownloadReward, openGift } from './gift.ts'
import { claimInviteRewards, inviteStats, shareInfo } from './invites.ts'
import {
  legacyInviteClaim,
  legacyInviteResult,
  legacyTaskItem,
  legacyTaskPick,
  legacyTaskView,
  legacyWheelSpin,
  withLegacyInviteResult,
  withLegacyTaskFields,
  withLegacyTaskItems,
} from './legacy-shapes.ts'
import { promotionTerms } from './promotions.ts'
import { drawSignReward, signInfo } from './sign-in.ts'
import { markPromptShown, rewardsSummary } from './summary.ts'
import { claimTask, notifyTaskFlagShown, taskOne, taskProcess } from './tasks.ts'
import { spinWheel, wheelInfo } from './wheel.ts'

/** Whatever the legacy client's prize claim carries (amount, type…): read by nobody, bounded in size. */
const legacyPrizeClaim = z
  .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
  .optional()

export const rewardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app
  const ctx = app.rewards.context
  const empty = (summary: string, data: z.ZodType) => ({
    schema: { summary, body: emptyRequest, response: replies(data) },
  })

  app.post('/activity/list', empty('The active promotions with their terms', R.promotionsView), async (request) => {
    const exclusion = await activeSelfExclusion(db, request.playerId, clock.now())
    return ok<PromotionsView>({
      enabled: config.promotions.enabled,
      selfExcluded: exclusion !== null,
      blockedUntil: exclusion?.until ?? null,
      promotions: exclusion ? [] : promotionTerms(config),
    })
  })

  app.post(
    '/activity/summary',
    empty("The home's reward badges and prompts in one call", R.rewardsSummary),
    async (request) =>
      ok(await rewardsSummary(ctx, request.playerId, (playerId, now) => app.payments.deposits.offerFor(playerId, now))),
  )

  app.post(
    '/activity/promptShown',
    { schema: { summary: 'A one-time prompt was shown', body: promptShownRequest, response: replies(z.null()) } },
    async (request) => {
      await markPromptShown(ctx, request.playerId, request.body.prompt)
      return ok(null)
    },
  )

  app.post(
    '/activity/openNewPlayerGift',
    empty('Open the new-player gift (credited as bonus)', rewardCredit),
    async (request) => ok(await openGift(ctx, request.playerId)),
  )

  app.post('/activity/getSignInfo', empty('The 7-day sign-in calendar', R.signInfo), async (request) =>
    ok(await signInfo(ctx, request.playerId)),
  )
  app.post(
    '/activity/drawSignReward',
    empty("Sign in today and take the day's reward", R.signReward),
    async (request) => ok(await drawSignReward(ctx, request.playerId)),
  )
  app.post('/activity/drawDownloadReward', empty('The reward for installing the app', rewardCredit), async (request) =>
    ok(await drawDownloadReward(ctx, request.playerId)),
  )

  app.post('/activity/wheel/info', empty('The free wheel: prizes, odds, next spin', R.wheelInfo), async (request) =>
    ok(await wheelInfo(ctx, request.playerId)),
  )
  const spinSchema = {
    summary: 'Spin the free wheel (the server draws the prize; idempotent by requestId)',
    body: wheelSpinRequest,
    response: replies(R.wheelSpin),
  }
  const spinOptions = {
    preValidation: legacyWheelSpin(ctx),
    schema: spinSchema,
    config: { legacyBody: z.strictObject({}).meta({ description: 'The legacy client: no requestId (derived).' }) },
  }
  app.post('/activity/wheel/spin', spinOptions, async (request) =>
    ok(await spinWheel(ctx, request.playerId, request.body.requestId)),
  )

  const taskListSchema = {
    summary: "The player's play tasks and their progress",
    body: taskListRequest,
    response: replies(R.taskProcess.extend({ taskItemList: z.array(legacyTaskItem) })),
  }
  app.post('/v1/bus/getTaskProcess', { schema: taskListSchema }, async (request) =>
    ok(withLegacyTaskItems(await taskProcess(ctx, request.playerId, request.body.configKey))),
  )
  const legacyNoTask = z
    .strictObject({})
    .meta({ description: 'The legacy client: no taskId (the task its screen shows).' })
  app.post(
    '/v1/bus/taskOne',
    {
      preValidation: legacyTaskPick(ctx, 'shown'),
      schema: { summary: 'One play task', body: taskRequest, response: replies(legacyTaskView) },
      config: { legacyBody: legacyNoTask },
    },
    async (request) => ok(withLegacyTaskFields(await taskOne(ctx, request.playerId, request.body.taskId))),
  )
  app.post(
    '/v1/bus/taskOneGot',
    {
      preValidation: legacyTaskPick(ctx, 'claimable'),
      schema: {
        summary: "Claim a done task's reward",
        body: taskRequest,
        response: replies(rewardCredit.extend({ task: legacyTaskView })),
      },
      config: { legacyBody: legacyNoTask },
    },
    async (request) => {
      const claimed = await claimTask(ctx, request.playerId, request.body.taskId)
      return ok({ ...claimed, task: withLegacyTaskFields(claimed.task) })
    },
  )
  app.post('/v1/bus/notifyShowTaskFlagSuccess', empty("The tasks' badge was shown", z.null()), async (request) => {
    await notifyTaskFlagShown(ctx, request.playerId)
    return ok(null)
  })

  app.post(
    '/v1/bus/getUserShareUrlAndExtensionCode',
    empty("The player's invite code and share link", R.shareInfo),
    async (request) => ok(await shareInfo(ctx, request.playerId)),
  )
  app.post(
    '/v1/bus/statInviteInfo',
    empty("The player's invites: sign-ups, qualified, rewards", R.inviteStats.extend({ result: legacyInviteResult })),
    async (request) => ok(withLegacyInviteResult(await inviteStats(ctx, request.playerId))),
  )
  const claimSchema = {
    summary: 'Claim the invite rewards earned (idempotent by requestId)',
    body: inviteClaimRequest,
    response: replies(rewardCredit.extend({ replayed: z.boolean() })),
  }
  const claimOptions = {
    preValidation: legacyInviteClaim(ctx),
    schema: claimSchema,
    config: {
      legacyBody: z
        .strictObject({ receiveAmount: z.number().optional() })
        .meta({ description: 'The legacy client: no requestId (derived); `receiveAmount` is ignored.' }),
    },
  }
  app.post('/v1/bus/receiveInviteRewards', claimOptions, async (request) =>
    ok(await claimInviteRewards(ctx, request.playerId, request.body.requestId)),
  )

  // The legacy client-chosen prize (its "lottery"): the server decides every outcome,
  // so whatever the body says, nothing is credited — an honest refusal, never a 404.
  app.post(
    '/charge/receiveGold',
    {
      schema: {
        summary: 'The legacy client-chosen prize: always refused (prize_not_from_client)',
        body: legacyPrizeClaim,
        response: replies(z.null()),
      },
    },
    async () => {
      throw new Refusal('prize_not_from_client')
    },
  )
}
