// The finance report counts every kind the kind table (contract/transfers.ts) gives a figure, on
// each engine: one grant of every bonus kind, each a different amount, and the day's bonus figure
// is their sum and count — a kind added to the table as a bonus grant is counted without a list
// to update. The AML report's year and the dashboard read the same kinds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kindsOf } from '../../contract/transfers.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { signedInOperator } from '../../tests/support/operators.ts'
import { createTestApp, engines, loginPlayer, type TestApp } from '../../tests/support/server.ts'
import { grantBonus } from '../ledger/bonus.ts'

/** 12:00 on 21 Nov 2026 in São Paulo, the market's zone. */
const NOON = Date.UTC(2026, 10, 21, 15, 0)

describe.each(engines)('the finance report and the kind table on %s', { timeout: 120_000 }, (engine) => {
  let t: TestApp
  const clock = manualClock(NOON)
  const granted = kindsOf('bonuses').map((kind, i) => ({ kind, amount: 10_000 + 100 * i }))

  beforeAll(async () => {
    t = await createTestApp(engine, {}, clock)
    const player = await loginPlayer(t.app, { ageConfirmed: true })
    for (const { kind, amount } of granted)
      await t.app.ledger.transact((tx) =>
        grantBonus(tx, { id: `grant-${kind}`, playerId: player.userId, amount, wageringMultiplier: 1, kind }),
      )
  })
  afterAll(() => t.close())

  it('counts a grant of every bonus kind in the day’s bonus figure, which is their sum', async () => {
    // The table's bonus grants are at least the rewards' and the first deposit's.
    expect(granted.map((g) => g.kind)).toEqual(
      expect.arrayContaining(['first_deposit_bonus', 'new_player_gift', 'sign_in_reward', 'download_reward']),
    )
    const payments = await signedInOperator(t.app, t.db.kysely, 'payments', clock.now(), '192.0.2.10')
    const report = await payments.call('reports/finance', { from: '2026-11-21', to: '2026-11-21' })
    expect(report.success, JSON.stringify(report)).toBe(true)
    const sum = granted.reduce((total, g) => total + g.amount, 0)
    expect(report.data.days[0].bonuses).toEqual({ amount: sum, count: granted.length })
    expect(report.data.totals.bonuses).toEqual({ amount: sum, count: granted.length })
    const dashboard = await payments.call('dashboard')
    expect(dashboard.data.bonuses).toEqual({ amount: sum, count: granted.length })
  })
})
