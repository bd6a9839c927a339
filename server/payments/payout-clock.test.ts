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
import type { WithdrawalStatus } from '../db/schema.ts'
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
  it('lists every open status oldest first, and no order that is done', async () => {
    testDb = await createTestDb(engine)
    const app = await buildTestApp(testDb.db, {}, manualClock(START))
    close = () => app.close()
    // A player has one open withdrawal at most: each order here is another player's.
    const players: number[] = []
    for (let i = 0; i < 6; i++) players.push((await loginPlayer(app, { ageConfirmed: true })).userId)
    const order = (id: string, status: WithdrawalStatus, minutesAgo: number) => ({
      id,
      player_id: players.pop() as number,
      request_id: `r-${id}`,
      amount: 1000,
      key_type: 'cpf' as const,
      pix_key: '52998224725',
      holder_name: 'Ana',
      status,
      attempt: 1,
      sent_attempt: 0,
      end_to_end_id: null,
      fail_reason: null,
      created_at: START - minutesAgo * 60_000,
      updated_at: START - minutesAgo * 60_000,
    })
    await testDb.db.kysely
      .insertInto('withdrawal_orders')
      .values([
        order('w-paid-oldest', 'paid', 500),
        order('w-processing', 'processing', 30),
        order('w-review', 'review', 200),
        order('w-rejected-key', 'key_rejected', 90),
        order('w-failed', 'failed', 300),
        order('w-review-new', 'review', 5),
      ])
      .execute()
    const clocks = await app.payments.withdrawals.payoutClocks()
    expect(clocks.map((c) => [c.orderId, c.status])).toEqual([
      ['w-review', 'review'],
      ['w-rejected-key', 'key_rejected'],
      ['w-processing', 'processing'],
      ['w-review-new', 'review'],
    ])
    expect(clocks.map((c) => c.overdue)).toEqual([true, false, false, false])
  })
})
