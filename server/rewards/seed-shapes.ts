// The seed's request shapes for the reward calls, translated into the project's (issue
// 21), and the seed's fields added to the answers. The one place in this module that knows them.
//   wheel/spin without `requestId`: derived from the player's latest spin — the server decides the
//     prize and enforces the wait, so a repeat either replays the same spin or waits.
//   receiveInviteRewards without `requestId`: derived from what was received so far — a claim takes
//     the earned rows, so a repeat replays or finds nothing to claim.
//   `/charge/receiveGold` (the seed's client-chosen prize): never credited (`prize_not_from_client`).
import { z } from 'zod'
import { coverUrl } from '../../contract/games/art.ts'
import { type InviteStats, type TaskProcess, taskView } from '../../contract/rewards.ts'
import { derivedRequestId, translateBody } from '../http/seed-shapes.ts'
import { inviteStats } from './invites.ts'
import type { RewardsContext } from './promotions.ts'
import { lastSpinId } from './wheel.ts'

export function seedWheelSpin(ctx: RewardsContext) {
  return translateBody(async (body, request) =>
    body.requestId !== undefined
      ? body
      : { ...body, requestId: derivedRequestId('wheel', request.playerId, await lastSpinId(ctx, request.playerId)) },
  )
}

export function seedInviteClaim(ctx: RewardsContext) {
  return translateBody(async (body, request) => {
    if (body.requestId !== undefined) return body
    const stats = await inviteStats(ctx, request.playerId)
    return { ...body, requestId: derivedRequestId('invite', request.playerId, stats.received, stats.claimable) }
  })
}

export const seedTaskItem = taskView.extend({ iconUrl: z.string() })
const money = z.number().int()
export const seedInviteResult = z
  .object({
    todayInviteNum: z.number().int(),
    todayValidNum: z.number().int(),
    todayRewardAmount: money,
    inviteNum: z.number().int(),
    validNum: z.number().int(),
    rewardAmount: money,
    canReceiveAmount: money,
    receivedAmount: money,
    rewardPerInvite: money,
  })
  .meta({ description: "The same figures under the seed client's names." })

/** The task list with the seed's `taskItemList` (each with its game's icon). */
export function withSeedTaskItems(process: TaskProcess) {
  return {
    ...process,
    taskItemList: process.tasks.map((task) => ({ ...task, iconUrl: coverUrl(task.gameId) })),
  }
}

/** The invite figures with the seed's `data.result`. */
export function withSeedInviteResult(stats: InviteStats) {
  return {
    ...stats,
    result: {
      todayInviteNum: stats.today.signUps,
      todayValidNum: stats.today.qualified,
      todayRewardAmount: stats.today.rewards,
      inviteNum: stats.total.signUps,
      validNum: stats.total.qualified,
      rewardAmount: stats.total.rewards,
      canReceiveAmount: stats.claimable,
      receivedAmount: stats.received,
      rewardPerInvite: stats.rewardPerInvite,
    },
  }
}
