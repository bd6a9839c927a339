// PostgreSQL's monthly partitions of the tables that grow with play (made by migration 0082): the
// months kept ahead of the present so every row lands in its own month's table, not the default
// one; the list of months a table has; and an old month detached whole into a table of its own
// (and attached back). The key tables that hold these tables' unique ids are never partitioned,
// so a detached month's ids stay taken. And the bounds of the months of transfers away from the
// clock (migration 0083): given to a month once the clock is two days past it (or while it is more
// than two days ahead), taken back as the clock nears it. SQLite: one file, no partitions; every
// call is a no-op.
import { type Kysely, sql } from 'kysely'
import type { Db } from './database.ts'
import type { Database } from './schema.ts'

export const monthlyTables = ['ledger_transfers', 'game_rounds'] as const
export type MonthlyTable = (typeof monthlyTables)[number]

/** The monthly tables that are append-only (migration 0062): each month refuses TRUNCATE too. */
const appendOnly = new Set<MonthlyTable>(['ledger_transfers'])

/** How long making a month waits for its table's lock before leaving it to a later run. */
const LOCK_WAIT_MS = 5_000

/** How many months past the present's are kept made. */
export const MONTHS_AHEAD = 3

/** A calendar month (UTC): its name and the instants it runs between, [from, to). */
export interface Month {
  name: string
  from: number
  to: number
}

export function monthOf(at: number): Month {
  const date = new Date(at)
  return monthAt(date.getUTCFullYear(), date.getUTCMonth())
}

/** `month` 0–11. */
function monthAt(year: number, month: number): Month {
  const name = `${year}_${String(month + 1).padStart(2, '0')}`
  return { name, from: Date.UTC(year, month, 1), to: Date.UTC(year, month + 1, 1) }
}

/** The months from `from`'s to `to`'s, both included. */
export function monthsBetween(from: number, to: number): Month[] {
  const months: Month[] = []
  for (let month = monthOf(from); month.from <= to; month = monthOf(month.to)) months.push(month)
  return months
}

export const partitionName = (table: MonthlyTable, month: Month) => `${table}_p${month.name}`

/**
 * The names of a table's partitions (attached; none for a table not partitioned or not there
 * yet), as a subquery. The table's name is a parameter, so a statement holding it is prepared once
 * per connection; each partition's name is one probe of the catalog, where a join reads all of it.
 */
const partitionsOf = (table: MonthlyTable) => sql<{ partition: string }>`
  select (select c.relname from pg_class c where c.oid = i.inhrelid) as partition
    from pg_inherits i where i.inhparent = to_regclass(${table})`

/** The months a table has a partition for (attached), oldest first. */
export async function partitionedMonths(db: Db, table: MonthlyTable): Promise<Month[]> {
  const { rows } = await partitionsOf(table).execute(db.kysely)
  const months: Month[] = []
  for (const { partition: name } of rows) {
    const month = monthOfPartition(name)
    if (month) months.push(month)
  }
  return months.sort((a, b) => a.from - b.from)
}

/** The month a partition's name says (`…_p2026_11`); null for the default partition. */
function monthOfPartition(name: string): Month | null {
  const found = /_p(\d{4})_(\d{2})$/.exec(name)
  return found ? monthAt(Number(found[1]), Number(found[2]) - 1) : null
}

export interface Ensured {
  made: string[]
  /** Months whose table could not be locked in time (a long report on it): made by a later run. */
  waited: string[]
  /** Months the default partition already holds rows of: left there (still read and written), named to be looked at. */
  heldByDefault: string[]
}

/**
 * Makes the partitions of the months from `from`'s to `to`'s that the table lacks. Safe beside
 * another instance doing the same (a month made meanwhile is taken as made).
 */
export async function ensureMonths(db: Db, table: MonthlyTable, from: number, to: number): Promise<Ensured> {
  const result: Ensured = { made: [], waited: [], heldByDefault: [] }
  if (db.engine !== 'postgres') return result
  const have = new Set((await partitionedMonths(db, table)).map((m) => m.name))
  for (const month of monthsBetween(from, to)) {
    if (have.has(month.name)) continue
    const name = partitionName(table, month)
    try {
      await db.kysely.transaction().execute(async (trx) => {
        // Made apart and attached: CREATE … PARTITION OF would lock the whole table against every
        // read and write while it waits for a long report to finish; ATTACH takes a lock that
        // lets them run. Its own wait is bounded, and a month not made now is made by a later run.
        await sql.raw(`set local lock_timeout = '${LOCK_WAIT_MS}ms'`).execute(trx)
        await sql.raw(`create table ${name} (like ${table} including defaults including constraints)`).execute(trx)
        // The month as a constraint first, so the attach need not read the new table to prove it.
        await sql
          .raw(
            `alter table ${name} add constraint ${name}_month check (created_at >= ${month.from} and created_at < ${month.to})`,
          )
          .execute(trx)
        await sql
          .raw(`alter table ${table} attach partition ${name} for values from (${month.from}) to (${month.to})`)
          .execute(trx)
        await sql.raw(`alter table ${name} drop constraint ${name}_month`).execute(trx)
        // A partition's rows are the table's: TRUNCATE of it refused as of the table (its row triggers come from the table).
        if (appendOnly.has(table))
          await sql
            .raw(
              `create trigger ${name}_no_truncate before truncate on ${name} for each statement execute function refuse_append_only_change()`,
            )
            .execute(trx)
      })
      result.made.push(name)
    } catch (error) {
      const code = (error as { code?: unknown }).code
      // 23514: the default partition holds rows of this month; 55P03: a lock not had in time
      // (tried again at the next run); 42P07, 42P17, or 23505 on the catalog when both made it at
      // once: made by another instance meanwhile.
      if (code === '23514') result.heldByDefault.push(month.name)
      else if (code === '55P03') result.waited.push(month.name)
      else if (code !== '42P07' && code !== '42P17' && code !== '23505') throw error
    }
  }
  return result
}

/** Makes every monthly table's months from `from`'s to `to`'s (ensureMonths for each). */
export async function ensureMonthsOfAll(db: Db, from: number, to: number): Promise<Ensured> {
  const all: Ensured = { made: [], waited: [], heldByDefault: [] }
  for (const table of monthlyTables) {
    const { made, waited, heldByDefault } = await ensureMonths(db, table, from, to)
    all.made.push(...made)
    all.waited.push(...waited.map((month) => `${table} ${month}`))
    all.heldByDefault.push(...heldByDefault.map((month) => `${table} ${month}`))
  }
  return all
}

/** Keeps every monthly table's months made from the present's to MONTHS_AHEAD past it. */
export function ensureMonthsAhead(db: Db, now: number): Promise<Ensured> {
  let last = monthOf(now)
  for (let i = 0; i < MONTHS_AHEAD; i++) last = monthOf(last.to)
  return ensureMonthsOfAll(db, now, last.from)
}

/** How near the clock a month of transfers is left without a bound: every spin writes there. */
export const UNBOUNDED_MARGIN_MS = 2 * 86_400_000

/** A partition of the transfers and its bound (migration 0083); null where it has none. */
export interface TransferMonth {
  partition: string
  bounded: boolean
  /** Null in a bounded month with no rows. */
  minSeq: number | null
  maxSeq: number | null
  maxAccountId: number | null
}

/** Every partition of the transfers (attached), the default one included, with its bound if any. */
export async function transferMonths(db: Kysely<Database>): Promise<TransferMonth[]> {
  const { rows } = await sql<{
    partition: string
    bounded: boolean
    min_seq: number | null
    max_seq: number | null
    max_account_id: number | null
  }>`
    select p.partition, b.partition is not null as bounded, b.min_seq, b.max_seq, b.max_account_id
      from (${partitionsOf('ledger_transfers')}) as p
      left join ledger_transfer_months b on b.partition = p.partition`.execute(db)
  const number = (value: number | null) => (value === null ? null : Number(value))
  return rows.map((r) => ({
    partition: r.partition,
    bounded: r.bounded,
    minSeq: number(r.min_seq),
    maxSeq: number(r.max_seq),
    maxAccountId: number(r.max_account_id),
  }))
}

export interface Bounds {
  bounded: string[]
  unbounded: string[]
  /** Months whose table could not be locked in time: left as they were for a later run. */
  waited: string[]
}

/**
 * Gives every month of transfers more than UNBOUNDED_MARGIN_MS from `now` a bound, the default
 * partition included, and takes it from the months within it. Safe beside another instance
 * doing the same.
 */
export async function keepTransferMonthBounds(db: Db, now: number): Promise<Bounds> {
  const result: Bounds = { bounded: [], unbounded: [], waited: [] }
  if (db.engine !== 'postgres') return result
  // A database not migrated that far yet has no bounds to keep (the app is not ready on it).
  const table = await sql<{
    found: string | null
  }>`select to_regclass('ledger_transfer_months')::text as found`.execute(db.kysely)
  if (!table.rows[0]?.found) return result
  for (const month of await transferMonths(db.kysely)) {
    const span = monthOfPartition(month.partition)
    const near = span !== null && span.from <= now + UNBOUNDED_MARGIN_MS && span.to > now - UNBOUNDED_MARGIN_MS
    if (near === !month.bounded) continue
    try {
      await db.kysely.transaction().execute(async (trx) => {
        await sql.raw(`set local lock_timeout = '${LOCK_WAIT_MS}ms'`).execute(trx)
        if (near) return takeBound(trx, month.partition)
        // No row may come in between the bound read and the trigger that keeps it (this lock waits
        // for writers in flight and holds new ones for the moment); a second instance waits here
        // and then finds the bound taken.
        await sql.raw(`lock table ${month.partition} in share row exclusive mode`).execute(trx)
        await sql`
          insert into ledger_transfer_months (partition, min_seq, max_seq, max_account_id)
          select ${month.partition}, min(seq), max(seq), greatest(max(debit_account_id), max(credit_account_id))
            from ${sql.table(month.partition)}`.execute(trx)
        await sql
          .raw(
            `create trigger ${month.partition}_bound after insert on ${month.partition} for each row execute function ledger_transfer_month_bound()`,
          )
          .execute(trx)
      })
      ;(near ? result.unbounded : result.bounded).push(month.partition)
    } catch (error) {
      const code = (error as { code?: unknown }).code
      // 55P03: a lock not had in time (a later run tries again); 23505 or 42710: bounded by another instance meanwhile.
      if (code === '55P03') result.waited.push(month.partition)
      else if (code !== '23505' && code !== '42710') throw error
    }
  }
  return result
}

/** A month of transfers without its bound: the trigger that kept it, and the bound itself. */
async function takeBound(trx: Kysely<Database>, partition: string): Promise<void> {
  await sql.raw(`drop trigger if exists ${partition}_bound on ${partition}`).execute(trx)
  await sql`delete from ledger_transfer_months where partition = ${partition}`.execute(trx)
}

/**
 * Detaches a month: its rows leave the table (and every read of it) whole, into the standalone
 * table of the partition's name, kept — to be moved to cheaper storage, archived or attached back.
 * Their ids stay taken in the key tables.
 */
export async function detachMonth(db: Db, table: MonthlyTable, month: Month): Promise<string> {
  if (db.engine !== 'postgres') throw new Error('monthly partitions are PostgreSQL’s')
  const name = partitionName(table, month)
  await db.kysely.transaction().execute(async (trx) => {
    await sql.raw(`alter table ${table} detach partition ${name}`).execute(trx)
    // Out of the table, out of its bounds; attached back, it is bounded again by the next upkeep.
    if (table === 'ledger_transfers') await takeBound(trx, name)
  })
  return name
}

/** Attaches a detached month back (PostgreSQL checks its rows are of the month). */
export async function attachMonth(db: Db, table: MonthlyTable, month: Month): Promise<void> {
  if (db.engine !== 'postgres') throw new Error('monthly partitions are PostgreSQL’s')
  await sql
    .raw(
      `alter table ${table} attach partition ${partitionName(table, month)} for values from (${month.from}) to (${month.to})`,
    )
    .execute(db.kysely)
}
