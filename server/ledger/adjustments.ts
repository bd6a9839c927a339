// Operator corrections: mistakes are corrected by new transfers against the adjustments house
// account, never by editing old ones.
import type { LedgerTx, TransferResult } from './tx.ts'

export function adjustCash(
  tx: LedgerTx,
  input: { id: string; playerId: number; amount: number; reason: string },
): Promise<TransferResult> {
  const player = { player: input.playerId, code: 'cash' } as const
  const house = { house: 'adjustments' } as const
  return tx.transfer({
    id: input.id,
    debit: input.amount > 0 ? house : player,
    credit: input.amount > 0 ? player : house,
    amount: Math.abs(input.amount),
    kind: 'adjustment',
    reference: input.reason,
  })
}
