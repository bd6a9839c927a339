// What every part of a withdrawal shares: the service's options, the order row and its ids,
// the tracker's steps and pushes, the player's view of an order, and the one way an order
// fails (its hold voided, the money back at once). The parts themselves live apart: requests
// (withdrawal-requests.ts), the operator's review (withdrawal-review.ts) and payouts through the
// provider (withdrawal-payouts.ts); withdrawals.ts puts them together.

import { type Kysely, type Selectable, sql } from 'kysely'
import type { WithdrawalPhase } from '../../contract/ops.ts'
import {
  type HistoryStatus,
  type OrderPush,
  StepState,
  type StepStateCode,
  TrackerStep,
  type TrackerStepCode,
  type WithdrawalFailReason,
  type WithdrawOrderView,
} from '../../contract/withdrawals.ts'
import { maskCpf } from '../accounts/verification.ts'
import type { Config } from '../config.ts'
import type { Engine } from '../db/database.ts'
import type { Database, WithdrawalStatus } from '../db/schema.ts'
import type { StepArgs } from '../i18n/steps.ts'
import { voidHold } from '../ledger/holds.ts'
import type { Ledger } from '../ledger/ledger.ts'
import type { LedgerTx } from '../ledger/tx.ts'
import type { Metrics } from '../metrics/metrics.ts'
import { Refusal } from '../refusal.ts'
import type { PayoutAlert } from './payout-clock.ts'
import type { PaymentProvider } from './provider.ts'

export interface WithdrawalServiceOptions {
  db: Kysely<Database>
  engine: Engine
  ledger: Ledger
  provider: PaymentProvider
  config: Config
  now: () => number
  onError: (error: unknown, context: string) => void
  metrics?: Pick<Metrics, 'withdrawal' | 'payoutPaid'>
  /** An open payout passed the 120-minute rule (raised once per order). */
  onPayoutOverdue?: (alert: PayoutAlert) => void
  /** A withdrawal request was committed (also a replayed one): the money watch runs its rules. */
  onRequested?: (request: WithdrawalRequested) => Promise<void>
  /** A withdrawal about to be written: true sends it to an operator's review before any payout. */
  holdForReview?: (request: WithdrawalAsked) => Promise<boolean>
}

/** A withdrawal about to be written: who asks, how much, to which PIX key (normalised). */
export interface WithdrawalAsked {
  playerId: number
  amount: number
  pixKey: string
}

export interface WithdrawalRequested {
  orderId: string
  playerId: number
  amount: number
}

export type OrderRow = Selectable<Database['withdrawal_orders']>

export const IN_FLIGHT: WithdrawalStatus[] = ['review', 'processing', 'key_rejected']

/**
 * "In flight", written with its values in the statement, exactly as the partial unique index
 * `withdrawal_one_in_flight` says it: SQLite uses a partial index only for the very term of its
 * WHERE, never for bound parameters, and without it a player's in-flight check read every
 * withdrawal they ever made.
 */
export const inFlightTerm = sql<boolean>`status in (${sql.join(IN_FLIGHT.map((status) => sql.lit(status)))})`

const historyStatus: Record<WithdrawalStatus, HistoryStatus> = {
  review: 1,
  processing: 1,
  key_rejected: 6,
  paid: 2,
  failed: 3,
}

export const holdId = (orderId: string) => `withdrawal:${orderId}:hold`
/** The ledger transfer that pays a withdrawal out: its amount is the one the player asked for. */
export const postTransferId = (orderId: string) => `withdrawal:${orderId}:post`
export const payoutId = (orderId: string, attempt: number) => `${orderId}-${attempt}`

export function maskPixKey(type: string, key: string): string {
  if (type === 'cpf') return maskCpf(key)
  if (type === 'phone') return `${key.slice(0, 5)} *****-${key.slice(-4)}`
  if (type === 'email') {
    const [user = '', domain = ''] = key.split('@')
    return `${user.slice(0, 1)}***@${domain}`
  }
  return `${key.slice(0, 4)}…${key.slice(-4)}`
}

/**
 * What is actually happening to an order: `processing` is held by a frozen account, held by the
 * cool-off, next in line, or at the bank (handed over) — never "sent" before the bank took it.
 */
export function withdrawalPhase(
  order: Pick<OrderRow, 'status' | 'attempt' | 'sent_attempt' | 'send_after'>,
  frozen: boolean,
  now: number,
): WithdrawalPhase {
  if (order.status !== 'processing') return order.status
  if (order.sent_attempt >= order.attempt) return 'at_bank'
  if (frozen) return 'frozen'
  if (order.send_after !== null && Number(order.send_after) > now) return 'cool_off'
  return 'queued'
}

/** When a step happened: a review step when it was decided, not when the order asked for it. */
export function stepTime(step: { created_at: number | string; args: string }): number {
  const args = JSON.parse(step.args) as StepArgs & { decidedAt?: number }
  return typeof args.decidedAt === 'number' ? args.decidedAt : Number(step.created_at)
}

export async function addStep(
  tx: LedgerTx,
  orderId: string,
  code: TrackerStepCode,
  state: StepStateCode,
  args: StepArgs,
  now: number,
) {
  await tx.trx
    .insertInto('withdrawal_steps')
    .values({ order_id: orderId, code, state, args: JSON.stringify(args), created_at: now })
    .execute()
}

export function emitOrder(tx: LedgerTx, order: OrderRow): void {
  const push: OrderPush = { orderId: order.id, status: order.status }
  tx.emit(Number(order.player_id), 'order', push)
}

export function orderView(row: OrderRow): WithdrawOrderView {
  return {
    orderId: row.id,
    amount: Number(row.amount),
    keyType: row.key_type,
    keyMasked: maskPixKey(row.key_type, row.pix_key),
    holderName: row.holder_name,
    status: row.status,
    historyStatus: historyStatus[row.status],
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    endToEndId: row.end_to_end_id,
    failReason: row.fail_reason,
  }
}

/** The order, locked for this transaction on PostgreSQL (SQLite runs one writer at a time). */
export async function lockOrder(tx: LedgerTx, engine: Engine, orderId: string): Promise<OrderRow> {
  let query = tx.trx.selectFrom('withdrawal_orders').selectAll().where('id', '=', orderId)
  if (engine === 'postgres') query = query.forUpdate()
  const order = await query.executeTakeFirst()
  if (!order) throw new Refusal('not_found')
  return order
}

/**
 * The order fails: its hold is voided (the money is back at once) and the tracker says why — the
 * app's own reason, or for a bank's refusal the bank's own words when it gave some.
 */
export async function failOrder(
  tx: LedgerTx,
  order: OrderRow,
  why: WithdrawalFailReason,
  bankWords?: string | null,
): Promise<OrderRow> {
  const reason = (why === 'failed' && bankWords) || why
  await voidHold(tx, { id: `withdrawal:${order.id}:void`, holdId: holdId(order.id) })
  await tx.trx
    .updateTable('withdrawal_orders')
    .set({ status: 'failed', fail_reason: reason, updated_at: tx.now })
    .where('id', '=', order.id)
    .execute()
  await addStep(tx, order.id, TrackerStep.failed, StepState.failed, { reason }, tx.now)
  const failed = { ...order, status: 'failed' as const, fail_reason: reason }
  emitOrder(tx, failed)
  return failed
}
