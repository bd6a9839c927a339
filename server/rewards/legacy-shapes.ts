// The legacy client's request shapes for the reward calls, translated into the project's (issue
// 21), and the legacy client's fields added to the answers. The one place in this module that knows them.
//   wheel/spin without `requestId`: derived from the player's latest spin — the server decides the
//     prize and enforces the wait, so a repeat either replays the same spin or waits.
//   receiveInviteRewards without `requestId`: derived from what was received so far — a claim takes
//     the earned rows, so a repeat replays or finds nothing to claim.
//   receiveInviteRewards `receiveAmount` (the amount the legacy client's screen shows) → dropped: the server
//     pays what was earned, whatever the client names.
//   taskOne / taskOneGot without `taskId`: the task the legacy client's screen shows — for taskOneGot the
//     first claimable one, else (and for taskOne) the first not yet claimed, else the first.
//   `/charge/receiveGold` (the legacy client-chosen prize): never credited (`prize_not_from_client`).
import { z } from 'zod'
import { coverUrl } from '../../contract/games/art.ts'
import { type InviteStats, type TaskProcess, type TaskView, taskView } from '../../contract/rewards.ts'
import { taskConfigKeys } from '../../contract/tasks.ts'
import { derivedRequestId, translateBody } from '../http/legacy-shapes.ts'
import { inviteStats } from './invites.ts'
import type { RewardsContext } from './promotions.ts'
import { taskProcess } from './tasks.ts'
import { lastSpinId } from './wheel.ts'

export function legacyWheelSpin(ctx: RewardsContext) {
  return translateBody(async (body, request) =>
    body.requestId !== undefined
      ? body
      : { ...body, requestId: derivedRequestId('wheel', request.playerId, await lastSpinId(ctx, request.playerId)) },
  )
}

export function legacyInviteClaim(ctx: RewardsContext) {
  return translateBody(async (input, request) => {
    const { receiveAmount: _receiveAmount, ...body } = input
    if (body.requestId !== undefined) return body
    const stats = await inviteStats(ctx, request.playerId)
    return { ...body, requestId: derivedRequestId('invite', request.playerId, stats.received, stats.claimable) }
  })
}

/** Which task a legacy call without `taskId` means (see the header). */
export function legacyTaskPick(ctx: RewardsContext, want: 'shown' | 'claimable') {
  return translateBody(async (body, request) => {
    if (body.taskId !== undefined) return body
    const { tasks } = await taskProcess(ctx, request.playerId)
    const claimable = want === 'claimable' ? tasks.find((task) => task.gotFlag === 1) : undefined
    const picked = claimable ?? tasks.find((task) => task.gotFlag !== 2) ?? tasks[0]
    return picked ? { ...body, taskId: picked.taskId } : body
  })
}

export const legacyTaskView = taskView.extend({
  id: z.string().meta({ description: '`taskId` under the legacy name.' }),
  currentProcess: z.number().int().meta({ description: '`progress` under the legacy name.' }),
  maxProcess: z.number().int().meta({ description: '`target` under the legacy name.' }),
  taskType: z.number().int().meta({ description: 'The task group: 1 daily, 2 newcomer.' }),
  flag: z.union([z.literal(0), z.literal(1), z.literal(2)]).meta({ description: '`gotFlag` under the legacy name.' }),
})

/** A task with the legacy client's names beside the project's. */
export function withLegacyTaskFields(task: TaskView) {
  return {
    ...task,
    id: task.taskId,
    currentProcess: task.progress,
    maxProcess: task.target,
    taskType: taskConfigKeys.indexOf(task.configKey) + 1,
    flag: task.gotFlag,
  }
}

export const legacyTaskItem = legacyTaskView.extend({ iconUrl: z.string() })
const money = z.number().int()
export const legacyInviteResult = z
  .object({
    todayInviteNum: z.number().int(),
    todayValidInviteNum: z.number().int().meta({ description: '`todayValidNum` under the legacy name.' }),
    todayInviteRewards: money.meta({ description: '`todayRewardAmount` under the legacy name.' }),
    totalInviteNum: z.number().int().meta({ description: '`inviteNum` under the legacy name.' }),
    totalValidInviteNum: z.number().int().meta({ description: '`validNum` under the legacy name.' }),
    totalInviteRewards: money.meta({ description: '`rewardAmount` under the legacy name.' }),
    canReceiveRewards: money.meta({ description: '`canReceiveAmount` under the legacy name.' }),
    todayValidNum: z.number().int(),
    todayRewardAmount: money,
    inviteNum: z.number().int(),
    validNum: z.number().int(),
    rewardAmount: money,
    canReceiveAmount: money,
    receivedAmount: money,
    rewardPerInvite: money,
  })
  .meta({ description: "The same figures under the legacy client's names." })

/** The task list with the legacy client's `taskItemList` (each with its game's icon). */
export function withLegacyTaskItems(process: TaskProcess) {
  return {
    ...process,
    taskItemList: process.tasks.map((task) => ({ ...withLegacyTaskFields(task), iconUrl: coverUrl(task.gameId) })),
  }
}

/** The invite figures with the legacy client's `data.result`. */
export function withLegacyInviteResult(stats: InviteStats) {
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
