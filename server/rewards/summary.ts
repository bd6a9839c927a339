// What the home badges and prompts: which rewards are available now (and whether the player is
// verified and has the registration limits set, without which none is credited), and the one-time
// prompts — the newcomer's first game (once) and the first-deposit offer (once a day, São Paulo
// days) — remembered in player_notices once shown.
import type { FirstDepositOffer } from '../../contract/deposits.ts'
import { marketPromotionBans } from '../../contract/market-rules.ts'
import type { PromotionKey } from '../../contract/promotion-keys.ts'
import type { PromptKey, RewardsSummary } from '../../contract/rewards.ts'
import { accountHeld } from '../accounts/account-holds.ts'
import { activeSelfExclusion, mandatoryLimitsSet } from '../accounts/limits.ts'
import { verifiedIdentity } from '../accounts/verification.ts'
import { promotionOn } from '../config.ts'
import { hasPlayed } from '../games/round-history.ts'
import { localDate } from '../lib/periods.ts'
import { downloadClaimed, giftAvailable } from './gift.ts'
import { inviteClaimable } from './invites.ts'
import type { RewardsContext } from './promotions.ts'
import { signInfo } from './sign-in.ts'
import { taskProcess } from './tasks.ts'
import { wheelInfo } from './wheel.ts'

/** A prompt shown once (newcomer game) or once a day (first-deposit offer). */
function promptKey(ctx: RewardsContext, prompt: PromptKey, now: number): string {
  return prompt === 'first_deposit'
    ? `prompt:first_deposit:${localDate(now, ctx.config.market.timeZone)}`
    : `prompt:${prompt}`
}

async function promptSeen(ctx: RewardsContext, playerId: number, key: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('player_notices')
    .select('key')
    .where('player_id', '=', playerId)
    .where('key', '=', key)
    .executeTakeFirst()
  return row !== undefined
}

export async function markPromptShown(ctx: RewardsContext, playerId: number, prompt: PromptKey): Promise<void> {
  const now = ctx.now()
  await ctx.db
    .insertInto('player_notices')
    .values({ player_id: playerId, key: promptKey(ctx, prompt, now), created_at: now })
    .onConflict((oc) => oc.columns(['player_id', 'key']).doNothing())
    .execute()
}

/** The first-deposit offer is the deposit module's to decide; the summary only shows it. */
export type OfferFor = (playerId: number, now: number) => Promise<FirstDepositOffer | null>

export async function rewardsSummary(
  ctx: RewardsContext,
  playerId: number,
  offerFor: OfferFor,
): Promise<RewardsSummary> {
  const { config, db } = ctx
  const now = ctx.now()
  const on = (key: PromotionKey) => promotionOn(config, key)
  const excluded = (await activeSelfExclusion(db, playerId, now)) !== null
  // A frozen account's rewards are refused at their gate: nothing invites to them meanwhile.
  const frozen = await accountHeld(db, playerId)
  const live = config.promotions.enabled && !excluded && !frozen
  const played = await hasPlayed(db, playerId)
  const tasks = live && on('tasks') ? await taskProcess(ctx, playerId) : null
  const offer = live ? await offerFor(playerId, now) : null
  return {
    enabled: live,
    blocked: !config.promotions.enabled
      ? 'promotions_off'
      : excluded
        ? 'self_excluded'
        : frozen
          ? 'account_frozen'
          : null,
    verified: (await verifiedIdentity(db, playerId)) !== null,
    limitsSet: await mandatoryLimitsSet(db, playerId, now),
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
    // So the screens say a forbidden reward is never offered here, not that it is off for now.
    forbidden: marketPromotionBans[config.market.country].map((ban) => ({ key: ban.key, rule: ban.rule })),
    prompts: {
      newcomerGame:
        !played && !excluded && !frozen && !(await promptSeen(ctx, playerId, promptKey(ctx, 'newcomer_game', now))),
      firstDeposit: offer && !(await promptSeen(ctx, playerId, promptKey(ctx, 'first_deposit', now))) ? offer : null,
    },
    serverTime: now,
  }
}
