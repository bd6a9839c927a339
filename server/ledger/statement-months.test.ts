// The statement over PostgreSQL's months of transfers: the months away from the clock get a bound
// (lowest and highest seq, highest account moved) that a row written there later keeps true; a
// statement page is the same as read over every month, a transfer written late into an old month
// included; and a page reads only the months that may hold it — a month locked by another
// connection holds up only the player whose lines are in it.
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb, testDatabaseClient } from '../../tests/support/server.ts'
import { ledgerOnClock } from '../../tests/support/test-ledger.ts'
import { createDevicePlayer } from '../accounts/players.ts'
import type { Db } from '../db/database.ts'
import { ensureMonthsOfAll, keepTransferMonthBounds, transferMonths } from '../db/partitions.ts'
import { hold, voidHold } from './holds.ts'
import { readStatement } from './statement.ts'

const SEP = Date.UTC(2026, 8, 10)
const OCT = Date.UTC(2026, 9, 10)
const NOV = Date.UTC(2026, 10, 15)
const DAY = 86_400_000

describe.skipIf(!process.env.TEST_DATABASE_URL)('the statement over bounded months on postgres', () => {
  let testDb: TestDb
  afterEach(async () => {
    await testDb.drop()
  })

  /** A database with months from August to January, a ledger on `clock`, and a way to make players. */
  async function setUp(db: Db, clock: { now: number }) {
    await ensureMonthsOfAll(db, Date.UTC(2026, 7, 1), Date.UTC(2027, 0, 1))
    const { ledger, accounts } = await ledgerOnClock(db, clock)
    let n = 0
    const credit = (player: number, amount: number) =>
      ledger.transfer({
        id: `credit-${player}-${++n}`,
        debit: { house: 'adjustments' },
        credit: { player, code: 'cash' },
        amount,
        kind: 'adjustment',
      })
    const statement = (player: number, pageSize: number, cursor?: string) =>
      readStatement(db.kysely, 'postgres', accounts, player, { pageSize, ...(cursor ? { cursor } : {}) })
    /** Every line of the statement, page by page. */
    const wholeStatement = async (player: number, pageSize: number) => {
      const lines: { transferId: string; amount: number; balanceAfter: number }[] = []
      let cursor: string | undefined
      for (let pages = 0; pages < 200; pages++) {
        const page = await statement(player, pageSize, cursor)
        lines.push(
          ...page.entries.map(({ transferId, amount, balanceAfter }) => ({ transferId, amount, balanceAfter })),
        )
        if (page.nextCursor === null) return lines
        cursor = page.nextCursor
      }
      throw new Error('the statement never ended')
    }
    return { ledger, credit, statement, wholeStatement, player: () => createDevicePlayer(db.kysely, clock.now) }
  }

  const bounds = async (db: Db) =>
    Object.fromEntries((await transferMonths(db.kysely)).map((m) => [m.partition.replace('ledger_transfers_p', ''), m]))

  it('bounds the months away from the clock, unbounds them as it nears, and a row written later into a bounded month keeps its bound true', async () => {
    testDb = await createTestDb('postgres')
    const { db } = testDb
    const clock = { now: SEP }
    const { credit, player } = await setUp(db, clock)
    const early = await player()
    const [september] = await credit(early, 100)
    clock.now = NOV
    expect(await keepTransferMonthBounds(db, NOV)).toMatchObject({ waited: [] })
    let months = await bounds(db)
    expect(months['2026_11']?.bounded).toBe(false)
    for (const name of ['2026_08', '2026_09', '2026_10', '2026_12', '2027_01', 'default'])
      expect(months[name]?.bounded, name).toBe(true)
    expect(months['2026_09']).toMatchObject({ minSeq: september?.seq, maxSeq: september?.seq })
    expect(months['2026_10']).toMatchObject({ minSeq: null, maxSeq: null, maxAccountId: null })

    // A transfer whose clock was read in September, written now: the bound moves with it.
    const late = await player()
    clock.now = SEP + DAY
    const [written] = await credit(late, 200)
    months = await bounds(db)
    expect(months['2026_09']).toMatchObject({ minSeq: september?.seq, maxSeq: written?.seq })
    const lateCash = await sql<{ id: number }>`
      select id from ledger_accounts where player_id = ${late} and code = 'cash'`.execute(db.kysely)
    expect(months['2026_09']?.maxAccountId).toBe(Number(lateCash.rows[0]?.id))

    // Two days before December, December loses its bound; two days after it, November gets one.
    await keepTransferMonthBounds(db, Date.UTC(2026, 10, 29, 12))
    months = await bounds(db)
    expect([months['2026_11']?.bounded, months['2026_12']?.bounded]).toEqual([false, false])
    await keepTransferMonthBounds(db, Date.UTC(2026, 11, 3, 12))
    months = await bounds(db)
    expect([months['2026_11']?.bounded, months['2026_12']?.bounded, months['2027_01']?.bounded]).toEqual([
      true,
      false,
      true,
    ])
  })

  it('bounds a month once when two instances bound it at the same moment, neither failing', async () => {
    testDb = await createTestDb('postgres')
    const { db } = testDb
    const clock = { now: SEP }
    const { credit, player } = await setUp(db, clock)
    const [written] = await credit(await player(), 100)
    const both = await Promise.all([keepTransferMonthBounds(db, NOV), keepTransferMonthBounds(db, NOV)])
    const bounded = both.flatMap((one) => one.bounded)
    expect(bounded.filter((name) => name === 'ledger_transfers_p2026_09')).toHaveLength(1)
    expect(both.flatMap((one) => one.waited)).toEqual([])
    expect((await bounds(db))['2026_09']).toMatchObject({ minSeq: written?.seq, maxSeq: written?.seq })
  })

  it('reads every page as over every month, a transfer written late into an old month on top', async () => {
    testDb = await createTestDb('postgres')
    const { db } = testDb
    const clock = { now: SEP }
    const { ledger, credit, wholeStatement, player } = await setUp(db, clock)
    const regular = await player()
    for (const [at, count] of [
      [SEP, 9],
      [OCT, 7],
      [NOV, 11],
    ] as const) {
      for (let i = 0; i < count; i++) {
        clock.now = at + i * 60_000
        await credit(regular, 100 + i)
        if (i % 4 === 1) {
          await ledger.transact((tx) => hold(tx, { id: `h-${at}-${i}`, playerId: regular, amount: 50 }))
          await ledger.transact((tx) => voidHold(tx, { id: `v-${at}-${i}`, holdId: `h-${at}-${i}` }))
        }
      }
    }
    await keepTransferMonthBounds(db, NOV)
    // The newest transfer of all, by seq, dated in September.
    clock.now = SEP + DAY
    const [late] = await credit(regular, 999)

    const bounded = new Map<number, Awaited<ReturnType<typeof wholeStatement>>>()
    for (const pageSize of [1, 3, 7, 40]) bounded.set(pageSize, await wholeStatement(regular, pageSize))
    expect(bounded.get(3)?.[0]).toMatchObject({ transferId: late?.id, amount: 999 })

    // The same player, every month read for every page.
    await sql`delete from ledger_transfer_months`.execute(db.kysely)
    expect((await transferMonths(db.kysely)).every((m) => !m.bounded)).toBe(true)
    for (const [pageSize, lines] of bounded)
      expect(await wholeStatement(regular, pageSize), `page size ${pageSize}`).toEqual(lines)
    // 27 credits and the late one; 7 holds, each a line and its return another.
    expect(bounded.get(40)?.length).toBe(28 + 7 * 2)
  })

  it('reads only the months that may hold the page: a month locked by another connection holds up only the player whose lines are in it', async () => {
    testDb = await createTestDb('postgres')
    const { db } = testDb
    const clock = { now: SEP }
    const { credit, statement, player } = await setUp(db, clock)
    const old = await player()
    const regular = await player()
    await credit(old, 500)
    await credit(regular, 500)
    clock.now = NOV
    for (let i = 0; i < 30; i++) await credit(regular, 10 + i)
    const fresh = await player()
    await credit(fresh, 70)
    await keepTransferMonthBounds(db, NOV)

    const locker = await testDatabaseClient(db)
    try {
      await locker.query('begin')
      await locker.query('lock table ledger_transfers_p2026_09 in access exclusive mode')
      const within = <T>(work: Promise<T>) =>
        Promise.race([work, new Promise<'held up'>((resolve) => setTimeout(() => resolve('held up'), 2_000))])
      // A new player's accounts are past every account September moved; the regular's page is full
      // of November's lines, all newer than September's newest.
      expect(await within(statement(fresh, 20))).toMatchObject({ entries: [{ amount: 70 }] })
      expect((await within(statement(regular, 5))) as { entries: unknown[] }).toMatchObject({
        entries: [{ amount: 39 }, { amount: 38 }, { amount: 37 }, { amount: 36 }, { amount: 35 }],
      })
      const held = statement(old, 20)
      expect(await within(held)).toBe('held up')
      await locker.query('rollback')
      expect(await held).toMatchObject({ entries: [{ amount: 500 }] })
    } finally {
      await locker.end()
    }
  })
})
