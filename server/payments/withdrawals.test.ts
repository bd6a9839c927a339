// PIX withdrawals through HTTP, on each engine: rules, the hold, sandbox payouts (paid, key
// rejected and corrected, failed for good, unanswered), review, races and restarts. Money is
// read from the ledger.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { manualClock } from '../../tests/support/clock.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  fundPlayer,
  loginPlayer,
  TEST_PASSWORD as PASSWORD,
  sandboxOf,
  TEST_OPS_TOKEN,
  type TestDb,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const DELAY = 1500

describe.each(engines)('PIX withdrawals on %s', (engine) => {
  let testDb: TestDb
  let app: Awaited<ReturnType<typeof buildTestApp>>
  const clock = manualClock(START)

  async function start(env: Record<string, string> = {}) {
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { SANDBOX_PAYOUT_DELAY_MS: String(DELAY), ...env }, clock)
  }
  beforeEach(() => {
    clock.time = START
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  async function player(options: { bound?: boolean; cash?: number } = {}) {
    const ready = options.bound !== false
    const { call, userId, cpf, on } = await loginPlayer(app, {
      ageConfirmed: true,
      bound: ready,
      verified: ready,
      cash: options.cash,
    })
    const withdraw = (amount: number, key = cpf, payType = 'cpf', requestId = randomUUID(), password = PASSWORD) =>
      call('/withdraw/create/order', { accountNumber: key, payType, amount, requestId, password })
    /** Registers a phone, e-mail or random key to this player's CPF in the sandbox bank's directory. */
    const ownKey = (keyType: 'phone' | 'email' | 'random', key: string) =>
      sandboxOf(app).dict.register(keyType, key, cpf)
    return { call, userId, cpf, withdraw, ownKey, on }
  }

  const balances = (userId: number) => readPlayerBalances(testDb.db.kysely, userId)
  // The bank settles what is due; a background tick may have settled it a moment earlier with
  // its webhook still on the way, so the app's own poll then reads the result for certain.
  const settle = async (ms = DELAY) => {
    clock.time += ms
    await sandboxOf(app).settleDuePayouts()
    await app.payments.withdrawals.reconcile()
  }
  const codes = (process: { steps: { processCode: number }[] }) => process.steps.map((s) => s.processCode)

  it('holds the amount, sends it, and posts the hold when the payout is paid; steps carry the true times', async () => {
    await start()
    const { call, userId, withdraw } = await player({ cash: 10000 })
    expect((await call('/v1/bus/withdrawInfo')).data).toMatchObject({ state: 'ok', withdrawable: 10000, max: 10000 })
    const created = (await withdraw(6000)).data
    expect(codes(created)).toEqual([1000, 1100, 1200])
    expect(created).toMatchObject({ status: 'processing', historyStatus: 1, amount: 6000 })
    expect(await balances(userId)).toMatchObject({ cash: 4000, withdrawalHold: 6000 })
    expect((await call('/v1/bus/withdrawInfo')).data).toMatchObject({
      state: 'withdraw_processing',
      orderId: created.orderId,
    })

    await settle()
    const done = (await call('/v1/bus/getWithdrawProcess', { orderId: created.orderId })).data
    expect(done).toMatchObject({ status: 'paid', historyStatus: 2 })
    expect(codes(done)).toEqual([1000, 1100, 1200, 2200])
    expect(done.steps.map((s: { createTime: number }) => s.createTime)).toEqual([START, START, START, START + DELAY])
    expect(done.steps[3].msg).toContain(done.endToEndId)
    expect(done.endToEndId).toMatch(/^E99999999\w{23}$/)
    expect(await balances(userId)).toMatchObject({ cash: 4000, withdrawalHold: 0, total: 4000 })
    const post = await testDb.db.kysely
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('kind', '=', 'withdrawal_post')
      .executeTakeFirstOrThrow()
    expect(Number(post.amount)).toBe(6000)
    const history = (await call('/v1/bus/getAllWithdrawOrders', { pageNum: 1, pageSize: 10 })).data
    expect(history).toMatchObject({ total: 1, orders: [{ orderId: created.orderId, historyStatus: 2 }] })
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
  })

  it('at a rejected key (2000) lets the player correct it for free and re-sends it (2100 → 2200)', async () => {
    await start()
    const { call, userId, withdraw, ownKey, cpf } = await player({ cash: 10000 })
    await ownKey('phone', '+5511987654321')
    await ownKey('phone', '+5511912345678')
    await sandboxOf(app).setPayoutRule('+5511987654321', 'invalid_key', cpf)
    const created = (await withdraw(3000, '(11) 98765-4321', 'phone')).data
    await settle()
    const rejected = (await call('/v1/bus/getWithdrawProcess', { orderId: created.orderId })).data
    expect(rejected).toMatchObject({ status: 'key_rejected', historyStatus: 6 })
    expect(codes(rejected)).toEqual([1000, 1100, 1200, 2000])
    expect(rejected.steps[3].msg).toContain('é grátis')
    expect(await balances(userId)).toMatchObject({ cash: 7000, withdrawalHold: 3000 })
    expect((await call('/v1/bus/withdrawInfo')).data.state).toBe('withdraw_processing')

    const invalid = await call('/v1/bus/updateCpf', { orderId: created.orderId, accountNumber: '123' })
    expect(invalid).toMatchObject({ success: false, msgCode: 'invalid_pix_key' })
    expect(invalid.msg).toContain('11 dígitos')
    clock.time += 10_000
    const resent = (await call('/v1/bus/updateCpf', { orderId: created.orderId, accountNumber: '11912345678' })).data
    expect(codes(resent)).toEqual([1000, 1100, 1200, 2000, 2100])
    expect(resent.steps[4].createTime).toBe(START + DELAY + 10_000)
    await settle()
    const paid = (await call('/v1/bus/getWithdrawProcess', { orderId: created.orderId })).data
    expect(codes(paid)).toEqual([1000, 1100, 1200, 2000, 2100, 2200])
    expect(await balances(userId)).toMatchObject({ cash: 7000, withdrawalHold: 0 })
  })

  it('returns the money at once when the payout fails for good (2300)', async () => {
    await start()
    const { call, userId, withdraw, ownKey, cpf } = await player({ cash: 5000 })
    await ownKey('email', 'ana@exemplo.com')
    await sandboxOf(app).setPayoutRule('ana@exemplo.com', 'reject', cpf)
    const created = (await withdraw(5000, 'Ana@Exemplo.com', 'email')).data
    expect(await balances(userId)).toMatchObject({ cash: 0, withdrawalHold: 5000 })
    await settle()
    const failed = (await call('/v1/bus/getWithdrawProcess', { orderId: created.orderId })).data
    expect(failed).toMatchObject({ status: 'failed', historyStatus: 3, failReason: 'Conta de destino encerrada' })
    expect(codes(failed)).toEqual([1000, 1100, 1200, 2300])
    expect(failed.steps[3].msg).toContain('já voltou para o seu saldo')
    expect(await balances(userId)).toMatchObject({ cash: 5000, withdrawalHold: 0 })
    expect((await call('/v1/bus/withdrawInfo')).data.state).toBe('ok')
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
  })

  // Each request checks the password (scrypt, 128 MiB) first, so 10 at once rather than 50; the
  // password-check limiter may answer some of them 429, which is fine: at most one gets through.
  it('lets exactly one of 10 concurrent requests through against a balance that covers one', async () => {
    await start()
    const { withdraw, userId } = await player({ cash: 6000 })
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(5000)))
    expect(results.filter((r) => r.success)).toHaveLength(1)
    for (const r of results.filter((r) => !r.success)) {
      // Ten password checks at once fill the bounded password queue on a machine with fewer
      // cores: `busy` (429) is then the designed answer, and still no second order.
      expect(['exist_process_order', 'amount_above_withdrawable', 'rate_limited', 'busy']).toContain(r.msgCode)
    }
    const orders = await testDb.db.kysely.selectFrom('withdrawal_orders').selectAll().execute()
    expect(orders).toHaveLength(1)
    expect(await balances(userId)).toMatchObject({ cash: 1000, withdrawalHold: 5000 })
  })

  it('lets a self-excluded player withdraw', async () => {
    await start()
    const { call, userId, withdraw } = await player({ cash: 5000 })
    expect((await call('/v1/bus/selfExclude', { duration: 'permanent' })).success).toBe(true)
    expect((await call('/v1/bus/withdrawInfo')).data.state).toBe('ok')
    expect((await withdraw(5000)).success).toBe(true)
    await settle()
    expect(await balances(userId)).toMatchObject({ cash: 0, withdrawalHold: 0 })
  })

  it('answers a repeated requestId with the same order', async () => {
    await start()
    const { withdraw, cpf } = await player({ cash: 6000 })
    const requestId = randomUUID()
    const first = (await withdraw(2000, cpf, 'cpf', requestId)).data
    const again = (await withdraw(2000, cpf, 'cpf', requestId)).data
    expect(again.orderId).toBe(first.orderId)
    expect(await testDb.db.kysely.selectFrom('withdrawal_orders').selectAll().execute()).toHaveLength(1)
  })

  it("refuses another player's order as if it did not exist", async () => {
    await start()
    const owner = await player({ cash: 6000 })
    const other = await player({ cash: 100 })
    const { orderId } = (await owner.withdraw(2000)).data
    for (const [url, body] of [
      ['/v1/bus/getWithdrawProcess', { orderId }],
      ['/v1/bus/updateCpf', { orderId, accountNumber: other.cpf }],
      ['/v1/bus/cancelWithdraw', { orderId }],
    ] as const) {
      expect(await other.call(url, body)).toMatchObject({ success: false, msgCode: 'not_found' })
    }
  })

  it('explains a bonus-only balance with the wagering left, and the other refusals in words', async () => {
    await start()
    const { call, userId, withdraw } = await player()
    await fundPlayer(app, userId, { bonus: 3000, wageringMultiplier: 10 })
    expect((await call('/v1/bus/withdrawInfo')).data).toMatchObject({
      state: 'bonus_wagering_incomplete',
      bonus: 3000,
      wagering: { remaining: 30000 },
    })
    const refused = await withdraw(2000)
    expect(refused).toMatchObject({ success: false, msgCode: 'bonus_wagering_incomplete', data: { remaining: 30000 } })
    expect(refused.msg).toBe(
      'Seu saldo agora é só bônus. Ele vira dinheiro sacável depois de apostar mais R$\u00a0300,00.',
    )

    const rich = await player({ cash: 9000 })
    expect((await rich.withdraw(500)).msg).toBe('O saque mínimo é R$\u00a010,00.')
    expect((await rich.withdraw(9500)).msg).toBe('Você pode sacar até R$\u00a090,00 agora (seu dinheiro sacável).')
    expect((await rich.withdraw(2000, randomCpf())).msgCode).toBe('cpf_key_mismatch')
    expect((await rich.withdraw(2000, '1198765432', 'phone')).msg).toContain('11 dígitos')
    const unbound = await player({ bound: false, cash: 5000 })
    expect((await unbound.call('/v1/bus/withdrawInfo')).data.state).toBe('needs_verification')
    const needs = await unbound.withdraw(2000)
    expect(needs.msgCode).toBe('needs_verification')
    expect(needs.msg).toContain('Nenhum depósito é exigido')
    expect(await testDb.db.kysely.selectFrom('withdrawal_orders').selectAll().execute()).toHaveLength(0)
  })

  it("stops at the day's maximum and says when it renews", async () => {
    await start({ WITHDRAW_DAILY_MAX: '5000' })
    const { call, withdraw } = await player({ cash: 20000 })
    await withdraw(4000)
    await settle()
    expect((await call('/v1/bus/withdrawInfo')).data).toMatchObject({ state: 'ok', dailyRemaining: 1000 })
    const refused = await withdraw(2000)
    expect(refused).toMatchObject({
      msgCode: 'daily_limit_reached',
      data: { remaining: 1000, resetsAt: Date.UTC(2026, 10, 21, 3) },
    })
  })

  it('sends large amounts to review: approve pays, reject returns the money', async () => {
    await start({ WITHDRAW_REVIEW_ABOVE: '5000', WITHDRAW_REVIEW_MINUTES: '45' })
    const { call, userId, withdraw } = await player({ cash: 20000 })
    const order = (await withdraw(8000)).data
    expect(order.status).toBe('review')
    expect(order.steps[1]).toMatchObject({ processCode: 1100, state: 4 })
    expect(order.steps[1].msg).toContain('em até 45 minutos')
    const review = (orderId: string, decision: string) =>
      app.inject({
        method: 'POST',
        url: '/api/ops/withdrawals/review',
        headers: { 'x-ops-token': TEST_OPS_TOKEN },
        payload: { orderId, decision },
      })
    clock.time += 60_000
    // Handed to the bank at once (no cool-off here), and the answer says so.
    expect((await review(order.orderId, 'approve')).json().data).toEqual({
      orderId: order.orderId,
      status: 'processing',
      phase: 'at_bank',
      sendAfter: null,
    })
    await settle()
    const paid = (await call('/v1/bus/getWithdrawProcess', { orderId: order.orderId })).data
    expect(paid.status).toBe('paid')
    // The review step's time is the decision's, not the request's.
    expect(paid.steps[1]).toMatchObject({ processCode: 1100, state: 1, createTime: START + 60_000 })
    expect(codes(paid)).toEqual([1000, 1100, 1200, 2200])
    expect(paid.steps[2].createTime).toBe(START + 60_000)

    const second = (await withdraw(9000)).data
    expect((await review(second.orderId, 'reject')).json().data.status).toBe('failed')
    expect(await balances(userId)).toMatchObject({ cash: 12000, withdrawalHold: 0 })
    const rejected = (await call('/v1/bus/getWithdrawProcess', { orderId: second.orderId })).data
    expect(codes(rejected)).toEqual([1000, 1100, 2300])
  })

  it('finds a payout whose answer was lost by asking the provider again with the same id', async () => {
    await start()
    const { call, cpf, userId, withdraw } = await player({ cash: 5000 })
    await sandboxOf(app).setPayoutRule(cpf, 'no_answer', cpf)
    const order = (await withdraw(5000)).data
    // The PSP took the payout and its answer was lost (the connection dropped): PixApiProvider
    // asks again with the same idempotent id and is told of the one payout, already sent.
    expect(codes(order)).toEqual([1000, 1100, 1200])
    await app.payments.withdrawals.reconcile()
    expect(codes((await call('/v1/bus/getWithdrawProcess', { orderId: order.orderId })).data)).toEqual([
      1000, 1100, 1200,
    ])
    expect(await app.db.selectFrom('sandbox_payouts').select('id').execute()).toHaveLength(1)
    await settle()
    expect((await call('/v1/bus/getWithdrawProcess', { orderId: order.orderId })).data.status).toBe('paid')
    expect(await balances(userId)).toMatchObject({ cash: 0, withdrawalHold: 0 })
  })

  it('resolves an order held but never sent when the server stopped, once it starts again', async () => {
    await start()
    const { userId, withdraw, on } = await player({ cash: 7000 })
    // The server dies between committing the hold and calling the provider.
    sandboxOf(app).createPayout = async () => {
      throw new Error('process killed before the payout call')
    }
    const order = (await withdraw(7000)).data
    expect(codes(order)).toEqual([1000, 1100])
    await app.close()
    app = await buildTestApp(testDb.db, { SANDBOX_PAYOUT_DELAY_MS: String(DELAY) }, clock)
    const { call } = on(app)
    // Start-up runs a reconciliation of its own; this one runs to its end before the check (a
    // payout found sent by either is applied once).
    await app.payments.withdrawals.reconcile()
    expect(codes((await call('/v1/bus/getWithdrawProcess', { orderId: order.orderId })).data)).toEqual([
      1000, 1100, 1200,
    ])
    await settle()
    expect((await call('/v1/bus/getWithdrawProcess', { orderId: order.orderId })).data.status).toBe('paid')
    expect(await balances(userId)).toMatchObject({ cash: 0, withdrawalHold: 0 })
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
  })
})
