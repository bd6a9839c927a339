// Deposits in ledger terms: a PIX payment moves money from the house PIX clearing account to
// the player's cash. The transfer id is the payment's end-to-end id, so a payment the provider
// reports twice is credited once.
import type { LedgerTx, TransferResult } from './tx.ts'

export interface DepositCredit {
  endToEndId: string
  playerId: number
  amount: number
  orderId: string
}

export function creditDeposit(tx: LedgerTx, credit: DepositCredit): Promise<TransferResult> {
  return tx.transfer({
    id: `deposit:${credit.endToEndId}`,
    debit: { house: 'pix_clearing' },
    credit: { player: credit.playerId, code: 'cash' },
    amount: credit.amount,
    kind: 'deposit',
    reference: credit.orderId,
  })
}
