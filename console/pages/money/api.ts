// The money desk's calls: the withdrawal worklist and its review decisions, deposits returned to
// their payers, PIX received that matches no charge, and the money watch beside a withdrawal.

import type { WithdrawalWatch } from '../../../contract/money-watch.ts'
import type { QueueStatus, RefundItem, ReviewResult, UnmatchedPix, WorklistPage } from '../../../contract/ops.ts'
import { call } from '../../lib/api.ts'

export const withdrawalQueue = (status: QueueStatus) =>
  call<WorklistPage>('withdrawals/queue', { status, pageNum: 1, pageSize: 100 })

export const reviewWithdrawal = (body: { orderId: string; decision: 'approve' | 'reject'; reason?: string }) =>
  call<ReviewResult>('withdrawals/review', body)

export const recentRefunds = () => call<{ refunds: RefundItem[] }>('refunds?limit=100', null)

export const unmatchedDeposits = () => call<{ unmatched: UnmatchedPix[] }>('health')

/** The player's deposits, rounds, payers and open flags beside a withdrawal under review. */
export const withdrawalWatch = (orderId: string) => call<WithdrawalWatch>('risk/withdrawal', { orderId })
