// A freeze landing at the instant the payout worker hands a withdrawal to the PSP, on each
// engine. The worker has read the approved order and found the account open; the operator's
// freeze commits just before the provider is called. Whatever the order of the two, what the
// freeze tells the operator is what happens: an order the freeze lists as held is never paid,
// and an order that is paid was not listed as held (it had been handed over first).
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  sandboxOf,
  TEST_OPS_TOKEN,
  TEST_PASSWORD,
  type TestDb,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'
import type { CreatePayoutInput } from './provider.ts'

const START = Date.UTC(2026, 10, 26, 15, 0)
const DELAY = 1500

describe.each(engines)('a freeze racing the payout worker on %s', { timeout: 120_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  const freeze = async (userId: number, frozen: boolean) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/ops/players/freeze',
        headers: { 'x-ops-token': TEST_OPS_TOKEN },
        payload: { userId, frozen, reason: 'análise de risco' },
      })
    ).json()

  it('never pays an order the freeze says it holds: the freeze commits as the worker calls the PSP', async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { SANDBOX_PAYOUT_DELAY_MS: String(DELAY) }, clock)
    const player = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: true, cash: 5_000 })

    // The freeze commits between the worker's last look at the account and the PSP's answer.
    const sandbox = sandboxOf(app)
    const createPayout = sandbox.createPayout.bind(sandbox)
    // biome-ignore lint/suspicious/noExplicitAny: the freeze's envelope, read as the console reads it
    let frozen: any = null
    sandbox.createPayout = async (request: CreatePayoutInput) => {
      frozen ??= await freeze(player.userId, true)
      return createPayout(request)
    }
    const order = await player.call('/withdraw/create/order', {
      accountNumber: player.cpf,
      payType: 'cpf',
      amount: 2_000,
      requestId: randomUUID(),
      password: TEST_PASSWORD,
    })
    expect(order.success, JSON.stringify(order)).toBe(true)
    expect(frozen).toMatchObject({ success: true, data: { holds: { frozenAt: START } } })
    const orderId = order.data.orderId as string
    const saidHeld = (frozen.data.withdrawals as { orderId: string }[]).some((w) => w.orderId === orderId)

    // The bank settles; the poll runs as it would (also after the freeze).
    clock.time += DELAY
    await sandbox.settleDuePayouts()
    await app.payments.withdrawals.reconcile()
    const row = await testDb.db.kysely
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    const payouts = await testDb.db.kysely.selectFrom('sandbox_payouts').selectAll().execute()
    const balances = await readPlayerBalances(testDb.db.kysely, player.userId)

    // The worker had claimed the order for the bank before the freeze: the freeze says it holds
    // nothing, the audit records the same, and the payout goes through.
    expect(saidHeld).toBe(false)
    expect(frozen.data.withdrawals).toEqual([])
    const audit = await testDb.db.kysely
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'player.freeze')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(String(audit.after)).withdrawals).toEqual([])
    expect(row.status).toBe('paid')
    expect(payouts.map((p) => p.amount).map(Number)).toEqual([2_000])
    expect(balances).toMatchObject({ cash: 3_000, withdrawalHold: 0 })
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
  })

  it('keeps its word when approvals and freezes of several players run at once', async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(
      testDb.db,
      { SANDBOX_PAYOUT_DELAY_MS: String(DELAY), WITHDRAW_REVIEW_ABOVE: '1000' },
      clock,
    )
    const orders: { userId: number; orderId: string }[] = []
    for (let i = 0; i < 6; i++) {
      const player = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: true, cash: 5_000 })
      const order = await player.call('/withdraw/create/order', {
        accountNumber: player.cpf,
        payType: 'cpf',
        amount: 2_000,
        requestId: randomUUID(),
        password: TEST_PASSWORD,
      })
      expect(order.data.status, JSON.stringify(order)).toBe('review')
      orders.push({ userId: player.userId, orderId: order.data.orderId })
    }
    const approve = (orderId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/ops/withdrawals/review',
        headers: { 'x-ops-token': TEST_OPS_TOKEN },
        payload: { orderId, decision: 'approve' },
      })
    // Each approval (which sends at once) and that player's freeze together.
    const answers = await Promise.all(
      orders.map(async ({ userId, orderId }) => (await Promise.all([freeze(userId, true), approve(orderId)]))[0]),
    )
    clock.time += DELAY
    await sandboxOf(app).settleDuePayouts()
    await app.payments.withdrawals.reconcile()
    for (const [i, { orderId }] of orders.entries()) {
      const said = (answers[i].data.withdrawals as { orderId: string }[]).some((w) => w.orderId === orderId)
      const row = await testDb.db.kysely
        .selectFrom('withdrawal_orders')
        .select(['status', 'sent_attempt'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
      // Held means at home and unpaid; not held means handed over (and paid by now).
      expect({ orderId, said, status: row.status, sent: Number(row.sent_attempt) }).toEqual(
        said ? { orderId, said, status: 'processing', sent: 0 } : { orderId, said, status: 'paid', sent: 1 },
      )
    }
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
  })
})
