// A spin retried across a month's end on PostgreSQL, where rounds and transfers live in monthly
// partitions: the repeat of a requestId answers the first round (money moved once, one round, in
// the month it was played) on the spin's one-statement path and on its LedgerTx path alike — the
// requestId's uniqueness is the key table's, not a month's.
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { openGameSession } from '../../tests/support/game-session.ts'
import { loginPlayer } from '../../tests/support/server.ts'
import { spinPathApp } from '../../tests/support/spin-path-app.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'

const LAST_MOMENT_OF_JANUARY = Date.UTC(2026, 0, 31, 23, 59, 59, 800)

describe.runIf(process.env.TEST_DATABASE_URL)('a spin retried across a month’s end on postgres', () => {
  const open: { close(): Promise<void> }[] = []
  afterEach(async () => {
    for (const one of open.splice(0)) await one.close()
  })

  it.each([
    ['one-statement', true],
    ['LedgerTx', false],
  ])('answers the first round on the %s path: one round, the bet taken once', async (_path, oneStatement) => {
    const { app, testDb, clock, close } = await spinPathApp('postgres', LAST_MOMENT_OF_JANUARY - 60_000, {
      direct: false,
      oneStatement,
    })
    open.push({ close })
    const { call, userId } = await loginPlayer(app, {
      ageConfirmed: true,
      cash: 5_000,
      registrationLimits: { dailyLoss: 1_000_000, dailyMinutes: 24 * 60 },
    })
    const { sessionToken } = await openGameSession(app, call)
    const spin = () =>
      app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet: 100, requestId: '00000000-0000-4000-8000-00000000e0e0' },
      })

    clock.time = LAST_MOMENT_OF_JANUARY
    const first = await spin()
    clock.time = LAST_MOMENT_OF_JANUARY + 400
    const again = await spin()

    expect(first.statusCode).toBe(200)
    expect(again.statusCode).toBe(200)
    const firstRound = first.json().data
    const repeated = again.json().data
    expect(repeated.roundId).toBe(firstRound.roundId)
    const db = testDb.db.kysely
    const rounds = await sql<{ partition: string }>`
      select tableoid::regclass::text as partition from game_rounds where player_id = ${userId}`.execute(db)
    expect(rounds.rows.map((r) => r.partition.replace(/^.*\./, ''))).toEqual(['game_rounds_p2026_01'])
    const bets = await sql<{ n: string }>`
      select count(*) as n from ledger_transfers where kind = 'bet' and reference like 'round:%'`.execute(db)
    expect(Number(bets.rows[0]?.n)).toBe(1)
    const balances = await readPlayerBalances(db, userId)
    expect(balances.cash).toBe(5_000 - 100 + Number(firstRound.win ?? 0))
  })
})
