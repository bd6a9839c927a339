// The legacy client's paths and request shapes for the reward calls, translated into the project's,
// and the legacy client's fields added to the answers. The one place in this module that knows them;
// each project route names its legacy path here (`config.legacyPath`).
//   wheel/spin without `requestId`: derived from the player's latest spin — the server decides the
//     prize and enforces the wait, so a repeat either replays the same spin or waits.
//   receiveInviteRewards without `requestId`: derived from what was received so far — a claim takes
//     the earned rows, so a repeat replays or finds nothing to claim.
//   receiveInviteRewards `receiveAmount` (the amount the legacy client's screen shows) → dropped: the server
//     pays what was earned, whatever the client names.
//   taskOne / taskOneGot without `taskId`: the task the legacy client's screen shows — for taskOneGot the
//     first claimable one, else (and for taskOne) the first not yet claimed, else the first.
//   `/charge/receiveGold` (the legacy client-chosen prize): never credited (`prize_not_from_client`).
//   statInviteInfo's `data.result`: the legacy client's invite names (`todayInviteNum`,
//     `todayInviteAllMoney`, `totalInviteNum`, `totalInviteAllMoney`, `inviteRewardReceiveAmount`,
//     `inviteRewardAmount`, `inviteConfigAmount`). Its money is what the qualified invites earned (the
//     per-invite amount times their count, at the amount each was earned at); the amount to receive is
//     what a claim pays now. The names an earlier edge answered stay beside them.
import { z } from 'zod'
import { coverUrl } from '../../contract/games/art.ts'
import {
  type InviteStats,
  inviteStats as inviteStatsSchema,
  rewardCredit,
  type TaskProcess,
  type TaskView,
  taskProcess as taskProcessSchema,
  taskView,
} from '../../contract/rewards.ts'
import { taskConfigKeys } from '../../contract/tasks.ts'
import { type Ok, replies } from '../http/envelope.ts'
import { derivedRequestId, type LegacyPath, translateBody } from '../http/legacy-shapes.ts'
import { inviteStats } from './invites.ts'
import type { RewardsContext } from './promotions.ts'
import { taskProcess } from './tasks.ts'
import { lastSpinId } from './wheel.ts'

function legacyWheelSpin(ctx: RewardsContext) {
  return translateBody(async (body, request) =>
    body.requestId !== undefined
      ? body
      : { ...body, requestId: derivedRequestId('wheel', request.playerId, await lastSpinId(ctx, request.playerId)) },
  )
}

function legacyInviteClaim(ctx: RewardsContext) {
  return translateBody(async (input, request) => {
    const { receiveAmount: _receiveAmount, ...body } = input
    if (body.requestId !== undefined) return body
    const stats = await inviteStats(ctx, request.playerId)
    return { ...body, requestId: derivedRequestId('invite', request.playerId, stats.received, stats.claimable) }
  })
}

/** Which task a legacy call without `taskId` means (see the header). */
function legacyTaskPick(ctx: RewardsContext, want: 'shown' | 'claimable') {
  return translateBody(async (body, request) => {
    if (body.taskId !== undefined) return body
    const { tasks } = await taskProcess(ctx, request.playerId)
    const claimable = want === 'claimable' ? tasks.find((task) => task.gotFlag === 1) : undefined
    const picked = claimable ?? tasks.find((task) => task.gotFlag !== 2) ?? tasks[0]
    return picked ? { ...body, taskId: picked.taskId } : body
  })
}

const legacyTaskView = taskView.extend({
  id: z.string().meta({ description: '`taskId` under the legacy name.' }),
  currentProcess: z.number().int().meta({ description: '`progress` under the legacy name.' }),
  maxProcess: z.number().int().meta({ description: '`target` under the legacy name.' }),
  taskType: z.number().int().meta({ description: 'The task group: 1 daily, 2 newcomer.' }),
  flag: z.union([z.literal(0), z.literal(1), z.literal(2)]).meta({ description: '`gotFlag` under the legacy name.' }),
})

/** A task with the legacy client's names beside the project's. */
function withLegacyTaskFields(task: TaskView) {
  return {
    ...task,
    id: task.taskId,
    currentProcess: task.progress,
    maxProcess: task.target,
    taskType: taskConfigKeys.indexOf(task.configKey) + 1,
    flag: task.gotFlag,
  }
}

const legacyTaskItem = legacyTaskView.extend({ iconUrl: z.string() })
const money = z.number().int()
const legacyInviteResult = z
  .object({
    todayInviteNum: z.number().int().meta({ description: "Today's sign-ups with the player's code." }),
    todayInviteAllMoney: money.meta({ description: "What today's qualified invites earned." }),
    totalInviteNum: z.number().int().meta({ description: "All sign-ups with the player's code." }),
    totalInviteAllMoney: money.meta({ description: 'What all qualified invites earned.' }),
    inviteRewardReceiveAmount: money.meta({ description: 'What a claim receives now (earned, not yet claimed).' }),
    inviteRewardAmount: money.meta({ description: 'All invite rewards earned, claimed or not.' }),
    inviteConfigAmount: money.meta({ description: 'The reward for one qualified invite.' }),
    todayValidInviteNum: z.number().int().meta({ description: '`todayValidNum` under the legacy name.' }),
    todayInviteRewards: money.meta({ description: '`todayRewardAmount` under the legacy name.' }),
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
function withLegacyTaskItems(process: TaskProcess) {
  return {
    ...process,
    taskItemList: process.tasks.map((task) => ({ ...withLegacyTaskFields(task), iconUrl: coverUrl(task.gameId) })),
  }
}

/** The invite figures with the legacy client's `data.result`. */
function withLegacyInviteResult(stats: InviteStats) {
  return {
    ...stats,
    result: {
      todayInviteNum: stats.today.signUps,
      todayInviteAllMoney: stats.today.rewards,
      totalInviteNum: stats.total.signUps,
      totalInviteAllMoney: stats.total.rewards,
      inviteRewardReceiveAmount: stats.claimable,
      inviteRewardAmount: stats.total.rewards,
      inviteConfigAmount: stats.rewardPerInvite,
      todayValidInviteNum: stats.today.qualified,
      todayInviteRewards: stats.today.rewards,
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

const legacyNoTask = z
  .strictObject({})
  .meta({ description: 'The legacy client: no taskId (the task its screen shows).' })

/** The reward routes' legacy paths, by the project route they alias (see legacyAlias). */
export function rewardLegacyPaths(ctx: RewardsContext) {
  return {
    promotions: { path: '/activity/list' },
    summary: { path: '/activity/summary' },
    promptShown: { path: '/activity/promptShown' },
    gift: { path: '/activity/openNewPlayerGift' },
    signIn: { path: '/activity/getSignInfo' },
    signInClaim: { path: '/activity/drawSignReward' },
    downloadReward: { path: '/activity/drawDownloadReward' },
    wheel: { path: '/activity/wheel/info' },
    wheelSpin: {
      path: '/activity/wheel/spin',
      translate: legacyWheelSpin(ctx),
      body: z.strictObject({}).meta({ description: 'The legacy client: no requestId (derived).' }),
    },
    tasks: {
      path: '/v1/bus/getTaskProcess',
      answer: (reply: Ok<TaskProcess>) => ({ ...reply, data: withLegacyTaskItems(reply.data) }),
      response: replies(taskProcessSchema.extend({ taskItemList: z.array(legacyTaskItem) })),
    },
    task: {
      path: '/v1/bus/taskOne',
      translate: legacyTaskPick(ctx, 'shown'),
      body: legacyNoTask,
      answer: (reply: Ok<TaskView>) => ({ ...reply, data: withLegacyTaskFields(reply.data) }),
      response: replies(legacyTaskView),
    },
    taskClaim: {
      path: '/v1/bus/taskOneGot',
      translate: legacyTaskPick(ctx, 'claimable'),
      body: legacyNoTask,
      answer: (reply: Ok<{ task: TaskView }>) => ({
        ...reply,
        data: { ...reply.data, task: withLegacyTaskFields(reply.data.task) },
      }),
      response: replies(rewardCredit.extend({ task: legacyTaskView })),
    },
    taskBadgeShown: { path: '/v1/bus/notifyShowTaskFlagSuccess' },
    inviteLink: { path: '/v1/bus/getUserShareUrlAndExtensionCode' },
    invites: {
      path: '/v1/bus/statInviteInfo',
      answer: (reply: Ok<InviteStats>) => ({ ...reply, data: withLegacyInviteResult(reply.data) }),
      response: replies(inviteStatsSchema.extend({ result: legacyInviteResult })),
    },
    inviteClaim: {
      path: '/v1/bus/receiveInviteRewards',
      translate: legacyInviteClaim(ctx),
      body: z
        .strictObject({ receiveAmount: z.number().optional() })
        .meta({ description: 'The legacy client: no requestId (derived); `receiveAmount` is ignored.' }),
    },
  } satisfies Record<string, LegacyPath>
}
