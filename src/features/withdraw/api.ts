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
  withdrawalByRequestRequest,
  withdrawOrderRequest,
} from '../../../contract/withdrawals.ts'
import { call } from '../../lib/api.ts'

type OrderRef = RequestBody<typeof withdrawOrderRequest>

/** Whether the player has a passkey to approve the withdrawal with (else the password is asked). */
export const hasPasskey = async () => (await call<{ passkeys: unknown[] }>('/v1/account/passkeys')).passkeys.length > 0

/** The challenge the player's passkey signs to approve this withdrawal. */
export const withdrawalPasskeyOptions = () =>
  call<{ options: Record<string, unknown> }>('/v1/account/passkeys/withdrawalOptions')

export const getWithdrawInfo = () => call<WithdrawInfo>('/v1/withdrawals/info', { pageNum: 1, pageSize: 1 })

export const getWithdrawChannels = () => call<WithdrawChannels>('/v1/withdrawals/options')

export const createWithdrawal = (
  input: Omit<RequestBody<typeof createWithdrawOrderRequest>, 'passkey'> & { passkey?: unknown },
) => call<WithdrawProcess>('/v1/withdrawals/create', input)

/** The order a create made with this requestId, or null when none was made (its answer was lost). */
export const findWithdrawalByRequest = (input: RequestBody<typeof withdrawalByRequestRequest>) =>
  call<{ order: WithdrawProcess | null }>('/v1/withdrawals/byRequest', input)

export const getWithdrawal = (input: OrderRef) => call<WithdrawProcess>('/v1/withdrawals/tracker', input)

export const cancelWithdrawal = (input: OrderRef) => call<WithdrawProcess>('/v1/withdrawals/cancel', input)

export const correctWithdrawalKey = (input: RequestBody<typeof updateKeyRequest>) =>
  call<WithdrawProcess>('/v1/withdrawals/correctKey', input)

export const getWithdrawals = (input: RequestBody<typeof pageRequest>) =>
  call<WithdrawOrdersPage>('/v1/withdrawals/list', input)
