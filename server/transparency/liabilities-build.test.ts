// The proof of liabilities built while the ledger moves, on each engine: every balance read from
// one snapshot (money moving between players while the pages are read is counted once), and one
// builder per day across instances (a second instance waits instead of deleting or doubling the
// first one's leaves; a claim left by a stalled instance is taken over once it expires).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '../../tests/support/server.ts'
import { createTestLedger, type TestLedger } from '../../tests/support/test-ledger.ts'
import { playerLiabilities } from '../ledger/transparency.ts'
import { buildLiabilities, type LiabilitiesBuild } from './liabilities.ts'

const DAY = '2026-03-10'
const PLAYERS = 24

describe.each(engines)('building the proof of liabilities on %s', (engine) => {
  let t: TestLedger
  let players: number[]
  const builder = (holder: string, now = () => Date.now()): LiabilitiesBuild => ({
    db: t.db.kysely,
    readSnapshot: t.db.readSnapshot,
    holder,
    now,
    // A page per player: the moves below land between the pages.
    pageSize: 1,
  })
  const leaves = () =>
    t.db.kysely
      .selectFrom('liability_leaves')
      .select(['player_id', 'balance', 'position'])
      .where('day', '=', DAY)
      .orderBy('position')
      .execute()

  beforeEach(async () => {
    t = await createTestLedger(engine)
    players = []
    for (let i = 0; i < PLAYERS; i++) {
      const player = await t.newPlayer()
      players.push(player)
      await t.ledger.transfer({
        id: `fund-${player}`,
        debit: { house: 'adjustments' },
        credit: { player, code: 'cash' },
        amount: 10_000,
        kind: 'adjustment',
      })
    }
  })
  afterEach(async () => {
    await t.drop()
  })

  it('adds up to the ledger at one instant while money moves from the last player read to the first', async () => {
    const owed = await playerLiabilities(t.db.kysely)
    expect(owed).toBe(PLAYERS * 10_000)
    const first = players[0] as number
    const last = players.at(-1) as number
    let moving = true
    let moves = 0
    // Each move takes R$ 1 from the player read last and gives it to the player read first: a
    // page-by-page read without one snapshot misses what moved after the first page was read.
    const mover = (async () => {
      while (moving && moves < 60) {
        await t.ledger.transfer({
          id: `move-${moves}`,
          debit: { player: last, code: 'cash' },
          credit: { player: first, code: 'cash' },
          amount: 100,
          kind: 'adjustment',
        })
        moves++
      }
    })()
    const built = await buildLiabilities(builder('one'), DAY)
    moving = false
    await mover
    expect(moves).toBeGreaterThan(0)
    expect(built).toMatchObject({ total: owed, players: PLAYERS })
    const rows = await leaves()
    expect(rows.reduce((sum, row) => sum + Number(row.balance), 0)).toBe(owed)
    // The moves happened (the ledger's figure is unchanged: money only changed hands).
    expect(await playerLiabilities(t.db.kysely)).toBe(owed)
    expect((await t.ledger.balances(last)).cash).toBe(10_000 - moves * 100)
  })

  it('lets one of two instances build a day: the other waits, and the leaves are the builder’s, each player once', async () => {
    const [a, b] = await Promise.all([buildLiabilities(builder('a'), DAY), buildLiabilities(builder('b'), DAY)])
    const built = [a, b].filter((figures) => figures !== null)
    expect(built).toHaveLength(1)
    const rows = await leaves()
    expect(rows).toHaveLength(PLAYERS)
    expect(new Set(rows.map((row) => Number(row.player_id))).size).toBe(PLAYERS)
    expect(rows.map((row) => Number(row.position))).toEqual([...Array(PLAYERS).keys()])
    const tree = await t.db.kysely
      .selectFrom('liability_trees')
      .select(['total', 'player_count'])
      .where('day', '=', DAY)
      .executeTakeFirstOrThrow()
    expect({ total: Number(tree.total), players: Number(tree.player_count) }).toEqual({
      total: PLAYERS * 10_000,
      players: PLAYERS,
    })
    // The claim is given back once the day's tree is stored.
    expect(await t.db.kysely.selectFrom('liability_claims').selectAll().execute()).toEqual([])
  })

  it('waits while another instance’s claim holds, and takes over a claim left to expire by a stalled one', async () => {
    const now = Date.now()
    await t.db.kysely
      .insertInto('liability_claims')
      .values({ day: DAY, holder: 'stalled', until: now + 60_000 })
      .execute()
    // A half-written attempt of the stalled instance.
    await t.db.kysely
      .insertInto('liability_leaves')
      .values({ day: DAY, position: 0, player_id: players[3] as number, salt: 'x', balance: 1 })
      .execute()
    expect(
      await buildLiabilities(
        builder('next', () => now),
        DAY,
      ),
    ).toBeNull()
    expect(await leaves()).toHaveLength(1)
    // Past the claim's time the next instance builds it, from the start.
    const built = await buildLiabilities(
      builder('next', () => now + 60_000),
      DAY,
    )
    expect(built).toMatchObject({ total: PLAYERS * 10_000, players: PLAYERS })
    expect(await leaves()).toHaveLength(PLAYERS)
  })
})
