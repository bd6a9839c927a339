// What the console says of a withdrawal is what happened, on each engine with an injected clock:
// an approval the cool-off holds is "held until", listed under held (not stuck at the bank, where
// it never was), the player reads approved-and-waiting, and the approval step carries the
// decision's time; the cool-off step is closed once the bank takes the payout. A freeze keeps
// from the bank everything not yet handed over, approved orders included, says which, and the
// ledger shows the frozen player was not paid until the freeze was lifted. The worklist names
// players (masked per role) and a deposit shows its payer (masked per role).
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  sandboxBankOf,
  sandboxOf,
  type TestDb,
} from '../../tests/support/server.ts'
import type { OperatorRole } from '../db/schema.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { createOperator } from './operators.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const COOL_OFF_MINUTES = 60
const OPERATOR_PASSWORD = 'Verde-Amarelo-2026!'

describe.each(engines)('withdrawals as they are on %s', { timeout: 120_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)
  let ip = 0

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    // Above R$ 50 waits for review; a new key after a credentials change waits an hour.
    app = await buildTestApp(
      testDb.db,
      {
        SANDBOX_PAYOUT_DELAY_MS: '0',
        WITHDRAW_REVIEW_ABOVE: '5000',
        WITHDRAW_COOL_OFF_MINUTES: String(COOL_OFF_MINUTES),
      },
      clock,
    )
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  async function operator(role: OperatorRole) {
    const email = `${randomUUID().slice(0, 8)}@jogolimpo.example`
    await createOperator(testDb.db.kysely, { email, role, name: role, password: OPERATOR_PASSWORD }, clock.now())
    const address = `192.0.2.${++ip}`
    const login = await app.inject({
      method: 'POST',
      url: '/api/ops/session/login',
      payload: { email, password: OPERATOR_PASSWORD },
      remoteAddress: address,
    })
    const cookie = String(login.headers['set-cookie']).split(';')[0] as string
    return async (path: string, payload: object = {}) =>
      (
        await app.inject({
          method: 'POST',
          url: `/api/ops/${path}`,
          headers: { cookie },
          payload,
          remoteAddress: address,
        })
      ).json()
  }

  async function player(fullName = 'Maria da Silva') {
    const p = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: { fullName }, cash: 20000 })
    // A name-and-password login from another phone once the account has money: the credentials
    // change the cool-off is for (a new account's own first password is not one).
    const other = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: p.userName, password: p.password, apiType: 1 },
    })
    expect(other.json()).toMatchObject({ success: true, data: { userId: p.userId } })
    const withdraw = async (amount: number) => {
      const answer = await p.call('/withdraw/create/order', {
        accountNumber: p.cpf,
        payType: 'cpf',
        amount,
        requestId: randomUUID(),
        password: p.password,
      })
      expect(answer.success, JSON.stringify(answer)).toBe(true)
      return answer.data as { orderId: string; status: string }
    }
    return { ...p, withdraw }
  }

  const payouts = () => testDb.db.kysely.selectFrom('sandbox_payouts').selectAll().execute()
  const tick = async () => {
    await sandboxOf(app).settleDuePayouts()
    await app.payments.withdrawals.reconcile()
    await sandboxOf(app).settleDuePayouts()
    await app.payments.withdrawals.reconcile()
  }
  const queue = async (call: Awaited<ReturnType<typeof operator>>, status: string) =>
    (await call('withdrawals/queue', { status })).data.items as {
      orderId: string
      phase: string
      playerName: string | null
    }[]
  /** What the ledger's payouts account has received (money that left for players' banks). */
  const paidOut = async () => {
    const row = await testDb.db.kysely
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('code', '=', 'payouts')
      .where('player_id', 'is', null)
      .executeTakeFirst()
    return Math.abs(Number(row?.balance ?? 0))
  }

  it('shows a review approval the cool-off holds as held until its end, never as sent or stuck', async () => {
    const payments = await operator('payments')
    const maria = await player()
    const order = await maria.withdraw(8000)
    expect(order.status).toBe('review')

    clock.time = START + 10 * 60_000
    const decided = await payments('withdrawals/review', { orderId: order.orderId, decision: 'approve' })
    const coolOffEnd = START + COOL_OFF_MINUTES * 60_000
    expect(decided).toMatchObject({
      success: true,
      data: { status: 'processing', phase: 'cool_off', sendAfter: coolOffEnd },
    })
    expect(await payouts()).toEqual([])

    // 20 minutes after the approval: still held at home, not "stuck at the bank".
    clock.time = START + 35 * 60_000
    await tick()
    expect(await payouts()).toEqual([])
    expect(await queue(payments, 'stuck')).toEqual([])
    expect(await queue(payments, 'held')).toMatchObject([{ orderId: order.orderId, phase: 'cool_off' }])

    // The player reads approved and when it goes; the step's time is the decision's.
    const tracker = (await maria.call('/v1/bus/getWithdrawProcess', { orderId: order.orderId })).data
    const checks = tracker.steps.find((s: { processCode: number }) => s.processCode === 1100)
    expect(checks).toMatchObject({ state: 4, createTime: START + 10 * 60_000 })
    expect(checks.msg).toMatch(/aprovado/)
    expect(checks.msg).toMatch(/13:00/) // the cool-off's end, 16:00 UTC in São Paulo

    // The console's player view: the phase, and the review step at the decision's time.
    const view = (await payments('players/view', { userId: maria.userId })).data
    const w = view.withdrawals.find((x: { id: string }) => x.id === order.orderId)
    expect(w).toMatchObject({ phase: 'cool_off', sendAfter: coolOffEnd })
    expect(w.steps.find((s: { code: number }) => s.code === 1100)).toMatchObject({
      at: START + 10 * 60_000,
      decision: 'approve',
      coolOffUntil: coolOffEnd,
      state: 4,
    })

    // The cool-off ends: sent and paid; the checks step is no longer waiting.
    clock.time = coolOffEnd
    await tick()
    expect(await payouts()).toHaveLength(1)
    const paid = (await maria.call('/v1/bus/getWithdrawProcess', { orderId: order.orderId })).data
    expect(paid.status).toBe('paid')
    expect(paid.steps.map((s: { processCode: number; state: number }) => [s.processCode, s.state])).toEqual([
      [1000, 1],
      [1100, 1],
      [1200, 1],
      [2200, 1],
    ])
    expect(await queue(payments, 'held')).toEqual([])
  })

  it('keeps a frozen player’s approved withdrawal from the bank, says so, and pays it once unfrozen', async () => {
    const maria = await player()
    clock.time = START + 25 * 3600_000 // no cool-off: only the freeze holds it
    const payments = await operator('payments')
    const risk = await operator('risk')
    const order = await maria.withdraw(8000)

    const frozen = await risk('players/freeze', { userId: maria.userId, frozen: true, reason: 'análise de risco' })
    expect(frozen).toMatchObject({
      success: true,
      data: { withdrawals: [{ orderId: order.orderId, amount: 8000, status: 'review' }] },
    })
    const [audit] = await testDb.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'player.freeze')
      .execute()
    expect(JSON.parse(String(audit?.after)).withdrawals).toEqual([{ orderId: order.orderId, amount: 8000 }])

    // The review queue warns; approving does not send it.
    const [item] = (await payments('withdrawals/queue', { status: 'review' })).data.items
    expect(item).toMatchObject({ orderId: order.orderId, frozen: true })
    const decided = await payments('withdrawals/review', { orderId: order.orderId, decision: 'approve' })
    expect(decided.data).toMatchObject({ status: 'processing', phase: 'frozen' })
    clock.time += 20 * 60_000 // (within the operators' 30 idle minutes)
    await tick()
    expect(await payouts()).toEqual([])
    expect(await readPlayerBalances(testDb.db.kysely, maria.userId)).toMatchObject({
      cash: 12000,
      withdrawalHold: 8000,
    })
    expect(await paidOut()).toBe(0)
    expect(await queue(payments, 'held')).toMatchObject([{ orderId: order.orderId, phase: 'frozen' }])
    expect(await queue(payments, 'stuck')).toEqual([])

    // Lifted: sent at once, and paid.
    const lifted = await risk('players/freeze', { userId: maria.userId, frozen: false, reason: 'análise concluída' })
    expect(lifted.data.withdrawals).toEqual([{ orderId: order.orderId, amount: 8000, status: 'processing' }])
    await tick()
    expect(await payouts()).toHaveLength(1)
    expect(await readPlayerBalances(testDb.db.kysely, maria.userId)).toMatchObject({
      cash: 12000,
      withdrawalHold: 0,
    })
    expect(await paidOut()).toBe(8000)
  })

  it('keeps from the bank a withdrawal waiting out its cool-off when the account is frozen meanwhile', async () => {
    const risk = await operator('risk')
    const maria = await player()
    const order = await maria.withdraw(3000)
    expect(order.status).toBe('processing')
    const frozen = await risk('players/freeze', { userId: maria.userId, frozen: true, reason: 'análise' })
    expect(frozen.data.withdrawals).toEqual([{ orderId: order.orderId, amount: 3000, status: 'processing' }])
    clock.time = START + (COOL_OFF_MINUTES + 5) * 60_000
    await tick()
    expect(await payouts()).toEqual([])
    expect(await readPlayerBalances(testDb.db.kysely, maria.userId)).toMatchObject({ withdrawalHold: 3000 })
    expect(await paidOut()).toBe(0)
  })

  it('names players in the worklist (masked unless the role sees personal data) and shows who paid a deposit', async () => {
    const support = await operator('support')
    const payments = await operator('payments')
    const maria = await player('Maria da Silva')
    await maria.withdraw(8000)
    expect((await queue(support, 'review'))[0]?.playerName).toBe('Maria d* S****')
    expect((await queue(payments, 'review'))[0]?.playerName).toBe('Maria da Silva')

    const charge = await maria.call('/charge/create/order', { amount: 2000, requestId: randomUUID() })
    expect(charge.success, JSON.stringify(charge)).toBe(true)
    const paid = await sandboxBankOf(app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload: { code: charge.data.payCode },
      headers: { 'content-type': 'application/json' },
    })
    expect(paid.json().data).toMatchObject({ paid: true })
    const deposit = (view: { deposits: { id: string; payers: unknown[] }[] }) =>
      view.deposits.find((d) => d.id === charge.data.orderId)
    const whole = deposit((await payments('players/view', { userId: maria.userId })).data)
    expect(whole?.payers).toEqual([{ cpf: maria.cpf, isPlayer: true }])
    const masked = deposit((await support('players/view', { userId: maria.userId })).data)
    expect(masked?.payers).toMatchObject([{ isPlayer: true }])
    expect(JSON.stringify(masked)).not.toContain(maria.cpf)
  })
})

describe.each(engines)('a payout the bank keeps on %s', { timeout: 120_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { SANDBOX_PAYOUT_DELAY_MS: String(3600_000) }, clock)
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  async function operator(role: OperatorRole) {
    const email = `${randomUUID().slice(0, 8)}@jogolimpo.example`
    await createOperator(testDb.db.kysely, { email, role, name: role, password: OPERATOR_PASSWORD }, clock.now())
    const login = await app.inject({
      method: 'POST',
      url: '/api/ops/session/login',
      payload: { email, password: OPERATOR_PASSWORD },
    })
    const cookie = String(login.headers['set-cookie']).split(';')[0] as string
    return async (path: string, payload: object = {}) =>
      (await app.inject({ method: 'POST', url: `/api/ops/${path}`, headers: { cookie }, payload })).json()
  }
  const payouts = () => testDb.db.kysely.selectFrom('sandbox_payouts').selectAll().execute()
  const queue = async (call: Awaited<ReturnType<typeof operator>>, status: string) =>
    (await call('withdrawals/queue', { status })).data.items as { orderId: string }[]
  async function player() {
    const p = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: true, cash: 20000 })
    const withdraw = async (amount: number) => {
      const answer = await p.call('/withdraw/create/order', {
        accountNumber: p.cpf,
        payType: 'cpf',
        amount,
        requestId: randomUUID(),
        password: p.password,
      })
      expect(answer.success, JSON.stringify(answer)).toBe(true)
      return answer.data as { orderId: string; status: string }
    }
    return { ...p, withdraw }
  }

  it('lists a payout the bank took and did not settle in 15 minutes as stuck, with when it was sent', async () => {
    const maria = await player()
    clock.time = START + 25 * 3600_000 // credentials older than 24 h: no cool-off
    const payments = await operator('payments')
    // Handed to the bank at once; the bank settles only after an hour.
    const order = await maria.withdraw(3000)
    expect(await payouts()).toHaveLength(1)
    expect(await queue(payments, 'held')).toEqual([])
    clock.time += 14 * 60_000
    expect(await queue(payments, 'stuck')).toEqual([])
    clock.time += 2 * 60_000
    const stuck = (await payments('withdrawals/queue', { status: 'stuck' })).data.items
    expect(stuck).toMatchObject([{ orderId: order.orderId, phase: 'at_bank', sentAt: START + 25 * 3600_000 }])
  })
})
