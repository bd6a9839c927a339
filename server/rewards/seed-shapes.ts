// The seed's request shapes for the reward calls, translated into the project's (issue
// 21), and the seed's fields added to the answers. The one place in this module that knows them.
//   wheel/spin without `requestId`: derived from the player's latest spin — the server decides the
//     prize and enforces the wait, so a repeat either replays the same spin or waits.
//   receiveInviteRewards without `requestId`: derived from what was received so far — a claim takes
//     the earned rows, so a repeat replays or finds nothing to claim.
//   receiveInviteRewards `receiveAmount` (the amount the seed's screen shows) → dropped: the server
//     pays what was earned, whatever the client names.
//   taskOne / taskOneGot without `taskId`: the task the seed's screen shows — for taskOneGot the
//     first claimable one, else (and for taskOne) the first not yet claimed, else the first.
//   `/charge/receiveGold` (the seed's client-chosen prize): never credited (`prize_not_from_client`).
import { z } from 'zod'
import { coverUrl } from '../../contract/games/art.ts'
import { type InviteStats, type TaskProcess, type TaskView, taskView } from '../../contract/rewards.ts'
import { taskConfigKeys } from '../../contract/tasks.ts'
import { derivedRequestId, translateBody } from '../http/seed-shapes.ts'
import { inviteStats } from './invites.ts'
import type { RewardsContext } from './promotions.ts'
import { taskProcess } from './tasks.ts'
import { lastSpinId } from './wheel.ts'

export function seedWheelSpin(ctx: RewardsContext) {
  return translateBody(async (body, request) =>
    body.requestId !== undefined
      ? body
      : { ...body, requestId: derivedRequestId('wheel', request.playerId, await lastSpinId(ctx, request.playerId)) },
  )
}

export function seedInviteClaim(ctx: RewardsContext) {
  return translateBody(async (input, request) => {
    const { receiveAmount: _receiveAmount, ...body } = input
    if (body.requestId !== undefined) return body
    const stats = await inviteStats(ctx, request.playerId)
    return { ...body, requestId: derivedRequestId('invite', request.playerId, stats.received, stats.claimable) }
  })
}

/** Which task a seed call without `taskId` means (see the header). */
export function seedTaskPick(ctx: RewardsContext, want: 'shown' | 'claimable') {
  return translateBody(async (body, request) => {
    if (body.taskId !== undefined) return body
    const { tasks } = await taskProcess(ctx, request.playerId)
    const claimable = want === 'claimable' ? tasks.find((task) => task.gotFlag === 1) : undefined
    const picked = claimable ?? tasks.find((task) => task.gotFlag !== 2) ?? tasks[0]
    return picked ? { ...body, taskId: picked.taskId } : body
  })
}

export const seedTaskView = taskView.extend({
  id: z.string().meta({ description: '`taskId` under the seed name.' }),
  currentProcess: z.number().int().meta({ description: '`progress` under the seed name.' }),
  maxProcess: z.number().int().meta({ description: '`target` under the seed name.' }),
  taskType: z.number().int().meta({ description: 'The task group: 1 daily, 2 newcomer.' }),
  flag: z.union([z.literal(0), z.literal(1), z.literal(2)]).meta({ description: '`gotFlag` under the seed name.' }),
})

/** A task with the seed's names beside the project's. */
export function withSeedTaskFields(task: TaskView) {
  return {
    ...task,
    id: task.taskId,
    currentProcess: task.progress,
    maxProcess: task.target,
    taskType: taskConfigKeys.indexOf(task.configKey) + 1,
    flag: task.gotFlag,
  }
}

export const seedTaskItem = seedTaskView.extend({ iconUrl: z.string() })
const money = z.number().int()
export const seedInviteResult = z
  .object({
    todayInviteNum: z.number().int(),
    todayValidInviteNum: z.number().int().meta({ description: '`todayValidNum` under the seed name.' }),
    todayInviteRewards: money.meta({ description: '`todayRewardAmount` under the seed name.' }),
    totalInviteNum: z.number().int().meta({ description: '`inviteNum` under the seed name.' }),
    totalValidInviteNum: z.number().int().meta({ description: '`validNum` under the seed name.' }),
    totalInviteRewards: money.meta({ description: '`rewardAmount` under the seed name.' }),
    canReceiveRewards: money.meta({ description: '`canReceiveAmount` under the seed name.' }),
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
    taskItemList: process.tasks.map((task) => ({ ...withSeedTaskFields(task), iconUrl: coverUrl(task.gameId) })),
  }
}

/** The invite figures with the seed's `data.result`. */
export function withSeedInviteResult(stats: InviteStats) {
  return {
    ...stats,
    result: {
      todayInviteNum: stats.today.signUps,
      todayValidInviteNum: stats.today.qualified,
      todayInviteRewards: stats.today.rewards,
      totalInviteNum: stats.total.signUps,
      totalValidInviteNum: stats.total.qualified,
      totalInviteRewards: stats.total.rewards,
      canReceiveRewards: stats.claimable,
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
