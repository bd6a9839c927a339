// One-time rewards (SPEC 7): the new-player gift (the red envelope: once per account, and once
// per CPF once the player is verified) and the download reward (once, when the app runs
// installed).
import type { RewardCredit } from '../../contract/rewards.ts'
import { Refusal } from '../http/envelope.ts'
import { creditReward, type RewardsContext, requirePromotion } from './promotions.ts'

type Db = RewardsContext['db']

const giftKey = (playerId: number) => `gift:${playerId}`
const downloadKey = (playerId: number) => `download:${playerId}`

/** True when this account — or another account with the same verified CPF — opened the gift. */
async function giftTaken(db: Db, playerId: number): Promise<boolean> {
  const own = await db.selectFrom('reward_claims').select('id').where('id', '=', giftKey(playerId)).executeTakeFirst()
  if (own) return true
  const sameCpf = await db
    .selectFrom('player_verifications as mine')
    .innerJoin('player_verifications as other', 'other.cpf', 'mine.cpf')
    .innerJoin('reward_claims as claim', 'claim.player_id', 'other.player_id')
    .select('claim.id')
    .where('mine.player_id', '=', playerId)
    .where('claim.kind', '=', 'new_player_gift')
    .executeTakeFirst()
  return sameCpf !== undefined
}

export async function giftAvailable(ctx: RewardsContext, playerId: number): Promise<boolean> {
  return !(await giftTaken(ctx.db, playerId))
}

export function openGift(ctx: RewardsContext, playerId: number): Promise<RewardCredit> {
  return ctx.ledger.transact(async (tx) => {
    await requirePromotion(tx.trx, ctx.config, 'gift', playerId, tx.now)
    if (await giftTaken(tx.trx, playerId)) throw new Refusal('reward_claimed')
    return creditReward(tx, ctx.config, {
      id: giftKey(playerId),
      playerId,
      kind: 'new_player_gift',
      amount: ctx.config.promotions.giftAmount,
    })
  })
}

export async function downloadClaimed(ctx: RewardsContext, playerId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('reward_claims')
    .select('id')
    .where('id', '=', downloadKey(playerId))
    .executeTakeFirst()
  return row !== undefined
}

export function drawDownloadReward(ctx: RewardsContext, playerId: number): Promise<RewardCredit> {
  return ctx.ledger.transact(async (tx) => {
    await requirePromotion(tx.trx, ctx.config, 'download', playerId, tx.now)
    return creditReward(tx, ctx.config, {
      id: downloadKey(playerId),
      playerId,
      kind: 'download_reward',
      amount: ctx.config.promotions.downloadReward,
    })
  })
}
