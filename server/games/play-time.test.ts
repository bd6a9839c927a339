// Time played, on each engine with an injected clock, recounted from the rows: a game session
// counts from its opening to the player's close (a spin marks it seen only every few seconds, so
// quick spins and the moments after the last one are time played too), and a page no longer seen
// (its pings stopped: hidden, asleep) counts up to its last sign of life, not to a late close.
// The limits view ("Hoje você jogou") and the activity view say the same number.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import { engines, loginPlayer } from '../../tests/support/server.ts'

// 15:00 UTC is 12:00 in São Paulo: the whole walk is inside one local day.
const START = Date.UTC(2026, 10, 20, 15, 0)
const SECOND = 1000

describe.each(engines)('time played on %s', (engine) => {
  const clock = manualClock(START)

  const t = appPerTest(engine, { clock, start: START })

  it('counts each game from its opening to the close, and a silent page only to its last sign of life', async () => {
    const p = await loginPlayer(t.app, { ageConfirmed: true, cash: 100_000, registrationLimits: true })
    const at = (seconds: number) => {
      clock.time = START + seconds * SECOND
    }
    const game = (sessionToken: string, url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api${url}`, headers: { 'game-session': sessionToken }, payload })
    const spin = async (sessionToken: string) => {
      const answer = (await game(sessionToken, '/game/spin', { bet: 100, requestId: randomUUID() })).json()
      expect(answer.success, JSON.stringify(answer)).toBe(true)
    }
    const close = async (sessionId: string) =>
      expect((await p.call('/game/close', { sessionId })).data).toEqual({ closed: true })

    // A quick run: eight spins two seconds apart, closed at 20 s.
    const quick = await openGameSession(t.app, p.call)
    for (let s = 2; s <= 16; s += 2) {
      at(s)
      await spin(quick.sessionToken)
    }
    at(20)
    await close(quick.forward.data.sessionId)
    // A slower run from 60 s: eight spins five seconds apart, closed at 100 s.
    at(60)
    const slow = await openGameSession(t.app, p.call, { gameId: 'fruta-fina' })
    for (let s = 62; s <= 97; s += 5) {
      at(s)
      await spin(slow.sessionToken)
    }
    at(100)
    await close(slow.forward.data.sessionId)
    // A game opened at 200 s, pinged at 230 s, then silent (the phone slept) and closed at 600 s.
    at(200)
    const slept = await openGameSession(t.app, p.call)
    at(230)
    expect((await game(slept.sessionToken, '/game/session/ping')).json().success).toBe(true)
    at(600)
    await close(slept.forward.data.sessionId)

    // Recount from the rows: every round lies inside its session's span; each span is what the
    // walk did (opening to close; the slept page to its last ping); they do not overlap.
    const db = t.db.kysely
    const sessions = await db.selectFrom('game_sessions').selectAll().where('player_id', '=', p.userId).execute()
    const rounds = await db.selectFrom('game_rounds').selectAll().where('player_id', '=', p.userId).execute()
    expect(rounds).toHaveLength(16)
    const spans = new Map([
      [quick.forward.data.sessionId, { from: 0, to: 20 }],
      [slow.forward.data.sessionId, { from: 60, to: 100 }],
      [slept.forward.data.sessionId, { from: 200, to: 230 }],
    ])
    let expected = 0
    for (const row of sessions) {
      const span = spans.get(row.id)
      if (!span) throw new Error(`unexpected session ${row.id}`)
      expect(Number(row.opened_at)).toBe(START + span.from * SECOND)
      for (const round of rounds.filter((r) => r.session_id === row.id)) {
        expect(Number(round.created_at)).toBeGreaterThanOrEqual(START + span.from * SECOND)
        expect(Number(round.created_at)).toBeLessThanOrEqual(START + span.to * SECOND)
      }
      expected += (span.to - span.from) * SECOND
    }
    expect(expected).toBe(90 * SECOND)

    const limits = (await p.call('/v1/bus/limits')).data
    expect(limits.session.playedTodayMs).toBe(expected)
    const today = (await p.call('/v1/bus/activity', { period: 'today' })).data
    expect(today).toMatchObject({ rounds: 16, playedMs: expected })
  })
})
