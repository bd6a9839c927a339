// The lobby's plays of the last 7 days: kept per settled five minutes, yet always equal to a full
// recount of the window, as time moves and rounds arrive — including rounds written a little
// after their time (a spin's transaction commits after its `created_at`).
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addSpinHistory } from '../../tests/support/history.ts'
import { createTestApp, engines, loginPlayer, type TestApp } from '../../tests/support/server.ts'
import { PlayCounts, WEEK_MS } from './play-counts.ts'

const HOUR = 3600_000

describe.each(engines)('lobby play counts on %s', (engine) => {
  let t: TestApp
  beforeEach(async () => {
    t = await createTestApp(engine)
  })
  afterEach(async () => {
    await t.close()
  })

  async function recount(now: number) {
    const { rows } = await sql<{ game_id: string; n: number }>`
      select game_id, count(*) as n from game_rounds where created_at > ${now - WEEK_MS} group by game_id`.execute(
      t.db.kysely,
    )
    return new Map(rows.map((r) => [r.game_id, Number(r.n)]))
  }

  it('equals a full recount of the week at every moment as time moves and rounds arrive', async () => {
    const { userId } = await loginPlayer(t.app, { cash: 10_000 })
    const start = Date.UTC(2026, 10, 1, 0, 17)
    // Nine days of rounds, one every 7 minutes, on two games.
    await addSpinHistory(t.db, t.app.ledger.accounts, {
      playerId: userId,
      rounds: 1_900,
      from: start,
      stepMs: 7 * 60_000,
    })
    await addSpinHistory(t.db, t.app.ledger.accounts, {
      playerId: userId,
      rounds: 300,
      from: start + 3 * 24 * HOUR,
      stepMs: 11 * 60_000,
      gameId: 'amazonia',
    })
    const counts = new PlayCounts()
    let now = start + 8 * 24 * HOUR + 13 * 60_000
    for (let step = 0; step < 12; step++) {
      expect(await counts.lastWeek(t.db.kysely, now), `at step ${step}`).toEqual(await recount(now))
      if (step === 5) {
        // A round stamped two minutes ago arrives now: it is in the live edge, not a settled bucket.
        await addSpinHistory(t.db, t.app.ledger.accounts, { playerId: userId, rounds: 1, from: now - 2 * 60_000 })
      }
      now += 23 * 60_000
    }
  })

  it("counts the settled buckets once at start-up, so the first lobby reads only the week's edges", async () => {
    const { userId } = await loginPlayer(t.app, { cash: 10_000 })
    const now = Date.UTC(2026, 10, 9, 12, 30)
    await addSpinHistory(t.db, t.app.ledger.accounts, {
      playerId: userId,
      rounds: 200,
      from: now - 6 * 24 * HOUR,
      stepMs: 40 * 60_000,
    })
    const counts = new PlayCounts()
    await counts.warm(t.db.kysely, now)
    // A round written into a settled bucket after the count is not read again: the bucket was kept.
    await addSpinHistory(t.db, t.app.ledger.accounts, { playerId: userId, rounds: 1, from: now - 3 * 24 * HOUR })
    const full = await recount(now)
    const week = await counts.lastWeek(t.db.kysely, now)
    expect(week.get('gol-de-placa')).toBe((full.get('gol-de-placa') ?? 0) - 1)
  })
})
