// What the money watch (server/risk) reads from payments: a player's deposits with who paid them
// and their withdrawals with the key each went to, from an instant on. CPFs and keys come back
// whole (keys masked beside them); the risk module masks them unless the operator's role may see
// them. Each withdrawal says what is happening to it (held by the cool-off or a freeze, at the
// bank…), not only its stored status. Read-only.
import { type Kysely, sql } from 'kysely'
import type { WithdrawalPhase } from '../../contract/ops.ts'
import { accountHolds } from '../accounts/account-holds.ts'
import type { Database } from '../db/schema.ts'
import { maskPixKey, withdrawalPhase } from './withdrawal-orders.ts'

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
  /** What is happening to it now (a `processing` order may still be held by the cool-off). */
  phase: WithdrawalPhase
  /** The cool-off's end, when it waits for it. */
  sendAfter: number | null
}

/** At most this many of each, newest first: enough for any window the rules look at. */
const MOST = 500

export async function paymentsSince(
  db: Kysely<Database>,
  playerId: number,
  since: number,
  now: number,
): Promise<{ deposits: WatchedDeposit[]; withdrawals: WatchedWithdrawal[] }> {
  const [deposits, withdrawals, holds] = await Promise.all([
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
      .select(['id', 'amount', 'status', 'key_type', 'pix_key', 'created_at', 'attempt', 'sent_attempt', 'send_after'])
      .where('player_id', '=', playerId)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(MOST)
      .execute(),
    accountHolds(db, playerId),
  ])
  const held = holds.frozenAt !== null || holds.closedAt !== null
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
      phase: withdrawalPhase(w, held, now),
      sendAfter: w.send_after === null ? null : Number(w.send_after),
    })),
  }
}

/** A player's money in and out over their whole history, in centavos. */
export interface LifetimeMoney {
  /** Paid deposits (what the PSP confirmed) and how many. */
  deposited: number
  deposits: number
  /** The first-deposit bonus those deposits brought (promotion money). */
  depositBonus: number
  /** Withdrawals that took or will take money out (not failed). */
  withdrawn: number
}

export async function lifetimeMoney(db: Kysely<Database>, playerId: number): Promise<LifetimeMoney> {
  const [deposits, withdrawals] = await Promise.all([
    db
      .selectFrom('deposit_orders')
      .select([
        sql<number | string>`coalesce(sum(coalesce(paid_amount, amount)), 0)`.as('deposited'),
        sql<number | string>`count(*)`.as('deposits'),
        sql<number | string>`coalesce(sum(bonus_amount), 0)`.as('bonus'),
      ])
      .where('player_id', '=', playerId)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawal_orders')
      .select(sql<number | string>`coalesce(sum(amount), 0)`.as('withdrawn'))
      .where('player_id', '=', playerId)
      .where('status', '<>', 'failed')
      .executeTakeFirstOrThrow(),
  ])
  return {
    deposited: Number(deposits.deposited),
    deposits: Number(deposits.deposits),
    depositBonus: Number(deposits.bonus),
    withdrawn: Number(withdrawals.withdrawn),
  }
}

export interface SharedParty {
  playerId: number
  via: 'payer' | 'payout_account'
}

/**
 * Other accounts whose deposits were paid by a payer (CPF as the payer's bank reported it) who
 * also paid this player's, or whose withdrawals went to a payout account (the PIX key, held
 * under the CPF the PSP's directory reported) this player's went to.
 */
export async function sharedPaymentParties(
  db: Kysely<Database>,
  playerId: number,
  payoutKey?: string,
): Promise<SharedParty[]> {
  const [payers, keys] = await Promise.all([
    db
      .selectFrom('pix_payments')
      .innerJoin('deposit_orders', 'deposit_orders.id', 'pix_payments.order_id')
      .select('pix_payments.payer_cpf')
      .distinct()
      .where('deposit_orders.player_id', '=', playerId)
      .where('pix_payments.payer_cpf', 'is not', null)
      .limit(MOST)
      .execute(),
    db
      .selectFrom('withdrawal_orders')
      .select('pix_key')
      .distinct()
      .where('player_id', '=', playerId)
      .limit(MOST)
      .execute(),
  ])
  const payerCpfs = payers.map((p) => p.payer_cpf as string)
  const payoutKeys = [...new Set([...keys.map((k) => k.pix_key), ...(payoutKey === undefined ? [] : [payoutKey])])]
  const [byPayer, byKey] = await Promise.all([
    payerCpfs.length === 0
      ? []
      : db
          .selectFrom('pix_payments')
          .innerJoin('deposit_orders', 'deposit_orders.id', 'pix_payments.order_id')
          .select('deposit_orders.player_id')
          .distinct()
          .where('pix_payments.payer_cpf', 'in', payerCpfs)
          .where('deposit_orders.player_id', '<>', playerId)
          .limit(MOST)
          .execute(),
    payoutKeys.length === 0
      ? []
      : db
          .selectFrom('withdrawal_orders')
          .select('player_id')
          .distinct()
          .where('pix_key', 'in', payoutKeys)
          .where('player_id', '<>', playerId)
          .limit(MOST)
          .execute(),
  ])
  return [
    ...byPayer.map((row) => ({ playerId: Number(row.player_id), via: 'payer' as const })),
    ...byKey.map((row) => ({ playerId: Number(row.player_id), via: 'payout_account' as const })),
  ]
}
