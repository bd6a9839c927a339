// What the money watch (server/risk) reads from payments: a player's deposits with who paid them
// and their withdrawals with the key each went to, from an instant on. CPFs and keys come back
// whole (keys masked beside them); the risk module masks them unless the operator's role may see
// them. Read-only.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { maskPixKey } from './withdrawal-orders.ts'

export interface WatchedDeposit {
  id: string
  amount: number
  status: string
  createdAt: number
  paidAt: number | null
  /** What the PSP confirmed (null until paid). */
  paidAmount: number | null
  /** Payers' CPFs as their banks reported them, in the order the PIX arrived. */
  payerCpfs: string[]
}

export interface WatchedWithdrawal {
  id: string
  amount: number
  status: string
  keyType: string
  pixKey: string
  /** The key as a role without personal data sees it. */
  keyMasked: string
  createdAt: number
}

/** At most this many of each, newest first: enough for any window the rules look at. */
const MOST = 500

export async function paymentsSince(
  db: Kysely<Database>,
  playerId: number,
  since: number,
): Promise<{ deposits: WatchedDeposit[]; withdrawals: WatchedWithdrawal[] }> {
  const [deposits, withdrawals] = await Promise.all([
    db
      .selectFrom('deposit_orders')
      .select(['id', 'amount', 'status', 'created_at', 'paid_at', 'paid_amount'])
      .where('player_id', '=', playerId)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(MOST)
      .execute(),
    db
      .selectFrom('withdrawal_orders')
      .select(['id', 'amount', 'status', 'key_type', 'pix_key', 'created_at'])
      .where('player_id', '=', playerId)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(MOST)
      .execute(),
  ])
  const payments =
    deposits.length === 0
      ? []
      : await db
          .selectFrom('pix_payments')
          .select(['order_id', 'payer_cpf'])
          .where(
            'order_id',
            'in',
            deposits.map((d) => d.id),
          )
          .orderBy('received_at')
          .execute()
  return {
    deposits: deposits.map((d) => ({
      id: d.id,
      amount: Number(d.amount),
      status: d.status,
      createdAt: Number(d.created_at),
      paidAt: d.paid_at === null ? null : Number(d.paid_at),
      paidAmount: d.paid_amount === null ? null : Number(d.paid_amount),
      payerCpfs: payments.filter((p) => p.order_id === d.id && p.payer_cpf !== null).map((p) => p.payer_cpf as string),
    })),
    withdrawals: withdrawals.map((w) => ({
      id: w.id,
      amount: Number(w.amount),
      status: w.status,
      keyType: w.key_type,
      pixKey: w.pix_key,
      keyMasked: maskPixKey(w.key_type, w.pix_key),
      createdAt: Number(w.created_at),
    })),
  }
}
