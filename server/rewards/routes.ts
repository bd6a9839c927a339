// The reward calls: promotions with their terms, a summary for the home, the gift,
// sign-in, download reward, wheel, tasks, invites and one-time prompts. Every credit is decided
// here on the server; no request carries an amount. Each route names the legacy client's path for it
// (legacy-shapes.ts), registered beside it.
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
import { rewardLegacyPaths } from './legacy-shapes.ts'
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
  const legacy = rewardLegacyPaths(ctx)
  const empty = (summary: string, data: z.ZodType, legacyPath: (typeof legacy)[keyof typeof legacy]) => ({
    schema: { summary, body: emptyRequest, response: replies(data) },
    config: { legacyPath },
  })

  app.post(
    '/v1/rewards/promotions',
    empty('The active promotions with their terms', R.promotionsView, legacy.promotions),
    async (request) => {
      const exclusion = await activeSelfExclusion(db, request.playerId, clock.now())
      return ok<PromotionsView>({
        enabled: config.promotions.enabled,
        selfExcluded: exclusion !== null,
        blockedUntil: exclusion?.until ?? null,
        promotions: exclusion ? [] : promotionTerms(config),
      })
    },
  )

  app.post(
    '/v1/rewards/summary',
    empty("The home's reward badges and prompts in one call", R.rewardsSummary, legacy.summary),
    async (request) =>
      ok(await rewardsSummary(ctx, request.playerId, (playerId, now) => app.payments.deposits.offerFor(playerId, now))),
  )

  app.post(
    '/v1/rewards/promptShown',
    {
      schema: { summary: 'A one-time prompt was shown', body: promptShownRequest, response: replies(z.null()) },
      config: { legacyPath: legacy.promptShown },
    },
    async (request) => {
      await markPromptShown(ctx, request.playerId, request.body.prompt)
      return ok(null)
    },
  )

  app.post(
    '/v1/rewards/gift/open',
    empty('Open the new-player gift (credited as bonus)', rewardCredit, legacy.gift),
    async (request) => ok(await openGift(ctx, request.playerId)),
  )

  app.post('/v1/rewards/signIn', empty('The 7-day sign-in calendar', R.signInfo, legacy.signIn), async (request) =>
    ok(await signInfo(ctx, request.playerId)),
  )
  app.post(
    '/v1/rewards/signIn/claim',
    empty("Sign in today and take the day's reward", R.signReward, legacy.signInClaim),
    async (request) => ok(await drawSignReward(ctx, request.playerId)),
  )
  app.post(
    '/v1/rewards/downloadReward/claim',
    empty('The reward for installing the app', rewardCredit, legacy.downloadReward),
    async (request) => ok(await drawDownloadReward(ctx, request.playerId)),
  )

  app.post(
    '/v1/rewards/wheel',
    empty('The free wheel: prizes, odds, next spin', R.wheelInfo, legacy.wheel),
    async (request) => ok(await wheelInfo(ctx, request.playerId)),
  )
  const spinSchema = {
    summary: 'Spin the free wheel (the server draws the prize; idempotent by requestId)',
    body: wheelSpinRequest,
    response: replies(R.wheelSpin),
  }
  app.post(
    '/v1/rewards/wheel/spin',
    { schema: spinSchema, config: { legacyPath: legacy.wheelSpin } },
    async (request) => ok(await spinWheel(ctx, request.playerId, request.body.requestId)),
  )

  const taskListSchema = {
    summary: "The player's play tasks and their progress",
    body: taskListRequest,
    response: replies(R.taskProcess),
  }
  app.post('/v1/rewards/tasks', { schema: taskListSchema, config: { legacyPath: legacy.tasks } }, async (request) =>
    ok(await taskProcess(ctx, request.playerId, request.body.configKey)),
  )
  app.post(
    '/v1/rewards/tasks/one',
    {
      schema: { summary: 'One play task', body: taskRequest, response: replies(R.taskView) },
      config: { legacyPath: legacy.task },
    },
    async (request) => ok(await taskOne(ctx, request.playerId, request.body.taskId)),
  )
  app.post(
    '/v1/rewards/tasks/claim',
    {
      schema: {
        summary: "Claim a done task's reward",
        body: taskRequest,
        response: replies(rewardCredit.extend({ task: R.taskView })),
      },
      config: { legacyPath: legacy.taskClaim },
    },
    async (request) => ok(await claimTask(ctx, request.playerId, request.body.taskId)),
  )
  app.post(
    '/v1/rewards/tasks/badgeShown',
    empty("The tasks' badge was shown", z.null(), legacy.taskBadgeShown),
    async (request) => {
      await notifyTaskFlagShown(ctx, request.playerId)
      return ok(null)
    },
  )

  app.post(
    '/v1/rewards/invites/link',
    empty("The player's invite code and share link", R.shareInfo, legacy.inviteLink),
    async (request) => ok(await shareInfo(ctx, request.playerId)),
  )
  app.post(
    '/v1/rewards/invites',
    empty("The player's invites: sign-ups, qualified, rewards", R.inviteStats, legacy.invites),
    async (request) => ok(await inviteStats(ctx, request.playerId)),
  )
  const claimSchema = {
    summary: 'Claim the invite rewards earned (idempotent by requestId)',
    body: inviteClaimRequest,
    response: replies(rewardCredit.extend({ replayed: z.boolean() })),
  }
  const claimOptions = { schema: claimSchema, config: { legacyPath: legacy.inviteClaim } }
  app.post('/v1/rewards/invites/claim', claimOptions, async (request) =>
    ok(await claimInviteRewards(ctx, request.playerId, request.body.requestId)),
  )

  // The legacy client-chosen prize (its "lottery"): the server decides every outcome,
  // so whatever the body says, nothing is credited — an honest refusal, never a 404.
  app.post(
    '/charge/receiveGold',
    {
      schema: {
        summary: 'The legacy client-chosen prize: always refused (prize_not_from_client)',
        deprecated: true,
        body: legacyPrizeClaim,
        response: replies(z.null()),
      },
    },
    async () => {
      throw new Refusal('prize_not_from_client')
    },
  )
}
