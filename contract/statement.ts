// The statement call (paged ledger entries of the player's accounts).
import { z } from 'zod'
import type { TransferKind } from './transfers.ts'

export const statementRequest = z.strictObject({
  pageNum: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
})

export interface StatementEntryView {
  transferId: string
  time: number
  kind: TransferKind
  account: 'cash' | 'bonus' | 'withdrawal_hold'
  amount: number
  balanceAfter: number
}

export interface StatementView {
  entries: StatementEntryView[]
  total: number
  pageNum: number
  pageSize: number
}
