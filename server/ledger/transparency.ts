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
  kind: TransferKind | readonly TransferKind[],
): Promise<Map<string, number>> {
  const amounts = new Map<string, number>()
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('ledger_transfers')
      .select(['id', 'amount'])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .where('kind', 'in', typeof kind === 'string' ? [kind] : [...kind])
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

/** What the ledger owes a player: money they can play or withdraw, and money on its way to them. */
const OWED_CODES = ['cash', 'withdrawal_hold'] as const

/**
 * Players' balances owed (cash + withdrawal hold) after `afterPlayerId`, by player id, `limit` at a
 * time: the proof of liabilities reads every player this way, one page in memory at a time.
 */
export async function owedBalancesAfter(
  db: Kysely<Database>,
  afterPlayerId: number,
  limit: number,
): Promise<{ playerId: number; balance: number }[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select((eb) => ['player_id', eb.fn.sum<number | string>('balance').as('balance')])
    .where('player_id', 'is not', null)
    .where('player_id', '>', afterPlayerId)
    .where('code', 'in', [...OWED_CODES])
    .groupBy('player_id')
    .orderBy('player_id')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ playerId: Number(row.player_id), balance: Number(row.balance) }))
}

/** The sum of every player's owed balance: the ledger's player liabilities. */
export async function playerLiabilities(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.sum<number | string | null>('balance').as('total'))
    .where('player_id', 'is not', null)
    .where('code', 'in', [...OWED_CODES])
    .executeTakeFirst()
  return Number(row?.total ?? 0)
}
