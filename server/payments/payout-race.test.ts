// A payout's result applied by several appliers at once, on each engine — the PSP's webhook and
// the reconciliation poll, within one instance and across two: whichever comes second sees the
// payout already applied and carries on (no error, the webhook answered 200), and the order is
// paid once: one hold posted, one "paid" step, the ledger balanced.
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
  TEST_PASSWORD,
  type TestDb,
  type TestPlayer,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'
import type { Payout } from './provider.ts'

const START = Date.UTC(2026, 10, 26, 15, 0)
const DELAY = 1500
const ORDERS = 4

// Each player binds a password (scrypt): slow on a shared machine.
describe.each(engines)('one payout, several appliers at once, on %s', { timeout: 180_000 }, (engine) => {
  let testDb: TestDb
  const apps: FastifyInstance[] = []
  const clock = manualClock(START)
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close()
    await testDb.drop()
  })

  async function start() {
    clock.time = START
    testDb = await createTestDb(engine)
    for (let i = 0; i < 2; i++)
      apps.push(await buildTestApp(testDb.db, { SANDBOX_PAYOUT_DELAY_MS: String(DELAY) }, clock))
    return apps as [FastifyInstance, FastifyInstance]
  }

  /** ORDERS players, each with a withdrawal of R$ 10 handed to the PSP. */
  async function withdrawals(app: FastifyInstance) {
    const orders: { userId: number; orderId: string; call: TestPlayer['call'] }[] = []
    for (let i = 0; i < ORDERS; i++) {
      const player = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: true, cash: 5_000 })
      const order = await player.call('/withdraw/create/order', {
        accountNumber: player.cpf,
        payType: 'cpf',
        amount: 1_000,
        requestId: randomUUID(),
        password: TEST_PASSWORD,
      })
      expect(order.data.status, JSON.stringify(order)).toBe('processing')
      orders.push({ userId: player.userId, orderId: order.data.orderId, call: player.call })
    }
    return orders
  }

  async function expectPaidOnce(orders: Awaited<ReturnType<typeof withdrawals>>) {
    for (const { orderId, userId, call } of orders) {
      const process = (await call('/v1/bus/getWithdrawProcess', { orderId })).data
      expect(process.status).toBe('paid')
      expect(process.steps.map((step: { processCode: number }) => step.processCode)).toEqual([1000, 1100, 1200, 2200])
      expect(await readPlayerBalances(testDb.db.kysely, userId)).toMatchObject({ cash: 4_000, withdrawalHold: 0 })
    }
    const posts = await testDb.db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'withdrawal_post')
      .execute()
    expect(posts).toHaveLength(ORDERS)
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
  }

  it('applies a paid payout once when four appliers on two instances report it at the same moment', async () => {
    const [a, b] = await start()
    const orders = await withdrawals(a)
    clock.time += DELAY
    // What the PSP says of each payout once paid, as the webhook and the poll would both read it.
    const paid: Payout[] = []
    for (const { orderId } of orders) {
      const payout = (await a.payments.provider.getPayout(`${orderId}-1`)) as Payout
      paid.push({ ...payout, status: 'paid', endToEndId: `E99999999${randomUUID().replaceAll('-', '').slice(0, 23)}` })
    }
    const appliers = paid.flatMap((payout) => [
      a.payments.withdrawals.applyPayout(payout),
      a.payments.withdrawals.applyPayout(payout),
      b.payments.withdrawals.applyPayout(payout),
      b.payments.withdrawals.applyPayout(payout),
    ])
    const outcomes = await Promise.allSettled(appliers)
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([])
    await expectPaidOnce(orders)
  })

  it('answers the PSP’s webhook 200 while both instances’ reconciliation applies the same payouts', async () => {
    const [a, b] = await start()
    const orders = await withdrawals(a)
    clock.time += DELAY
    const errors: unknown[] = []
    const poll = (app: FastifyInstance) => app.payments.withdrawals.reconcile().catch((error) => errors.push(error))
    // The sandbox settles each payout and posts its webhook to instance A while both poll.
    await Promise.all([sandboxOf(a).settleDuePayouts(), poll(a), poll(b), poll(b), poll(a)])
    await Promise.all([poll(a), poll(b)])
    expect(errors).toEqual([])
    // A poll that asked first finds a payout settled with no webhook sent yet ('none'); every one sent got a 2xx.
    const webhooks = (await testDb.db.kysely.selectFrom('sandbox_payouts').select('webhook_status').execute()).map(
      (row) => row.webhook_status,
    )
    expect(webhooks).toContain('delivered')
    expect(webhooks.filter((status) => status !== 'delivered' && status !== 'none')).toEqual([])
    await expectPaidOnce(orders)
  })
})
