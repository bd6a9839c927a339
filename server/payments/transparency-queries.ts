// What the public transparency page reads from payments, aggregated over a period [from, to):
// withdrawals paid (count and request → PSP confirmation times), held for review or a cool-off,
// returned and why, and deposits sent back to the payer. No player, key or name leaves here.
// Each query starts from a time index (0024), so its cost follows the period, not the history.
import type { Kysely } from 'kysely'
import {
  type DepositReturnFigures,
  type HoldFigures,
  median,
  percentile,
  type ReasonCount,
  type WithdrawalFigures,
} from '../../contract/transparency.ts'
import { TrackerStep } from '../../contract/withdrawals.ts'
import type { Database } from '../db/schema.ts'
import { transferAmounts } from '../ledger/transparency.ts'
import { postTransferId } from './withdrawal-orders.ts'

const FIVE_MINUTES = 5 * 60_000
const TWO_HOURS = 120 * 60_000

export interface Period {
  from: number
  to: number
}

/** How many withdrawals the PSP confirmed as paid in the period. */
export async function paidWithdrawalCount(db: Kysely<Database>, period: Period): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'paid')
    .where('updated_at', '>=', period.from)
    .where('updated_at', '<', period.to)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function withdrawalFigures(db: Kysely<Database>, period: Period): Promise<WithdrawalFigures> {
  // A paid order is final: its last update is the PSP's confirmation.
  const paid = await db
    .selectFrom('withdrawal_orders')
    .select(['id', 'amount', 'created_at', 'updated_at'])
    .where('status', '=', 'paid')
    .where('updated_at', '>=', period.from)
    .where('updated_at', '<', period.to)
    .execute()
  const durations = paid.map((r) => Number(r.updated_at) - Number(r.created_at)).sort((a, b) => a - b)
  const posted = await transferAmounts(
    db,
    paid.map((r) => postTransferId(r.id)),
    ['withdrawal_post', 'closure_payout'],
  )
  const feeSteps = paid.filter((r) => posted.get(postTransferId(r.id)) !== Number(r.amount)).length

  const failed = await db
    .selectFrom('withdrawal_orders')
    .select((eb) => ['fail_reason', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('amount')])
    .where('status', '=', 'failed')
    .where('updated_at', '>=', period.from)
    .where('updated_at', '<', period.to)
    .groupBy('fail_reason')
    .execute()
  const returned: ReasonCount[] = failed
    .map((r) => ({ reason: r.fail_reason ?? 'failed', count: Number(r.n), amount: Number(r.amount) }))
    .sort((a, b) => a.reason.localeCompare(b.reason))

  return {
    paid: paid.length,
    paidAmount: paid.reduce((sum, r) => sum + Number(r.amount), 0),
    medianMs: median(durations),
    p95Ms: percentile(durations, 95),
    slowestMs: durations.at(-1) ?? null,
    within5Min: durations.filter((d) => d <= FIVE_MINUTES).length,
    within120Min: durations.filter((d) => d <= TWO_HOURS).length,
    ...(await holdFigures(db, period)),
    returned,
    feeSteps,
  }
}

/**
 * Orders requested in the period that waited before going to the PIX network: their checks step
 * says `review: true` (an operator decides; the decision keeps the flag) or names a cool-off end.
 * The wait ends at the first step after it that sends the order or fails it.
 */
async function holdFigures(
  db: Kysely<Database>,
  period: Period,
): Promise<{ review: HoldFigures; coolOff: HoldFigures }> {
  const rows = await db
    .selectFrom('withdrawal_orders as o')
    .innerJoin('withdrawal_steps as s', 's.order_id', 'o.id')
    .select(['o.id', 'o.created_at', 's.code', 's.args', 's.created_at as at'])
    .where('o.created_at', '>=', period.from)
    .where('o.created_at', '<', period.to)
    .where('s.code', 'in', [TrackerStep.checks, TrackerStep.sent, TrackerStep.failed])
    .orderBy('s.id')
    .execute()
  const held = new Map<string, { kind: 'review' | 'coolOff'; createdAt: number; endedAt: number | null }>()
  for (const row of rows) {
    const entry = held.get(row.id)
    if (row.code === TrackerStep.checks && !entry) {
      const args = JSON.parse(row.args) as { review?: boolean; coolOffUntil?: number | null }
      if (args.review === true || args.coolOffUntil != null)
        held.set(row.id, { kind: args.review ? 'review' : 'coolOff', createdAt: Number(row.created_at), endedAt: null })
    } else if (entry && entry.endedAt === null && row.code !== TrackerStep.checks) {
      entry.endedAt = Number(row.at)
    }
  }
  const figures = (kind: 'review' | 'coolOff'): HoldFigures => {
    const mine = [...held.values()].filter((h) => h.kind === kind)
    const waits = mine
      .filter((h) => h.endedAt !== null)
      .map((h) => (h.endedAt as number) - h.createdAt)
      .sort((a, b) => a - b)
    return {
      count: mine.length,
      released: waits.length,
      medianWaitMs: median(waits),
      longestWaitMs: waits.at(-1) ?? null,
    }
  }
  return { review: figures('review'), coolOff: figures('coolOff') }
}

/** Received PIX the app decided to send back in the period, by reason, and how fast they went back. */
export async function depositReturnFigures(db: Kysely<Database>, period: Period): Promise<DepositReturnFigures[]> {
  const rows = await db
    .selectFrom('pix_refunds')
    .select(['reason', 'amount', 'status', 'created_at', 'returned_at'])
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.to)
    .execute()
  const byReason = new Map<string, { count: number; amount: number; times: number[] }>()
  for (const row of rows) {
    const entry = byReason.get(row.reason) ?? { count: 0, amount: 0, times: [] }
    entry.count++
    entry.amount += Number(row.amount)
    if (row.status === 'returned' && row.returned_at !== null)
      entry.times.push(Number(row.returned_at) - Number(row.created_at))
    byReason.set(row.reason, entry)
  }
  return [...byReason.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([reason, entry]) => {
      const times = entry.times.sort((a, b) => a - b)
      return {
        reason,
        count: entry.count,
        amount: entry.amount,
        returned: times.length,
        medianReturnMs: median(times),
        slowestReturnMs: times.at(-1) ?? null,
      }
    })
}
