// The promotions switchboard: the master switch (Lei 14.790/2023 art. 29), each reward
// on or off, self-exclusion blocking every promotion, only verified adults with the registration
// limits set credited, the terms each promotion shows before it
// is accepted, and the one way a reward is credited: a claim row keyed so it happens once, and a
// bonus transfer with the stated wagering requirement.

import { type Kysely, sql } from 'kysely'
import { promotionBan } from '../../contract/market-rules.ts'
import type { PromotionKey } from '../../contract/promotion-keys.ts'
import type { PromotionTerms, RewardCredit } from '../../contract/rewards.ts'
import type { RewardKind } from '../../contract/transfers.ts'
import { refuseIfHeld } from '../accounts/account-holds.ts'
import { activeSelfExclusion, mandatoryLimitsSet } from '../accounts/limits.ts'
import { adultConfirmed } from '../accounts/players.ts'
import { verifiedIdentity } from '../accounts/verification.ts'
import { type Config, promotionOn } from '../config.ts'
import type { Database } from '../db/schema.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { grantBonus } from '../ledger/bonus.ts'
import type { Ledger } from '../ledger/ledger.ts'
import type { LedgerTx } from '../ledger/tx.ts'
import { Refusal } from '../refusal.ts'
import { refuseIfRegisterBlocked } from '../sigap/gate.ts'

export interface RewardsContext {
  db: Kysely<Database>
  ledger: Ledger
  config: Config
  now: () => number
}

/**
 * Refuses unless the promotion is on (`promotionOn`: the master switch, its own switch and the
 * market's rules), saying which of them is off.
 */
export function requireOffered(config: Config, key: PromotionKey): void {
  if (!config.promotions.enabled) throw new Refusal('promotions_off')
  // A reward the market's rules forbid is off whatever a setting says (Portaria SPA/MF
  // 1.231/2024 art. 42 § 1º in Brazil), and the refusal names the rule, not a switch.
  const ban = promotionBan(config.market.country, key)
  if (ban) throw new Refusal('promotion_forbidden', { promotion: key, rule: ban.rule })
  if (!promotionOn(config, key)) throw new Refusal('promotion_off')
}

/**
 * Refuses unless the promotion is on, the player confirmed 18+, is verified, set the registration
 * limits, and is not held nor on a self-exclusion break.
 */
export async function requirePromotion(
  db: Kysely<Database>,
  config: Config,
  key: PromotionKey,
  playerId: number,
  now: number,
): Promise<void> {
  requireOffered(config, key)
  await refuseIfRegisterBlocked(db, playerId)
  await refuseIfHeld(db, playerId)
  const exclusion = await activeSelfExclusion(db, playerId, now)
  if (exclusion) {
    throw new Refusal(
      'self_excluded',
      { until: exclusion.until },
      exclusion.until === null ? {} : { until: exclusion.until },
    )
  }
  // No promotion to anyone who has not confirmed being an adult (Lei 14.790/2023).
  if (!(await adultConfirmed(db, playerId))) throw new Refusal('age_not_confirmed')
  // Promotions credit only verified players (name, CPF and date of birth settled with the bureau).
  if (!(await verifiedIdentity(db, playerId))) throw new Refusal('reward_verification_required')
  // Nor before the registration's mandatory limits are set (Portaria SPA/MF 2.579/2025): a
  // player without them is restricted until they do, and bonus money is money to play with.
  if (!(await mandatoryLimitsSet(db, playerId, now))) throw new Refusal('registration_limits_required')
}

/** True once the claim with this key was credited. */
export async function claimExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('reward_claims').select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

export interface RewardClaim {
  /** The claim's key: one claim per key, ever (e.g. `gift:42`, `sign-in:42:2026-11-22`). */
  id: string
  playerId: number
  /** A bonus grant the kind table says rewards writes: so the finance report counts it. */
  kind: RewardKind
  amount: number
}

/**
 * Credits a reward once: the claim row's primary key decides a race (the loser's transaction is
 * retried by the ledger and then finds the claim), and the bonus carries the wagering requirement.
 */
export async function creditReward(tx: LedgerTx, config: Config, claim: RewardClaim): Promise<RewardCredit> {
  if (await claimExists(tx.trx, claim.id)) throw new Refusal('reward_claimed')
  await tx.trx
    .insertInto('reward_claims')
    .values({ id: claim.id, player_id: claim.playerId, kind: claim.kind, amount: claim.amount, created_at: tx.now })
    .execute()
  const wagering = config.promotions.wagering
  if (claim.amount > 0) {
    await grantBonus(tx, {
      id: `reward:${claim.id}`,
      playerId: claim.playerId,
      amount: claim.amount,
      wageringMultiplier: wagering,
      kind: claim.kind,
      reference: claim.id,
    })
  }
  return creditView(tx.trx, claim.playerId, claim.amount, wagering)
}

export async function creditView(
  db: Kysely<Database>,
  playerId: number,
  amount: number,
  wagering: number,
): Promise<RewardCredit> {
  const { total, cash, bonus } = await readPlayerBalances(db, playerId)
  return { amount, wageringAdded: Math.round(amount * wagering), balance: { total, cash, bonus } }
}

/** Each promotion that is on, with its amounts, wagering and expiry (none). */
export function promotionTerms(config: Config): PromotionTerms[] {
  const p = config.promotions
  const wageringMultiplier = p.wagering
  const totalWeight = p.wheel.prizes.reduce((sum, prize) => sum + prize.weight, 0)
  const all: PromotionTerms[] = [
    {
      key: 'first_deposit',
      amounts: [Math.round(p.firstDeposit.rate * p.firstDeposit.maxDeposit)],
      rate: p.firstDeposit.rate,
      maxDeposit: p.firstDeposit.maxDeposit,
      wageringMultiplier: p.firstDeposit.wagering,
      expiresAt: null,
    },
    { key: 'gift', amounts: [p.giftAmount], wageringMultiplier, expiresAt: null },
    {
      key: 'sign_in',
      amounts: p.signIn.daily,
      streakBonus: p.signIn.streakBonus,
      wageringMultiplier,
      expiresAt: null,
    },
    {
      key: 'wheel',
      amounts: p.wheel.prizes.map((prize) => prize.amount),
      probabilities: p.wheel.prizes.map((prize) => prize.weight / totalWeight),
      intervalSeconds: p.wheel.intervalSeconds,
      wageringMultiplier,
      expiresAt: null,
    },
    { key: 'tasks', amounts: [p.taskReward], wageringMultiplier, expiresAt: null },
    { key: 'invites', amounts: [p.inviteReward], wageringMultiplier, expiresAt: null },
    { key: 'download', amounts: [p.downloadReward], wageringMultiplier, expiresAt: null },
  ]
  return all.filter((terms) => promotionOn(config, terms.key))
}

/** Everything the player has received from rewards, in centavos. */
export async function claimedRewardTotal(db: Kysely<Database>, playerId: number): Promise<number> {
  const row = await db
    .selectFrom('reward_claims')
    .select(sql<number | string>`coalesce(sum(amount), 0)`.as('total'))
    .where('player_id', '=', playerId)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}
