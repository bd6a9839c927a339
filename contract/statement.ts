// The statement call: one line per operation (a spin's bet and win, a withdrawal), newest first,
// with the player's balance (cash + bonus, the header's figure) after it and the ledger legs
// behind it. Paged by cursor (keyset on the ledger's seq); `pageNum` still works for old clients.
import { z } from 'zod'
import type { TransferKind } from './transfers.ts'

export const statementRequest = z.strictObject({
  pageNum: z.number().int().min(1).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(100).default(20),
  /** `nextCursor` of the page before; the first page without it. */
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .optional(),
})

export type StatementAccount = 'cash' | 'bonus' | 'withdrawal_hold'

/** One ledger entry on one of the player's accounts. */
export interface StatementLegView {
  transferId: string
  time: number
  kind: TransferKind
  account: StatementAccount
  /** Signed: positive for money in, negative for money out. */
  amount: number
  /** That account's balance after the entry. */
  balanceAfter: number
}

export interface StatementEntryView {
  /** The operation's newest transfer (unique in the statement). */
  transferId: string
  time: number
  /** `round` when a spin's bet and win are one line; otherwise the transfer's kind. */
  kind: TransferKind | 'round'
  /** Signed change of cash + bonus. */
  amount: number
  /** cash + bonus after the operation: the newest line's equals the header's balance. */
  balanceAfter: number
  /** A withdrawal's hold: how it ended (a payout is not a line of its own: the balance did not change). */
  resolution: 'withdrawal_post' | 'withdrawal_void' | null
  legs: StatementLegView[]
}

export interface StatementView {
  entries: StatementEntryView[]
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null
  pageNum: number
  pageSize: number
}
