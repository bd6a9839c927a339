// What the public transparency page reads from the ledger: the amount each paid withdrawal's
// post moved to the payouts account (held to the amount requested: no fee step), and when the
// ledger began (the first day the page's chain can freeze).
import type { Kysely } from 'kysely'
import type { TransferKind } from '../../contract/transfers.ts'
import type { Database } from '../db/schema.ts'

// Under SQLite's and PostgreSQL's bound-parameter limits with room to spare.
const CHUNK = 500

/** The amount of each transfer of `kind` among `ids`; an id without such a transfer is absent. */
export async function transferAmounts(
  db: Kysely<Database>,
  ids: readonly string[],
  kind: TransferKind,
): Promise<Map<string, number>> {
  const amounts = new Map<string, number>()
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('ledger_transfers')
      .select(['id', 'amount'])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .where('kind', '=', kind)
      .execute()
    for (const row of rows) amounts.set(row.id, Number(row.amount))
  }
  return amounts
}

/**
 * The time of the earliest transfer; null on an empty ledger. The earliest by time, not by
 * sequence: history moved in from elsewhere comes after the jackpot's first seed. A scan, read
 * once: only before the transparency chain has its first day.
 */
export async function ledgerStartedAt(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.min<number | string | null>('created_at').as('first'))
    .executeTakeFirst()
  return row?.first === null || row?.first === undefined ? null : Number(row.first)
}
