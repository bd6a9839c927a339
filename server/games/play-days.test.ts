// The day rows the spin keeps (play-days.ts) against a full recount of the rounds: after spins on
// two games across local midnights, the rows equal a recount; the activity view of the last 7
// days (a window that starts inside a day), the limits' loss per period and the history's total
// equal sums over the rounds themselves; the history's pages by cursor list every round once.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  type TestDb,
  type TestPlayer,
} from '../../tests/support/server.ts'
import { localDate, periodStart } from '../lib/periods.ts'
import { rebuildPlayDays } from './play-days.ts'

const HOUR = 3600_000
const DAY = 24 * HOUR
// 23:00 in São Paulo: each evening's spins cross local midnight (03:00 UTC).
const START = Date.UTC(2026, 10, 16, 2, 0)
const TZ = 'America/Sao_Paulo'

describe.each(engines)('play day rows on %s', (engine) => {
  let testDb: TestDb
  let app: Awaited<ReturnType<typeof buildTestApp>>
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { REALITY_CHECK_DEFAULT_MINUTES: '120' }, clock)
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  async function launch(call: TestPlayer['call'], gameId: string) {
    const { sessionToken } = await openGameSession(app, call, { gameId, clientSeed: 'dias' })
    return async (bet: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet, requestId: randomUUID() },
      })
      expect(res.json().success, res.body).toBe(true)
    }
  }

  it('equal a recount of the rounds, and every reader built on them equals a sum over the rounds', async () => {
    const { userId, call } = await loginPlayer(app, { ageConfirmed: true, cash: 1_000_000 })
    const db = testDb.db.kysely
    // Three evenings of play, each crossing local midnight, on two games.
    for (let evening = 0; evening < 3; evening++) {
      clock.time = START + evening * DAY
      const fruit = await launch(call, 'fruta-fina')
      const gol = await launch(call, 'gol-de-placa')
      for (let i = 0; i < 12; i++) {
        clock.time += 9 * 60_000
        await (i % 3 === 0 ? gol : fruit)(i % 2 === 0 ? 100 : 200)
      }
    }
    const kept = await db.selectFrom('game_play_days').selectAll().orderBy('day').orderBy('game_id').execute()
    expect(new Set(kept.map((row) => row.day)).size).toBe(4)
    await rebuildPlayDays(db, TZ, userId)
    expect(await db.selectFrom('game_play_days').selectAll().orderBy('day').orderBy('game_id').execute()).toEqual(kept)

    const rounds = await db.selectFrom('game_rounds').selectAll().where('player_id', '=', userId).execute()
    const sumSince = (since: number) => {
      const from = rounds.filter((r) => Number(r.created_at) >= since)
      const bets = from.reduce((s, r) => s + Number(r.bet), 0)
      const wins = from.reduce((s, r) => s + Number(r.win) + Number(r.jackpot_win), 0)
      return { rounds: from.length, bets, wins }
    }
    // Seven days back from 23:50 lands inside the first evening: its part comes from the rounds.
    clock.time = START + 7 * DAY + 50 * 60_000
    const since = clock.time - 7 * DAY
    const week = (await call('/v1/bus/activity', { period: '7d' })).data
    const expected = sumSince(since)
    expect(expected.rounds).toBeGreaterThan(0)
    expect(expected.rounds).toBeLessThan(rounds.length)
    expect(week).toMatchObject({ ...expected, net: expected.wins - expected.bets })
    const perDay = new Map<string, { date: string; bets: number; wins: number }>()
    for (const r of rounds.filter((r) => Number(r.created_at) >= since)) {
      const date = localDate(Number(r.created_at), TZ)
      const day = perDay.get(date) ?? { date, bets: 0, wins: 0 }
      day.bets += Number(r.bet)
      day.wins += Number(r.win) + Number(r.jackpot_win)
      perDay.set(date, day)
    }
    expect(week.days).toEqual([...perDay.values()].sort((a, b) => a.date.localeCompare(b.date)))
    expect((await call('/v1/bus/activity', { period: 'all' })).data).toMatchObject(sumSince(0))

    // The limits' loss so far per calendar period.
    clock.time = START + 2 * DAY + 3 * HOUR
    const limits = (await call('/v1/bus/limits')).data
    for (const period of ['day', 'week', 'month'] as const) {
      const { bets, wins } = sumSince(periodStart(period, clock.time, TZ))
      expect(limits.loss.find((l: { period: string }) => l.period === period).lossSoFar, period).toBe(bets - wins)
    }

    // The history: the total without counting, and cursor pages that list every round once.
    const seen: string[] = []
    let cursor: string | undefined
    for (;;) {
      const page = (await call('/game/history', { pageSize: 7, ...(cursor ? { cursor } : {}) })).data
      expect(page.total).toBe(rounds.length)
      seen.push(...page.rounds.map((r: { roundId: string }) => r.roundId))
      if (!page.nextCursor) break
      cursor = page.nextCursor
    }
    const newestFirst = [...rounds].sort(
      (a, b) => Number(b.created_at) - Number(a.created_at) || (a.id < b.id ? 1 : -1),
    )
    expect(seen).toEqual(newestFirst.map((r) => r.id))
    const second = (await call('/game/history', { pageNum: 2, pageSize: 7 })).data
    expect(second.rounds.map((r: { roundId: string }) => r.roundId)).toEqual(seen.slice(7, 14))
  })
})
