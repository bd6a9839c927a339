// PostgreSQL: the two tables that grow with every spin — the ledger's transfers and the games'
// rounds — become partitioned by calendar month (UTC) of `created_at`, so a month's rows, their
// indexes included, live in a table of their own: the current month's indexes stay small and
// cached while the year grows, a report over a period reads only its months, and an old month can
// be detached whole. A default partition takes a row no month was made for (the app makes months
// ahead: server/db/partitions.ts), so a write is never refused for want of one.
//
// PostgreSQL wants a partitioned table's unique indexes to hold the partition key, and these
// tables' unique indexes are money's idempotency: a transfer's id, the hold a post or void
// resolves, a round's id and a spin's (player, requestId). Made per month, a retry that crossed
// midnight at a month's end would be let in again and move money twice. So the uniqueness moves to
// small unpartitioned key tables written by a trigger in the same statement as the row — one key
// per transfer, one per resolution, one per round — and stays whole across every month, detached
// ones included. A round's key also names its game: the finance report finds a bet's game by the
// round id alone, one probe of the key table, not one per month. SQLite: one file, nothing to partition; nothing to do.
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'
import { makeAppendOnly, refuseTruncate } from './0062-append-only.ts'

/** How the two tables' monthly partitions are named: `ledger_transfers_p2026_11`, `…_pdefault`. */
const partitionName = (table: string, year: number, month: number) =>
  `${table}_p${year}_${String(month + 1).padStart(2, '0')}`

/** How many months past the present are made with the table (the app keeps them ahead from then on). */
const MONTHS_AHEAD = 3

interface Converted {
  table: 'ledger_transfers' | 'game_rounds'
  /** The primary key, with the partition key added. */
  primaryKey: string
  /** The whole table's primary key and unique constraints (made again by `down`). */
  wholeKeys: string[]
  /** Unique indexes that move to key tables, kept as plain indexes for lookups: name → what it indexes. */
  lookups: Record<string, string>
  /** Fills the key tables from the whole table's rows. */
  fillKeys: (whole: string) => string[]
  /** The sequence its column owns, moved with the column. */
  sequence?: string
  /** Append-only (0062): each month refuses TRUNCATE too. */
  appendOnly: boolean
}

const converted: Converted[] = [
  {
    table: 'ledger_transfers',
    primaryKey: '(seq, created_at)',
    wholeKeys: [
      'ledger_transfers_pkey primary key (seq)',
      'ledger_transfers_id_key unique (id)',
      'ledger_transfers_resolves_id_key unique (resolves_id)',
    ],
    lookups: {
      ledger_transfers_id: '(id)',
      ledger_transfers_resolves: '(resolves_id) where resolves_id is not null',
    },
    fillKeys: (whole) => [
      `insert into ledger_transfer_keys (id) select id from ${whole}`,
      `insert into ledger_transfer_resolutions (resolves_id) select resolves_id from ${whole} where resolves_id is not null`,
    ],
    sequence: 'ledger_transfers_seq_seq',
    appendOnly: true,
  },
  {
    table: 'game_rounds',
    primaryKey: '(id, created_at)',
    wholeKeys: ['game_rounds_pkey primary key (id)', 'game_rounds_request unique (player_id, request_id)'],
    lookups: { game_rounds_request: '(player_id, request_id)' },
    fillKeys: (whole) => [
      `insert into game_round_keys (id, player_id, request_id, game_id) select id, player_id, request_id, game_id from ${whole}`,
    ],
    appendOnly: false,
  },
]

const keyTables = `
create table ledger_transfer_keys (id text primary key);
create table ledger_transfer_resolutions (resolves_id text primary key);
create table game_round_keys (
  id text primary key,
  player_id bigint not null,
  request_id text not null,
  game_id text not null,
  constraint game_round_keys_request unique (player_id, request_id)
);
create function ledger_transfer_key() returns trigger language plpgsql as $fn$
begin
  insert into ledger_transfer_keys (id) values (new.id);
  if new.resolves_id is not null then
    insert into ledger_transfer_resolutions (resolves_id) values (new.resolves_id);
  end if;
  return new;
end
$fn$;
create function game_round_key() returns trigger language plpgsql as $fn$
begin
  insert into game_round_keys (id, player_id, request_id, game_id) values (new.id, new.player_id, new.request_id, new.game_id);
  return new;
end
$fn$;`

const keyTriggers = `
create trigger ledger_transfers_key before insert on ledger_transfers
  for each row execute function ledger_transfer_key();
create trigger game_rounds_key before insert on game_rounds
  for each row execute function game_round_key();`

/** The spin function's look for a repeated requestId: one probe of the key table, not one per month. */
const replayByRounds = 'select 1 from game_rounds r where r.player_id = p_player_id and r.request_id = p_request_id'
const replayByKeys = 'select 1 from game_round_keys r where r.player_id = p_player_id and r.request_id = p_request_id'

async function statements(db: Kysely<unknown>, text: string) {
  for (const statement of text.split(/;\s*\n(?=create)/)) await sql.raw(statement).execute(db)
}

/** The table's secondary indexes as the catalog writes them (not those backing a constraint). */
async function secondaryIndexes(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`
    select i.indexdef as statement from pg_indexes i
     where i.schemaname = current_schema() and i.tablename = ${table}
       and not exists (select 1 from pg_constraint c join pg_class ic on ic.oid = c.conindid where ic.relname = i.indexname)
     order by i.indexname`.execute(db)
  // A partitioned table's own index reads "ON ONLY"; made again it must reach its partitions.
  return rows.map((r) => r.statement.replace(' ON ONLY ', ' ON '))
}

async function constraintsOf(db: Kysely<unknown>, table: string, types: string[]) {
  const { rows } = await sql<{ name: string; definition: string }>`
    select c.conname as name, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = current_schema() and t.relname = ${table} and c.contype = any(${types}::"char"[])
     order by c.conname`.execute(db)
  return rows
}

async function spinFunction(db: Kysely<unknown>): Promise<string | null> {
  const { rows } = await sql<{ text: string }>`
    select pg_get_functiondef(p.oid) as text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where p.proname = 'ledger_spin' and n.nspname = current_schema()`.execute(db)
  return rows[0]?.text ?? null
}

async function replaceInSpinFunction(db: Kysely<unknown>, from: string, to: string) {
  const text = await spinFunction(db)
  if (text === null) return
  if (text.split(from).length !== 2) throw new Error(`ledger_spin: not found once: ${from}`)
  await sql.raw(text.replace(from, to)).execute(db)
}

/** The months from the oldest row's to MONTHS_AHEAD past the present, as [year, month (0–11)]. */
async function monthsToMake(db: Kysely<unknown>, table: string): Promise<Array<[number, number]>> {
  const { rows } = await sql<{
    oldest: string | null
  }>`select min(created_at) as oldest from ${sql.table(table)}`.execute(db)
  const now = new Date()
  const first = rows[0]?.oldest === null || rows[0]?.oldest === undefined ? now : new Date(Number(rows[0].oldest))
  const months: Array<[number, number]> = []
  const last = now.getUTCFullYear() * 12 + now.getUTCMonth() + MONTHS_AHEAD
  for (let m = first.getUTCFullYear() * 12 + first.getUTCMonth(); m <= last; m++)
    months.push([Math.floor(m / 12), m % 12])
  return months
}

async function partition(db: Kysely<unknown>, spec: Converted) {
  const { table } = spec
  const whole = `${table}_whole`
  const indexes = await secondaryIndexes(db, table)
  const checks = await constraintsOf(db, table, ['c', 'f'])
  const months = (await monthsToMake(db, table)).map(([year, month]) => ({
    name: partitionName(table, year, month),
    bounds: `for values from (${Date.UTC(year, month, 1)}) to (${Date.UTC(year, month + 1, 1)})`,
  }))

  await sql.raw(`alter table ${table} rename to ${whole}`).execute(db)
  await sql.raw(`create table ${table} (like ${whole} including defaults) partition by range (created_at)`).execute(db)
  for (const { name, bounds } of [...months, { name: `${table}_pdefault`, bounds: 'default' }]) {
    await sql.raw(`create table ${name} partition of ${table} ${bounds}`).execute(db)
    if (spec.appendOnly) await refuseTruncate(db, name)
  }
  await sql.raw(`insert into ${table} select * from ${whole}`).execute(db)
  if (spec.sequence) await sql.raw(`alter sequence ${spec.sequence} owned by ${table}.seq`).execute(db)
  for (const statement of spec.fillKeys(whole)) await sql.raw(statement).execute(db)
  // The whole table goes with its indexes, constraints and triggers; the partitioned one takes
  // them again under the same names.
  await sql.raw(`drop table ${whole}`).execute(db)
  await sql.raw(`alter table ${table} add constraint ${table}_pkey primary key ${spec.primaryKey}`).execute(db)
  for (const check of checks)
    await sql.raw(`alter table ${table} add constraint ${check.name} ${check.definition}`).execute(db)
  for (const statement of indexes) await sql.raw(statement).execute(db)
  for (const [name, on] of Object.entries(spec.lookups))
    await sql.raw(`create index ${name} on ${table} ${on}`).execute(db)
}

/** Back to one table per name, the unique indexes on it again. */
async function unpartition(db: Kysely<unknown>, spec: Converted) {
  const { table } = spec
  const parted = `${table}_parted`
  const lookups = Object.keys(spec.lookups)
  const indexes = (await secondaryIndexes(db, table)).filter(
    (statement) => !lookups.some((name) => statement.startsWith(`CREATE INDEX ${name} ON `)),
  )
  const checks = await constraintsOf(db, table, ['c', 'f'])
  await sql.raw(`alter table ${table} rename to ${parted}`).execute(db)
  await sql.raw(`create table ${table} (like ${parted} including defaults)`).execute(db)
  await sql.raw(`insert into ${table} select * from ${parted}`).execute(db)
  if (spec.sequence) await sql.raw(`alter sequence ${spec.sequence} owned by ${table}.seq`).execute(db)
  await sql.raw(`drop table ${parted}`).execute(db)
  for (const constraint of [...spec.wholeKeys, ...checks.map((check) => `${check.name} ${check.definition}`)])
    await sql.raw(`alter table ${table} add constraint ${constraint}`).execute(db)
  for (const statement of indexes) await sql.raw(statement).execute(db)
}

export function monthlyPartitionsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return
      await statements(db, keyTables)
      for (const spec of converted) await partition(db, spec)
      await statements(db, keyTriggers)
      for (const table of ['ledger_transfers', 'ledger_transfer_keys', 'ledger_transfer_resolutions'])
        await makeAppendOnly(db, engine, table)
      await replaceInSpinFunction(db, replayByRounds, replayByKeys)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return
      await replaceInSpinFunction(db, replayByKeys, replayByRounds)
      for (const spec of converted) await unpartition(db, spec)
      await makeAppendOnly(db, engine, 'ledger_transfers')
      await sql.raw('drop table ledger_transfer_keys, ledger_transfer_resolutions, game_round_keys').execute(db)
      await sql.raw('drop function ledger_transfer_key(), game_round_key()').execute(db)
    },
  }
}
