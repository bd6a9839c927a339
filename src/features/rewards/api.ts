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

export const openNewPlayerGift = () => call<RewardCredit>('/activity/openNewPlayerGift')

export const getSignInfo = () => call<SignInfo>('/activity/getSignInfo')

export const signIn = () => call<SignReward>('/activity/drawSignReward')

export const getWheel = () => call<WheelInfo>('/activity/wheel/info')

export const spinWheel = (input: RequestBody<typeof wheelSpinRequest>) => call<WheelSpin>('/activity/wheel/spin', input)

export const getTasks = (input: RequestBody<typeof taskListRequest>) =>
  call<TaskProcess>('/v1/bus/getTaskProcess', input)

/** The player saw the "task done" flag; the server stops raising it. */
export const markTaskFlagSeen = () => call('/v1/bus/notifyShowTaskFlagSuccess')

export const claimTask = (input: RequestBody<typeof taskRequest>) => call<RewardCredit>('/v1/bus/taskOneGot', input)
