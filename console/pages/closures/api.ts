// The closures' calls: the worklist (closures under way, or accounts closed), trying a stuck
// payout again, closing the account from the worklist, and reopening a closed account.
import type { ClosureListStatus, ClosureWorklist } from '../../../contract/closure.ts'
import { call } from '../../lib/api.ts'

export const listClosures = (status: ClosureListStatus) => call<ClosureWorklist>('closures/list', { status })

export const retryClosure = (closureId: number, reason: string) =>
  call<ClosureWorklist>('closures/retry', { closureId, reason })

export const forceCloseClosure = (closureId: number, reason: string) =>
  call<ClosureWorklist>('closures/close', { closureId, reason })

export const reopenAccount = (userId: number, reason: string) => call<unknown>('closures/reopen', { userId, reason })
