// The withdrawal cool-off (issue 13, finding 4c), on each engine with an injected clock: the first
// withdrawal to a key the player was never paid at waits WITHDRAW_COOL_OFF_MINUTES when the
// account's password or devices changed in the last 24 h, and the tracker says until when; a key
// already paid, or an account whose credentials are older than 24 h, goes out at once. The held
// order is sent by the reconciliation poll when its time comes, and paid.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, createTestDb, engines, loginPlayer, sandboxOf, type TestDb } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const COOL_OFF_MINUTES = 60

describe.each(engines)('withdrawal cool-off on %s', (engine) => {
  let testDb: TestDb
  let app: Awaited<ReturnType<typeof buildTestApp>>
  const clock = { time: START, now: () => clock.time }

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(
      testDb.db,
      { SANDBOX_PAYOUT_DELAY_MS: '0', WITHDRAW_COOL_OFF_MINUTES: String(COOL_OFF_MINUTES) },
      clock,
    )
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  /** A bound, verified player with cash; binding the password is a credentials change (now). */
  async function player() {
    const ana = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: true, cash: 20000 })
    const withdraw = (amount: number) =>
      ana.call('/withdraw/create/order', {
        accountNumber: ana.cpf,
        payType: 'cpf',
        amount,
        requestId: randomUUID(),
        password: ana.password,
      })
    return { ...ana, withdraw }
  }

  const payouts = () => testDb.db.kysely.selectFrom('sandbox_payouts').selectAll().execute()
  const tick = async () => {
    await sandboxOf(app).settleDuePayouts()
    await app.payments.withdrawals.reconcile()
    await sandboxOf(app).settleDuePayouts()
    await app.payments.withdrawals.reconcile()
  }

  it('holds the first withdrawal to a new key after a password change, says until when, then pays it', async () => {
    const ana = await player()
    const answer = await ana.withdraw(5000)
    expect(answer.success).toBe(true)
    const order = answer.data
    expect(order.status).toBe('processing')
    const checks = order.steps.find((s: { processCode: number }) => s.processCode === 1100)
    expect(checks).toMatchObject({ state: 4 })
    expect(JSON.parse(checks.argsJson).coolOffUntil).toBe(START + COOL_OFF_MINUTES * 60_000)
    expect(checks.msg).toMatch(/mudança de senha ou aparelho/)
    expect(checks.msg).toMatch(/13:00/) // 16:00 UTC in São Paulo
    expect(checks.msg).not.toMatch(/taxa|pague/i)

    // The money is held, and nothing reaches the bank before the cool-off ends.
    expect(await readPlayerBalances(testDb.db.kysely, ana.userId)).toMatchObject({ cash: 15000, withdrawalHold: 5000 })
    clock.time = START + COOL_OFF_MINUTES * 60_000 - 1
    await tick()
    expect(await payouts()).toEqual([])

    clock.time = START + COOL_OFF_MINUTES * 60_000
    await tick()
    expect(await payouts()).toHaveLength(1)
    const paid = (await ana.call('/v1/bus/getWithdrawProcess', { orderId: order.orderId })).data
    expect(paid.status).toBe('paid')
    expect(paid.steps.map((s: { processCode: number }) => s.processCode)).toEqual([1000, 1100, 1200, 2200])
    expect(await readPlayerBalances(testDb.db.kysely, ana.userId)).toMatchObject({ cash: 15000, withdrawalHold: 0 })

    // The same key again, still within 24 h of the change: it was paid there before, so at once.
    const again = (await ana.withdraw(3000)).data
    expect(again.steps.find((s: { processCode: number }) => s.processCode === 1100)).toMatchObject({ state: 1 })
    await tick()
    expect(await payouts()).toHaveLength(2)
  })

  it('sends at once when the credentials changed more than 24 hours ago', async () => {
    const ana = await player()
    clock.time = START + 24 * 3600_000 + 1
    const order = (await ana.withdraw(5000)).data
    const checks = order.steps.find((s: { processCode: number }) => s.processCode === 1100)
    expect(checks).toMatchObject({ state: 1 })
    expect(JSON.parse(checks.argsJson).coolOffUntil).toBeUndefined()
    await tick()
    expect(await payouts()).toHaveLength(1)
  })
})
