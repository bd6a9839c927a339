// The payout clock: every withdrawal is held to Portaria SPA/MF 615/2024's rule — paid within
// 120 minutes of the player's request, review time included. `payoutClock` says where an order
// stands against it (for the tracker and the operator console's worklist), `openPayoutClocks`
// lists every open order's clock (oldest first), and `PayoutClockWatch` raises one operator
// alert per order that passes the limit unpaid (a log line at error level plus a gauge).
import type { Kysely } from 'kysely'
import type { Database, WithdrawalStatus } from '../db/schema.ts'
import { PAYOUT_RULE_MINUTES } from '../metrics/metrics.ts'

export const PAYOUT_RULE_MS = PAYOUT_RULE_MINUTES * 60_000

/** Statuses in which the clock still runs (the money has not reached the player nor come back). */
export const openPayoutStatuses: WithdrawalStatus[] = ['review', 'processing', 'key_rejected']

export interface PayoutClock {
  orderId: string
  status: WithdrawalStatus
  /** When the player asked: the clock starts here. */
  requestedAt: number
  /** requestedAt + 120 minutes. */
  dueBy: number
  elapsedMs: number
  /** Negative once overdue. */
  remainingMs: number
  overdue: boolean
}

export function payoutClock(
  order: { id: string; status: WithdrawalStatus; created_at: number | string },
  now: number,
): PayoutClock {
  const requestedAt = Number(order.created_at)
  const dueBy = requestedAt + PAYOUT_RULE_MS
  const open = openPayoutStatuses.includes(order.status)
  return {
    orderId: order.id,
    status: order.status,
    requestedAt,
    dueBy,
    elapsedMs: Math.max(0, now - requestedAt),
    remainingMs: dueBy - now,
    overdue: open && now > dueBy,
  }
}

/** Every open withdrawal's clock, oldest request first (the console's worklist reads this). */
export async function openPayoutClocks(db: Kysely<Database>, now: number, limit = 500): Promise<PayoutClock[]> {
  // One read per open status, each the oldest of its own by the (status, created_at) index, then
  // merged: asked for all of them at once, SQLite estimates from a year of orders (nearly all
  // paid) that the statuses cover most rows and reads the whole table (a year's: 85–170 ms, each
  // time the clocks are checked).
  const byStatus = await Promise.all(
    openPayoutStatuses.map((status) =>
      db
        .selectFrom('withdrawal_orders')
        .select(['id', 'status', 'created_at'])
        .where('status', '=', status)
        .orderBy('created_at')
        .limit(limit)
        .execute(),
    ),
  )
  const rows = byStatus
    .flat()
    .sort((a, b) => Number(a.created_at) - Number(b.created_at))
    .slice(0, limit)
  return rows.map((row) => payoutClock(row, now))
}

/** How many open withdrawals are past the 120 minutes (the `jogolimpo_payouts_open_over_rule` gauge). */
export async function overduePayoutCount(db: Kysely<Database>, now: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', 'in', openPayoutStatuses)
    .where('created_at', '<', now - PAYOUT_RULE_MS)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export interface PayoutAlert {
  alert: 'payout_over_120_minutes'
  orderId: string
  status: WithdrawalStatus
  requestedAt: number
  minutesElapsed: number
}

/** Alerts once per overdue order per process (a restart alerts again about what is still open). */
export class PayoutClockWatch {
  readonly #alerted = new Set<string>()
  readonly #db: Kysely<Database>
  readonly #alert: (alert: PayoutAlert) => void

  constructor(db: Kysely<Database>, alert: (alert: PayoutAlert) => void) {
    this.#db = db
    this.#alert = alert
  }

  async check(now: number): Promise<PayoutAlert[]> {
    const raised: PayoutAlert[] = []
    for (const clock of await openPayoutClocks(this.#db, now)) {
      if (!clock.overdue || this.#alerted.has(clock.orderId)) continue
      this.#alerted.add(clock.orderId)
      const alert: PayoutAlert = {
        alert: 'payout_over_120_minutes',
        orderId: clock.orderId,
        status: clock.status,
        requestedAt: clock.requestedAt,
        minutesElapsed: Math.floor(clock.elapsedMs / 60_000),
      }
      this.#alert(alert)
      raised.push(alert)
    }
    return raised
  }
}
