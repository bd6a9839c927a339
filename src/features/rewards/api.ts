// The reward dialogs' and task screens' calls: the new-player gift, the daily sign-in,
// the free wheel and the play tasks. No request carries an amount: the server decides each one.
import type { RequestBody } from '../../../contract/request.ts'
import type {
  RewardCredit,
  SignInfo,
  SignReward,
  TaskProcess,
  taskListRequest,
  taskRequest,
  WheelInfo,
  WheelSpin,
  wheelSpinRequest,
} from '../../../contract/rewards.ts'
import { call } from '../../lib/api.ts'

export const openNewPlayerGift = () => call<RewardCredit>('/v1/rewards/gift/open')

export const getSignInfo = () => call<SignInfo>('/v1/rewards/signIn')

export const signIn = () => call<SignReward>('/v1/rewards/signIn/claim')

export const getWheel = () => call<WheelInfo>('/v1/rewards/wheel')

export const spinWheel = (input: RequestBody<typeof wheelSpinRequest>) =>
  call<WheelSpin>('/v1/rewards/wheel/spin', input)

export const getTasks = (input: RequestBody<typeof taskListRequest>) => call<TaskProcess>('/v1/rewards/tasks', input)

/** The player saw the "task done" flag; the server stops raising it. */
export const markTaskFlagSeen = () => call('/v1/rewards/tasks/badgeShown')

export const claimTask = (input: RequestBody<typeof taskRequest>) =>
  call<RewardCredit>('/v1/rewards/tasks/claim', input)
