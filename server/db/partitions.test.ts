// PostgreSQL's monthly partitions of the transfers and rounds: every row lands in its month; money's
// unique ids (a transfer's, a resolved hold's, a round's, a spin's requestId) stay unique across
// months — a retry that crossed a month's end moves nothing twice; the transfers stay append-only
// on every partition; an old month detaches whole and attaches back with its ids still taken; the
// app makes months ahead of its clock; and migration 0082 moves an existing history into months.
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import { buildTestApp, createTestDb, type TestDb, testDatabaseClient } from '../../tests/support/server.ts'
import { ledgerOnClock } from '../../tests/support/test-ledger.ts'
import { createDevicePlayer } from '../accounts/players.ts'
import { AccountDirectory } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'
import type { Db } from './database.ts'
import { isUniqueViolation } from './errors.ts'
import { migrateToLatest } from './migrate.ts'
import {
  attachMonth,
  detachMonth,
  ensureMonths,
  ensureMonthsOfAll,
  keepTransferMonthBounds,
  type MonthlyTable,
  monthOf,
  partitionedMonths,
  transferMonths,
} from './partitions.ts'

const JAN_END = Date.UTC(2026, 0, 31, 23, 59, 59, 900)
const FEB_START = Date.UTC(2026, 1, 1, 0, 0, 0, 100)

describe.skipIf(!process.env.TEST_DATABASE_URL)('monthly partitions on postgres', () => {
  let testDb: TestDb
  let close = async () => {}
  afterEach(async () => {
    await close()
    close = async () => {}
    await testDb.drop()
  })

  const months = (db: Db) => ensureMonthsOfAll(db, JAN_END, FEB_START)

  /** A ledger on `clock`, its house accounts, a player, and a credit to the player's cash by id. */
  async function playerLedger(db: Db, clock: { now: number }) {
    const { ledger } = await ledgerOnClock(db, clock)
    const player = await createDevicePlayer(db.kysely, clock.now)
    const credit = (id: string, amount: number) =>
      ledger.transfer({
        id,
        debit: { house: 'adjustments' },
        credit: { player, code: 'cash' },
        amount,
        kind: 'adjustment',
      })
    return { ledger, player, credit }
  }

  /** Two house accounts' ids, for rows written straight into the table. */
  async function twoHouseAccounts(db: Db): Promise<[number, number]> {
    const accounts = new AccountDirectory(db.kysely)
    await accounts.ensureHouseAccounts(JAN_END)
    return [accounts.houseIds('adjustments')[0] as number, accounts.houseIds('game')[0] as number]
  }

  async function rowsOf(db: Db, table: MonthlyTable, where: string) {
    const { rows } = await sql<{ partition: string }>`select tableoid::regclass::text as partition from ${sql.table(
      table,
    )} where ${sql.raw(where)} order by created_at`.execute(db.kysely)
    return rows.map((r) => r.partition.replace(/^.*\./, ''))
  }

  it('puts each transfer in its month, and a transfer retried across the month’s end moves the money once', async () => {
    testDb = await createTestDb('postgres')
    const { db } = testDb
    await months(db)
    const clock = { now: JAN_END }
    const { ledger, player, credit } = await playerLedger(db, clock)

    const [first] = await credit('credit-at-midnight', 700)
    clock.now = FEB_START
    const [again] = await credit('credit-at-midnight', 700)
    const [next] = await credit('credit-after-midnight', 700)

    expect(first?.replayed).toBe(false)
    expect(again).toMatchObject({ replayed: true, seq: first?.seq, createdAt: JAN_END })
    expect(next?.replayed).toBe(false)
    expect(await ledger.balances(player)).toMatchObject({ cash: 1400 })
    expect(await rowsOf(db, 'ledger_transfers', `id like 'credit-%'`)).toEqual([
      'ledger_transfers_p2026_01',
      'ledger_transfers_p2026_02',
    ])
    expect((await auditLedger(db.kysely)).ok).toBe(true)
  })

  it('refuses in the database a repeated transfer id, resolved hold, round id or requestId in another month, writing nothing', async () => {
    testDb = await createTestDb('postgres')
    const { db } = testDb
    await months(db)
    const [a, b] = await twoHouseAccounts(db)
    const transfer = (id: string, at: number, resolves: string | null = null) =>
      sql`insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, resolves_id,
            debit_balance_after, credit_balance_after, created_at)
          values (${id}, ${a}, ${b}, 1, 'adjustment', ${resolves}, 0, 0, ${at})`.execute(db.kysely)
    const refused = async (write: Promise<unknown>) => {
      const error = await write.then(
        () => null,
        (e: unknown) => e,
      )
      expect(isUniqueViolation(error), String(error)).toBe(true)
    }

    await transfer('t-1', JAN_END, 'hold-1')
    await refused(transfer('t-1', FEB_START))
    await refused(transfer('t-2', FEB_START, 'hold-1'))
    const transfers = await sql<{ n: string }>`select count(*) as n from ledger_transfers`.execute(db.kysely)
    const keys = await sql<{ n: string }>`select count(*) as n from ledger_transfer_keys`.execute(db.kysely)
    expect([Number(transfers.rows[0]?.n), Number(keys.rows[0]?.n)]).toEqual([1, 1])

    const player = await createDevicePlayer(db.kysely, JAN_END)
    const seed = await sql<{
      id: number
    }>`insert into fair_seeds (player_id, server_seed, server_seed_hash, client_seed, next_nonce, created_at)
      values (${player}, 's', 'h', 'c', 0, ${JAN_END}) returning id`.execute(db.kysely)
    const round = (id: string, requestId: string, at: number) =>
      sql`insert into game_rounds (id, player_id, session_id, request_id, game_id, game_version, bet, stops, win,
            jackpot_win, jackpot_contribution, balance_before, balance_after, seed_id, server_seed_hash, client_seed, nonce, created_at)
          values (${id}, ${player}, 's', ${requestId}, 'g', 1, 100, '[]', 0, 0, 0, 100, 0, ${seed.rows[0]?.id}, 'h', 'c', 0, ${at})`.execute(
        db.kysely,
      )
    await round('r-1', 'q-1', JAN_END)
    await refused(round('r-2', 'q-1', FEB_START))
    await refused(round('r-1', 'q-2', FEB_START))
    expect(await rowsOf(db, 'game_rounds', 'true')).toEqual(['game_rounds_p2026_01'])
  })

  it('keeps the transfers append-only on the table and on each month', async () => {
    testDb = await createTestDb('postgres')
    const { db } = testDb
    await months(db)
    const { credit } = await playerLedger(db, { now: JAN_END })
    await credit('kept', 5)
    for (const table of ['ledger_transfers', 'ledger_transfers_p2026_01']) {
      for (const statement of [
        `update ${table} set amount = 6 where id = 'kept'`,
        `delete from ${table} where id = 'kept'`,
        `truncate ${table}`,
      ]) {
        await expect(sql.raw(statement).execute(db.kysely), statement).rejects.toThrow(/append-only/)
      }
    }
    await expect(sql.raw(`delete from ledger_transfer_keys`).execute(db.kysely)).rejects.toThrow(/append-only/)
    expect(await rowsOf(db, 'ledger_transfers', `id = 'kept'`)).toEqual(['ledger_transfers_p2026_01'])
  })

  it('detaches an old month whole and attaches it back; its ids stay taken meanwhile', async () => {
    testDb = await createTestDb('postgres')
    const { db } = testDb
    await months(db)
    const clock = { now: JAN_END }
    const { ledger, player, credit } = await playerLedger(db, clock)
    const move = (id: string) => credit(id, 10)
    await move('january')
    clock.now = FEB_START
    await move('february')

    await keepTransferMonthBounds(db, Date.UTC(2026, 3, 1))
    expect((await transferMonths(db.kysely)).find((m) => m.partition === 'ledger_transfers_p2026_01')?.bounded).toBe(
      true,
    )
    const detached = await detachMonth(db, 'ledger_transfers', monthOf(JAN_END))
    expect(detached).toBe('ledger_transfers_p2026_01')
    // Out of the table, out of the bounds, and no trigger left to keep a bound that is gone.
    expect(
      (await sql`select 1 from ledger_transfer_months where partition = ${detached}`.execute(db.kysely)).rows,
    ).toEqual([])
    expect((await sql`select 1 from pg_trigger where tgname = ${`${detached}_bound`}`.execute(db.kysely)).rows).toEqual(
      [],
    )
    expect((await partitionedMonths(db, 'ledger_transfers')).map((m) => m.name)).not.toContain('2026_01')
    expect(await rowsOf(db, 'ledger_transfers', 'true')).toEqual(['ledger_transfers_p2026_02'])
    const kept = await sql<{ id: string }>`select id from ledger_transfers_p2026_01`.execute(db.kysely)
    expect(kept.rows.map((r) => r.id)).toEqual(['january'])
    // The detached row is out of the ledger's sight, but its id is still taken: nothing moves.
    const retried = await move('january').then(
      ([result]) => result?.replayed,
      () => 'refused',
    )
    expect(retried).not.toBe(false)

    await attachMonth(db, 'ledger_transfers', monthOf(JAN_END))
    expect(await rowsOf(db, 'ledger_transfers', 'true')).toEqual([
      'ledger_transfers_p2026_01',
      'ledger_transfers_p2026_02',
    ])
    expect(await ledger.balances(player)).toMatchObject({ cash: 20 })
    expect((await auditLedger(db.kysely)).ok).toBe(true)
  })

  it('makes a month while spins write and a report reads the table, without waiting for them', async () => {
    testDb = await createTestDb('postgres')
    const { db } = testDb
    await months(db)
    const [a, b] = await twoHouseAccounts(db)
    // Another connection, mid-transaction: a write into January and a report over January.
    const other = await testDatabaseClient(db)
    try {
      await other.query('begin')
      await other.query(
        `insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, debit_balance_after, credit_balance_after, created_at)
         values ('open-write', $1, $2, 1, 'adjustment', 0, 0, $3)`,
        [a, b, JAN_END],
      )
      const january = monthOf(JAN_END)
      await other.query('select count(*) from ledger_transfers where created_at >= $1 and created_at < $2', [
        january.from,
        january.to,
      ])
      const started = performance.now()
      const june = Date.UTC(2026, 5, 10)
      const ensured = await ensureMonths(db, 'ledger_transfers', june, june)
      expect(ensured).toEqual({ made: ['ledger_transfers_p2026_06'], waited: [], heldByDefault: [] })
      expect(performance.now() - started).toBeLessThan(2_000)
    } finally {
      await other.query('rollback')
      await other.end()
    }
    // The attached month is whole: its indexes, its append-only TRUNCATE, its key trigger.
    await sql`insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, debit_balance_after, credit_balance_after, created_at)
      values ('in-june', ${a}, ${b}, 1, 'adjustment', 0, 0, ${Date.UTC(2026, 5, 10)})`.execute(db.kysely)
    expect(await rowsOf(db, 'ledger_transfers', `id = 'in-june'`)).toEqual(['ledger_transfers_p2026_06'])
    await expect(sql.raw('truncate ledger_transfers_p2026_06').execute(db.kysely)).rejects.toThrow(/append-only/)
    const key = await sql<{ n: string }>`select count(*) as n from ledger_transfer_keys where id = 'in-june'`.execute(
      db.kysely,
    )
    expect(Number(key.rows[0]?.n)).toBe(1)
    const indexes = await sql<{ n: string }>`select count(*) as n from pg_indexes
      where tablename = 'ledger_transfers_p2026_06' and schemaname = current_schema()`.execute(db.kysely)
    const parentIndexes = await sql<{ n: string }>`select count(*) as n from pg_indexes
      where tablename = 'ledger_transfers' and schemaname = current_schema()`.execute(db.kysely)
    expect(Number(indexes.rows[0]?.n)).toBe(Number(parentIndexes.rows[0]?.n))
  })

  it('makes a month once when two instances make it at the same moment, neither failing', async () => {
    testDb = await createTestDb('postgres')
    const { db } = testDb
    const june = Date.UTC(2026, 5, 10)
    const both = await Promise.all([
      ensureMonths(db, 'game_rounds', june, june),
      ensureMonths(db, 'game_rounds', june, june),
    ])
    expect(both.flatMap((one) => one.made)).toEqual(['game_rounds_p2026_06'])
    expect((await partitionedMonths(db, 'game_rounds')).map((m) => m.name)).toContain('2026_06')
  })

  it('makes the months from its clock’s to three ahead when the app starts', async () => {
    testDb = await createTestDb('postgres')
    const app = await buildTestApp(testDb.db, {}, manualClock(Date.UTC(2031, 5, 15)))
    close = () => app.close()
    for (const table of ['ledger_transfers', 'game_rounds'] as const) {
      const names = (await partitionedMonths(testDb.db, table)).map((m) => m.name)
      expect(names).toEqual(expect.arrayContaining(['2031_06', '2031_07', '2031_08', '2031_09']))
      expect(names).not.toContain('2031_10')
    }
    // The months of transfers away from the clock are bounded from the start; the clock's is not.
    const bounded = (await transferMonths(testDb.db.kysely)).filter((m) => m.bounded).map((m) => m.partition)
    expect(bounded).toEqual(
      expect.arrayContaining(['ledger_transfers_p2031_08', 'ledger_transfers_p2031_09', 'ledger_transfers_pdefault']),
    )
    expect(bounded).not.toContain('ledger_transfers_p2031_06')
  })

  it('moves a history written before the partitions into its months, keys and all', async () => {
    testDb = await createTestDb('postgres', '0081-background-reads-indexes')
    const { db } = testDb
    const clock = { now: Date.UTC(2025, 6, 10) }
    const { ledger, player, credit } = await playerLedger(db, clock)
    for (const [id, at] of [
      ['july', Date.UTC(2025, 6, 10)],
      ['september', Date.UTC(2025, 8, 30, 23, 59)],
    ] as const) {
      clock.now = at
      await credit(id, 3)
    }
    await migrateToLatest(db)

    expect(await rowsOf(db, 'ledger_transfers', `id in ('july', 'september')`)).toEqual([
      'ledger_transfers_p2025_07',
      'ledger_transfers_p2025_09',
    ])
    const names = (await partitionedMonths(db, 'ledger_transfers')).map((m) => m.name)
    expect(names.slice(0, 3)).toEqual(['2025_07', '2025_08', '2025_09'])
    clock.now = Date.now()
    const [again] = await credit('july', 3)
    expect(again?.replayed).toBe(true)
    expect(await ledger.balances(player)).toMatchObject({ cash: 6 })
    expect((await auditLedger(db.kysely)).ok).toBe(true)
  })
})
