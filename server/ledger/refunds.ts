// PIX refunds in ledger terms: a received PIX (or the part of it) the app must not credit moves
// from the house PIX clearing account to the house refunds account, never through a player's
// balances. The transfer id is the payment's end-to-end id, so a payment reported twice is
// set aside once; the refund itself (to the payer's bank) is the payments module's record.
import type { LedgerTx, TransferResult } from './tx.ts'

export interface PixRefundSetAside {
  endToEndId: string
  amount: number
  /** The deposit order the PIX was for (null for a txid no order has). */
  orderId: string | null
}

export function setAsidePixRefund(tx: LedgerTx, refund: PixRefundSetAside): Promise<TransferResult> {
  return tx.transfer({
    id: `pix_refund:${refund.endToEndId}`,
    debit: { house: 'pix_clearing' },
    credit: { house: 'pix_refunds' },
    amount: refund.amount,
    kind: 'pix_refund',
    reference: refund.orderId,
  })
}
