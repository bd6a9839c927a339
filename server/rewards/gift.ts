// One-time rewards: the new-player gift (the red envelope: once per account) and the
// download reward (once, when the app runs installed and reported its accepted install). "Once per CPF" follows from one account
// per CPF: of several accounts that opened a gift, only one can ever be verified with a CPF,
// and only a verified account can withdraw.
import type { RewardCredit } from '../../contract/rewards.ts'
import { installAccepted } from '../accounts/players.ts'
import { Refusal } from '../refusal.ts'
import { claimExists, creditReward, type RewardsContext, requirePromotion } from './promotions.ts'

const giftKey = (playerId: number) => `gift:${playerId}`
const downloadKey = (playerId: number) => `download:${playerId}`

export async function giftAvailable(ctx: RewardsContext, playerId: number): Promise<boolean> {
  return !(await claimExists(ctx.db, giftKey(playerId)))
}

export function openGift(ctx: RewardsContext, playerId: number): Promise<RewardCredit> {
  return ctx.ledger.transact(async (tx) => {
    await requirePromotion(tx.trx, ctx.config, 'gift', playerId, tx.now)
    return creditReward(tx, ctx.config, {
      id: giftKey(playerId),
      playerId,
      kind: 'new_player_gift',
      amount: ctx.config.promotions.giftAmount,
    })
  })
}

export function downloadClaimed(ctx: RewardsContext, playerId: number): Promise<boolean> {
  return claimExists(ctx.db, downloadKey(playerId))
}

export function drawDownloadReward(ctx: RewardsContext, playerId: number): Promise<RewardCredit> {
  return ctx.ledger.transact(async (tx) => {
    await requirePromotion(tx.trx, ctx.config, 'download', playerId, tx.now)
    // The reward is for installing: only an app that reported an accepted install prompt
    // (/user/installAccepted) receives it, not any client that calls.
    if (!(await installAccepted(tx.trx, playerId))) throw new Refusal('install_not_reported')
    return creditReward(tx, ctx.config, {
      id: downloadKey(playerId),
      playerId,
      kind: 'download_reward',
      amount: ctx.config.promotions.downloadReward,
    })
  })
}
