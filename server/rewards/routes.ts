// The reward calls (SPEC 7, 9): promotions with their terms, a summary for the home, the gift,
// sign-in, download reward, wheel, tasks, invites and one-time prompts. Every credit is decided
// here on the server; no request carries an amount.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  emptyRequest,
  inviteClaimRequest,
  type PromotionsView,
  promptShownRequest,
  type RewardsSummary,
  taskListRequest,
  taskRequest,
  wheelSpinRequest,
} from '../../contract/rewards.ts'
import { requirePlayer } from '../accounts/auth.ts'
import { activeSelfExclusion } from '../accounts/limits.ts'
import { localDate } from '../accounts/periods.ts'
import { promotionOn } from '../config.ts'
import { ok } from '../http/envelope.ts'
import { downloadClaimed, drawDownloadReward, giftAvailable, openGift } from './gift.ts'
import { claimInviteRewards, inviteClaimable, inviteStats, shareInfo } from './invites.ts'
import { promotionTerms, type RewardsContext } from './promotions.ts'
import { drawSignReward, signInfo } from './sign-in.ts'
import { claimTask, notifyTaskFlagShown, taskOne, taskProcess } from './tasks.ts'
import { spinWheel, wheelInfo } from './wheel.ts'

export const rewardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app
  const ctx: RewardsContext = { db, ledger: app.ledger, config, now: () => clock.now() }
  const empty = { schema: { body: emptyRequest }, preHandler: requirePlayer }
  const on = (key: Parameters<typeof promotionOn>[1]) => promotionOn(config, key)

  /** A prompt shown once (newcomer game) or once a day (first-deposit offer). */
  const promptKey = (prompt: 'newcomer_game' | 'first_deposit', now: number) =>
    prompt === 'first_deposit' ? `prompt:first_deposit:${localDate(now, config.market.timeZone)}` : `prompt:${prompt}`

  async function promptSeen(playerId: number, key: string): Promise<boolean> {
    const row = await db
      .selectFrom('player_notices')
      .select('key')
      .where('player_id', '=', playerId)
      .where('key', '=', key)
      .executeTakeFirst()
    return row !== undefined
  }

  app.post('/activity/list', empty, async (request) => {
    const exclusion = await activeSelfExclusion(db, request.playerId, clock.now())
    return ok<PromotionsView>({
      enabled: config.promotions.enabled,
      selfExcluded: exclusion !== null,
      blockedUntil: exclusion?.until ?? null,
      promotions: exclusion ? [] : promotionTerms(config),
    })
  })

  app.post('/activity/summary', empty, async (request) => {
    const { playerId } = request
    const now = clock.now()
    const excluded = (await activeSelfExclusion(db, playerId, now)) !== null
    const live = config.promotions.enabled && !excluded
    const played = await db.selectFrom('game_rounds').select('id').where('player_id', '=', playerId).executeTakeFirst()
    const tasks = live && on('tasks') ? await taskProcess(ctx, playerId) : null
    const offer = live ? await app.payments.deposits.offerFor(playerId, now) : null
    return ok<RewardsSummary>({
      enabled: live,
      blocked: !config.promotions.enabled ? 'promotions_off' : excluded ? 'self_excluded' : null,
      gift:
        live && on('gift')
          ? {
              available: await giftAvailable(ctx, playerId),
              amount: config.promotions.giftAmount,
              wageringMultiplier: config.promotions.wagering,
            }
          : null,
      signIn: live && on('sign_in') ? { signedToday: (await signInfo(ctx, playerId)).signedToday } : null,
      wheel: live && on('wheel') ? { nextSpinAt: (await wheelInfo(ctx, playerId)).nextSpinAt } : null,
      tasks: tasks
        ? { claimable: tasks.tasks.filter((task) => task.gotFlag === 1).length, showFlag: tasks.showFlag }
        : null,
      invites: live && on('invites') ? { claimable: await inviteClaimable(ctx, playerId) } : null,
      download:
        live && on('download')
          ? { claimed: await downloadClaimed(ctx, playerId), amount: config.promotions.downloadReward }
          : null,
      prompts: {
        newcomerGame: !played && !excluded && !(await promptSeen(playerId, promptKey('newcomer_game', now))),
        firstDeposit: offer && !(await promptSeen(playerId, promptKey('first_deposit', now))) ? offer : null,
      },
      serverTime: now,
    })
  })

  app.post(
    '/activity/promptShown',
    { schema: { body: promptShownRequest }, preHandler: requirePlayer },
    async (request) => {
      const now = clock.now()
      await db
        .insertInto('player_notices')
        .values({ player_id: request.playerId, key: promptKey(request.body.prompt, now), created_at: now })
        .onConflict((oc) => oc.columns(['player_id', 'key']).doNothing())
        .execute()
      return ok(null)
    },
  )

  app.post('/activity/openNewPlayerGift', empty, async (request) => ok(await openGift(ctx, request.playerId)))

  app.post('/activity/getSignInfo', empty, async (request) => ok(await signInfo(ctx, request.playerId)))
  app.post('/activity/drawSignReward', empty, async (request) => ok(await drawSignReward(ctx, request.playerId)))
  app.post('/activity/drawDownloadReward', empty, async (request) =>
    ok(await drawDownloadReward(ctx, request.playerId)),
  )

  app.post('/activity/wheel/info', empty, async (request) => ok(await wheelInfo(ctx, request.playerId)))
  app.post('/activity/wheel/spin', { schema: { body: wheelSpinRequest }, preHandler: requirePlayer }, async (request) =>
    ok(await spinWheel(ctx, request.playerId, request.body.requestId)),
  )

  app.post(
    '/v1/bus/getTaskProcess',
    { schema: { body: taskListRequest }, preHandler: requirePlayer },
    async (request) => ok(await taskProcess(ctx, request.playerId, request.body.configKey)),
  )
  app.post('/v1/bus/taskOne', { schema: { body: taskRequest }, preHandler: requirePlayer }, async (request) =>
    ok(await taskOne(ctx, request.playerId, request.body.taskId)),
  )
  app.post('/v1/bus/taskOneGot', { schema: { body: taskRequest }, preHandler: requirePlayer }, async (request) =>
    ok(await claimTask(ctx, request.playerId, request.body.taskId)),
  )
  app.post('/v1/bus/notifyShowTaskFlagSuccess', empty, async (request) => {
    await notifyTaskFlagShown(ctx, request.playerId)
    return ok(null)
  })

  app.post('/v1/bus/getUserShareUrlAndExtensionCode', empty, async (request) =>
    ok(await shareInfo(ctx, request.playerId)),
  )
  app.post('/v1/bus/statInviteInfo', empty, async (request) => ok(await inviteStats(ctx, request.playerId)))
  app.post(
    '/v1/bus/receiveInviteRewards',
    { schema: { body: inviteClaimRequest }, preHandler: requirePlayer },
    async (request) => ok(await claimInviteRewards(ctx, request.playerId, request.body.requestId)),
  )
}
