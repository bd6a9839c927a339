// The deposit feature's calls: amount choices with the offer and limits, whether name
// and CPF are on file, creating a PIX order and reading one back, and the PIX returned to payers.
import type {
  createDepositOrderRequest,
  DepositAmounts,
  DepositOrder,
  DepositRefundsPage,
  depositOrderRequest,
  refundListRequest,
} from '../../../contract/deposits.ts'
import type { RequestBody } from '../../../contract/request.ts'
import type { AccountDetails } from '../../../contract/verification.ts'
import { call } from '../../lib/api.ts'

export const getDepositAmounts = () => call<DepositAmounts>('/v1/deposits/amounts')

export const getAccountDetails = () => call<AccountDetails>('/v1/account/details')

export const createDeposit = (input: RequestBody<typeof createDepositOrderRequest>) =>
  call<DepositOrder>('/v1/deposits/create', input)

export const getDeposit = (input: RequestBody<typeof depositOrderRequest>) =>
  call<DepositOrder>('/v1/deposits/order', input)

export const getRefunds = (input: RequestBody<typeof refundListRequest>) =>
  call<DepositRefundsPage>('/v1/deposits/refunds', input)
