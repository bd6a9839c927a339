// The withdraw feature's calls: the rules state and amount choices, creating an
// order, the tracker's steps, correcting the PIX key or cancelling, and the history.
import type { RequestBody } from '../../../contract/request.ts'
import type {
  createWithdrawOrderRequest,
  pageRequest,
  updateKeyRequest,
  WithdrawChannels,
  WithdrawInfo,
  WithdrawOrdersPage,
  WithdrawProcess,
  withdrawOrderRequest,
} from '../../../contract/withdrawals.ts'
import { call } from '../../lib/api.ts'

type OrderRef = RequestBody<typeof withdrawOrderRequest>

export const getWithdrawInfo = () => call<WithdrawInfo>('/v1/bus/withdrawInfo', { pageNum: 1, pageSize: 1 })

export const getWithdrawChannels = () => call<WithdrawChannels>('/withdraw/channel/list')

export const createWithdrawal = (input: RequestBody<typeof createWithdrawOrderRequest>) =>
  call<WithdrawProcess>('/withdraw/create/order', input)

export const getWithdrawal = (input: OrderRef) => call<WithdrawProcess>('/v1/bus/getWithdrawProcess', input)

export const cancelWithdrawal = (input: OrderRef) => call<WithdrawProcess>('/v1/bus/cancelWithdraw', input)

export const correctWithdrawalKey = (input: RequestBody<typeof updateKeyRequest>) =>
  call<WithdrawProcess>('/v1/bus/updateCpf', input)

export const getWithdrawals = (input: RequestBody<typeof pageRequest>) =>
  call<WithdrawOrdersPage>('/v1/bus/getAllWithdrawOrders', input)
