// Invites: each player has a share code; a new account opened with `?code=` is that
// player's invitee (attributed at first login). An invitee earns the inviter the invite reward
// when their first deposit is paid — which needs a verified CPF first — recorded in the deposit's
// own transaction. Self-invites and a CPF the inviter also holds never count. Everything the
// invite screen shows is counted from these records.
import { randomInt } from 'node:crypto'
import { sql } from 'kysely'
import type { InviteStats, RewardCredit, ShareInfo } from '../../contract/rewards.ts'
import { arrivedWithCode, signUpsWithCode } from '../accounts/players.ts'
import { verifiedIdentity } from '../accounts/verification.ts'
import { promotionOn } from '../config.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { createOnce } from '../idempotency.ts'
import type { LedgerTx } from '../ledger/tx.ts'
import { periodStart } from '../lib/periods.ts'
import { Refusal } from '../refusal.ts'
import { creditReward, creditView, type RewardsContext, requireOffered, requirePromotion } from './promotions.ts'

// No 0/O, 1/I/L: a code read aloud or typed from a screenshot stays unambiguous.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 8

function newCode(): string {
  let code = ''
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

export async function inviteCode(ctx: RewardsContext, playerId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await ctx.db
      .selectFrom('referral_codes')
      .select('code')
      .where('player_id', '=', playerId)
      .executeTakeFirst()
    if (existing) return existing.code
    try {
      await ctx.db
        .insertInto('referral_codes')
        .values({ player_id: playerId, code: newCode(), created_at: ctx.now() })
        .onConflict((oc) => oc.column('player_id').doNothing())
        .execute()
    } catch (error) {
      // Another player already holds this code; draw again.
      if (!isUniqueViolation(error)) throw error
    }
  }
  throw new Error('could not allocate an invite code')
}

/**
 * The invite screen's link and figures are an offer of the invite reward: refused while invites
 * are off, and always where the market's rules forbid them (a reward on another bettor's deposit,
 * Portaria SPA/MF 1.231/2024 art. 42 § 1º I in Brazil).
 */
export async function shareInfo(ctx: RewardsContext, playerId: number): Promise<ShareInfo> {
  requireOffered(ctx.config, 'invites')
  const code = await inviteCode(ctx, playerId)
  return { code, shareUrl: `${ctx.config.publicUrl}/?code=${code}` }
}

/**
 * Called in the transaction that credits a player's first paid deposit: records the invite
 * reward for their inviter when the invite counts.
 */
export async function recordInviteQualification(ctx: RewardsContext, tx: LedgerTx, inviteeId: number): Promise<void> {
  if (!promotionOn(ctx.config, 'invites')) return
  const code = await arrivedWithCode(tx.trx, inviteeId)
  if (!code) return
  const referral = await tx.trx
    .selectFrom('referral_codes')
    .select('player_id')
    .where('code', '=', code)
    .executeTakeFirst()
  if (!referral) return
  const inviterId = Number(referral.player_id)
  if (inviterId === inviteeId) return
  const [invitee, inviter] = await Promise.all([
    verifiedIdentity(tx.trx, inviteeId),
    verifiedIdentity(tx.trx, inviterId),
  ])
  // The same person (same CPF) cannot invite themselves through a second account.
  if (!invitee || invitee.cpf === inviter?.cpf) return
  const inserted = await tx.trx
    .insertInto('invite_rewards')
    .values({
      invitee_id: inviteeId,
      inviter_id: inviterId,
      amount: ctx.config.promotions.inviteReward,
      qualified_at: tx.now,
      claim_id: null,
    })
    .onConflict((oc) => oc.column('invitee_id').doNothing())
    .returning('invitee_id')
    .executeTakeFirst()
  if (inserted) tx.emit(inviterId, 'invite', { qualified: 1 })
}

export async function inviteStats(ctx: RewardsContext, playerId: number): Promise<InviteStats> {
  requireOffered(ctx.config, 'invites')
  const now = ctx.now()
  const dayStart = periodStart('day', now, ctx.config.market.timeZone)
  const code = await inviteCode(ctx, playerId)
  const signUps = await signUpsWithCode(ctx.db, code, playerId, dayStart)
  const rewards = await ctx.db
    .selectFrom('invite_rewards')
    .select([
      (eb) => eb.fn.countAll<number | string>().as('qualified'),
      sql<number | string>`coalesce(sum(amount), 0)`.as('earned'),
      sql<number | string>`coalesce(sum(case when qualified_at >= ${dayStart} then 1 else 0 end), 0)`.as(
        'qualifiedToday',
      ),
      sql<number | string>`coalesce(sum(case when qualified_at >= ${dayStart} then amount else 0 end), 0)`.as(
        'earnedToday',
      ),
      sql<number | string>`coalesce(sum(case when claim_id is null then amount else 0 end), 0)`.as('claimable'),
    ])
    .where('inviter_id', '=', playerId)
    .executeTakeFirstOrThrow()
  return {
    today: {
      signUps: signUps.since,
      qualified: Number(rewards.qualifiedToday),
      rewards: Number(rewards.earnedToday),
    },
    total: { signUps: signUps.total, qualified: Number(rewards.qualified), rewards: Number(rewards.earned) },
    claimable: Number(rewards.claimable),
    received: Number(rewards.earned) - Number(rewards.claimable),
    rewardPerInvite: ctx.config.promotions.inviteReward,
    wageringMultiplier: ctx.config.promotions.wagering,
  }
}

/** Invite rewards earned and not yet claimed. */
export async function inviteClaimable(ctx: RewardsContext, playerId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('invite_rewards')
    .select(sql<number | string>`coalesce(sum(amount), 0)`.as('claimable'))
    .where('inviter_id', '=', playerId)
    .where('claim_id', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.claimable)
}

export function claimInviteRewards(
  ctx: RewardsContext,
  playerId: number,
  requestId: string,
): Promise<RewardCredit & { replayed: boolean }> {
  const claimId = `invite:${playerId}:${requestId}`
  return ctx.ledger.transact(async (tx) => {
    await tx.lockPlayer(playerId)
    return createOnce<{ amount: number }, RewardCredit & { replayed: boolean }>({
      find: () => tx.trx.selectFrom('reward_claims').select('amount').where('id', '=', claimId).executeTakeFirst(),
      replay: async (previous) => ({
        ...(await creditView(tx.trx, playerId, Number(previous.amount), ctx.config.promotions.wagering)),
        replayed: true,
      }),
      create: async () => {
        await requirePromotion(tx.trx, ctx.config, 'invites', playerId, tx.now)
        // Under the player's lock, a concurrent claim sees these rows already taken.
        const taken = await tx.trx
          .updateTable('invite_rewards')
          .set({ claim_id: claimId })
          .where('inviter_id', '=', playerId)
          .where('claim_id', 'is', null)
          .returning('amount')
          .execute()
        const amount = taken.reduce((sum, row) => sum + Number(row.amount), 0)
        if (amount === 0) throw new Refusal('nothing_to_claim')
        const credit = await creditReward(tx, ctx.config, { id: claimId, playerId, kind: 'invite_reward', amount })
        return { ...credit, replayed: false }
      },
    })
  })
}
