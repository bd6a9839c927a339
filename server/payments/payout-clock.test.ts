// The payout clock against the 120-minute rule (Portaria SPA/MF 615/2024), on each engine: it
// starts at the player's request and counts review time; an open payout past the limit raises
// one operator alert and shows in the `jogolimpo_payouts_open_over_rule` gauge; a paid one stops its clock.
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  sandboxOf,
  TEST_PASSWORD,
  type TestDb,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { PAYOUT_RULE_MS } from './payout-clock.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const METRICS_TOKEN = 'metrics-token-0123456789abcdef'

describe.each(engines)('payout clock on %s', (engine) => {
  let testDb: TestDb
  let close = async () => {}
  afterEach(async () => {
    await close()
    await testDb.drop()
  })

  it('runs from the request through review, alerts once past 120 minutes, and stops when paid', async () => {
    testDb = await createTestDb(engine)
    const clock = manualClock(START)
    const app = await buildTestApp(
      testDb.db,
      { WITHDRAW_REVIEW_ABOVE: '5000', SANDBOX_PAYOUT_DELAY_MS: '0', METRICS_TOKEN },
      clock,
    )
    close = () => app.close()
    const { post, userId, cpf } = await loginPlayer(app, {
      ageConfirmed: true,
      verified: true,
      bound: true,
      cash: 20_000,
    })
    const withdraw = async (amount: number) =>
      (
        await post('/withdraw/create/order', {
          accountNumber: cpf,
          payType: 'cpf',
          amount,
          requestId: randomUUID(),
          password: TEST_PASSWORD,
        })
      ).json().data
    const reviewed = await withdraw(8000)
    expect(reviewed.status).toBe('review')
    clock.time += 10 * 60_000
    const [clockOf] = await app.payments.withdrawals.payoutClocks()
    expect(clockOf).toMatchObject({
      orderId: reviewed.orderId,
      status: 'review',
      requestedAt: START,
      dueBy: START + PAYOUT_RULE_MS,
      elapsedMs: 10 * 60_000,
      remainingMs: PAYOUT_RULE_MS - 10 * 60_000,
      overdue: false,
    })
    expect(await app.payments.withdrawals.checkPayoutClocks()).toEqual([])
    // The player's tracker shows the same clock: paid by 15:00 + 120 min, the review decided by
    // 15:00 + WITHDRAW_REVIEW_MINUTES (30, the SLA written in the review step when the player asked).
    const tracked = async () =>
      (await post('/v1/bus/getWithdrawProcess', { orderId: reviewed.orderId })).json().data.payoutClock
    expect(await tracked()).toEqual({
      requestedAt: START,
      dueBy: START + PAYOUT_RULE_MS,
      reviewBy: START + 30 * 60_000,
      overdue: false,
    })

    // Still in review at 121 minutes: overdue, one alert, and the gauge counts it.
    clock.time = START + PAYOUT_RULE_MS + 60_000
    expect(await app.payments.withdrawals.checkPayoutClocks()).toEqual([
      {
        alert: 'payout_over_120_minutes',
        orderId: reviewed.orderId,
        status: 'review',
        requestedAt: START,
        minutesElapsed: 121,
      },
    ])
    expect(await app.payments.withdrawals.checkPayoutClocks()).toEqual([])
    expect(await tracked()).toMatchObject({ dueBy: START + PAYOUT_RULE_MS, overdue: true })
    const scrape = async () =>
      (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body
    expect(await scrape()).toMatch(/^jogolimpo_payouts_open_over_rule 1$/m)

    // Approved and paid: the clock stops, the gauge drops, and the ledger shows the money left once.
    await app.inject({
      method: 'POST',
      url: '/api/ops/withdrawals/review',
      headers: { 'x-ops-token': 'test-ops-token-0123456789abcdef' },
      payload: { orderId: reviewed.orderId, decision: 'approve' },
    })
    await sandboxOf(app).settleDuePayouts()
    await app.payments.withdrawals.reconcile()
    expect(await app.payments.withdrawals.payoutClocks()).toEqual([])
    expect(await tracked()).toBeNull()
    expect(await scrape()).toMatch(/^jogolimpo_payouts_open_over_rule 0$/m)
    expect(await readPlayerBalances(testDb.db.kysely, userId)).toMatchObject({ cash: 12_000, withdrawalHold: 0 })
  })
})
