// The transparency page's limit changes, on each engine, recounted from the `limit_events` rows
// the real routes write: six registrations (each sets its two mandatory limits) are no change,
// one player's later change of a limit is one, a pause is a self-exclusion. A day frozen under
// the earlier rule (registration limits counted) keeps its figures and its hash: the chain still
// verifies, and the days frozen after it name the rule they were counted by.
import { describe, expect, it } from 'vitest'
import { LIMIT_CHANGES_RULE, type Snapshot } from '../../contract/transparency.ts'
import { GENESIS_HASH, snapshotHash, verifyChain } from '../../contract/transparency-chain.ts'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { engines, loginPlayer } from '../../tests/support/server.ts'
import { localDate } from '../lib/periods.ts'
import { addDays, dayFigures, dayPeriod } from './figures.ts'

const TZ = 'America/Sao_Paulo'
// 20 November 2026, 12:00 in São Paulo.
const START = Date.UTC(2026, 10, 20, 15, 0)

describe.each(engines)('limit changes on the transparency page on %s', (engine) => {
  const clock = manualClock(START)

  const t = appPerTest(engine, { clock, start: START })

  it('counts a real change, never the limits a registration sets, and leaves a day frozen earlier as it was', async () => {
    const day = localDate(START, TZ)
    // The day before, frozen under the earlier rule: two registrations' limits counted as changes.
    const { saferPlay: _counted, ...empty } = await dayFigures(t.db.kysely, dayPeriod(addDays(day, -1), TZ))
    const earlier = {
      day: addDays(day, -1),
      previousHash: GENESIS_HASH,
      figures: { ...empty, saferPlay: { selfExclusions: 0, limitChanges: 2 } },
    }
    const frozenEarlier = await t.app.inject({ method: 'GET', url: '/api/transparency/snapshots?limit=10' })
    expect(frozenEarlier.json().data.snapshots).toEqual([])
    const earlierHash = snapshotHash(earlier)
    await t.db.kysely
      .insertInto('transparency_snapshots')
      .values({
        day: earlier.day,
        previous_hash: GENESIS_HASH,
        hash: earlierHash,
        figures: JSON.stringify(earlier.figures),
        frozen_at: START - 12 * 3600_000,
      })
      .execute()

    const players = []
    for (let i = 0; i < 6; i++) players.push(await loginPlayer(t.app, { ageConfirmed: true, registrationLimits: true }))
    clock.time += 60_000
    const [first, second] = players as [(typeof players)[0], (typeof players)[0]]
    expect((await first.call('/v1/bus/setLossLimit', { period: 'week', amount: 50_000 })).success).toBe(true)
    expect((await second.call('/v1/bus/selfExclude', { duration: '24h' })).success).toBe(true)

    // Recount from the rows: every limit row but a registration's own and those written with it.
    const events = await t.db.kysely.selectFrom('limit_events').selectAll().execute()
    const registrations = new Set(
      events.filter((e) => e.kind === 'registration').map((e) => `${e.player_id}@${e.created_at}`),
    )
    expect(registrations.size).toBe(6)
    const recount = {
      selfExclusions: events.filter((e) => e.kind === 'self_exclusion').length,
      limitChanges: events.filter(
        (e) =>
          e.kind !== 'self_exclusion' &&
          e.kind !== 'registration' &&
          !registrations.has(`${e.player_id}@${e.created_at}`),
      ).length,
    }
    expect(recount).toEqual({ selfExclusions: 1, limitChanges: 1 })

    const page = (await t.app.inject({ method: 'GET', url: '/api/transparency' })).json().data
    expect(page.saferPlay.at(-1)).toEqual({ month: day.slice(0, 7), ...recount })

    // The next day, once frozen: the day's own figures, by the rule they name.
    clock.time = dayPeriod(day, TZ).to + 2 * 60_000
    await t.app.transparency.freezeDue()
    const { snapshots } = (await t.app.inject({ method: 'GET', url: '/api/transparency/snapshots?limit=10' })).json()
      .data as { snapshots: Snapshot[] }
    expect(snapshots.map((s) => s.day)).toEqual([earlier.day, day])
    expect(snapshots[0]).toEqual({ ...earlier, hash: earlierHash, anchor: null })
    expect(snapshots[1]?.figures.saferPlay).toEqual({ ...recount, limitChangesRule: LIMIT_CHANGES_RULE })
    expect(verifyChain(snapshots)).toEqual({ ok: true, days: 2, head: { day, hash: snapshots[1]?.hash } })
  })
})
