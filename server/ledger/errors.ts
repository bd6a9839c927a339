// The ledger's errors: its refusals (`LedgerError`, with a code callers map to a message) and the
// failures that make a ledger transaction be tried again from the start (`isRetryable`).
import { isUniqueViolation } from '../db/errors.ts'

export type LedgerErrorCode =
  | 'insufficient_funds'
  | 'idempotency_conflict'
  | 'hold_not_found'
  | 'hold_already_resolved'
  | 'invalid_transfer'

export class LedgerError extends Error {
  readonly code: LedgerErrorCode
  readonly details: Record<string, unknown>
  constructor(code: LedgerErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message)
    this.code = code
    this.details = details
  }
}

/** A guarded deferred write found its row changed: the transaction starts again. */
export class StaleRead extends Error {}

/** A transfer's id was applied by a concurrent writer first: the retry looks it up and replays it. */
export class RepeatedTransferId extends Error {}

export function isRetryable(error: unknown): boolean {
  if (isUniqueViolation(error) || error instanceof RepeatedTransferId || error instanceof StaleRead) return true
  const code = (error as { code?: unknown })?.code
  // serialization_failure, deadlock_detected
  return code === '40001' || code === '40P01'
}
