// Some kinds' amounts per hour: the operator dashboard's chart of today's deposits and
// withdrawals paid, read from the ledger (its day's totals: reports.ts).
import type { Kysely } from 'kysely'
import type { TransferKind } from '../../contract/transfers.ts'
import type { Database } from '../db/schema.ts'

/** Sums of `kinds` per hour from `since` (index 0 is the first hour). */
export async function hourlyTotals(
  db: Kysely<Database>,
  kinds: TransferKind[],
  since: number,
  hours: number,
): Promise<Record<string, number[]>> {
  const rows = await db
    .selectFrom('ledger_transfers')
    .select(['kind', 'amount', 'created_at'])
    .where('kind', 'in', kinds)
    .where('created_at', '>=', since)
    .where('created_at', '<', since + hours * 3600_000)
    .execute()
  const out: Record<string, number[]> = Object.fromEntries(kinds.map((k) => [k, new Array(hours).fill(0)]))
  for (const row of rows) {
    const bucket = Math.floor((Number(row.created_at) - since) / 3600_000)
    const series = out[row.kind]
    if (series && bucket >= 0 && bucket < hours) series[bucket] = (series[bucket] ?? 0) + Number(row.amount)
  }
  return out
}
