// The withdrawal cool-off, on each engine with an injected clock and real deposits through the
// sandbox bank: the first withdrawal to a key the player was never paid at waits
// WITHDRAW_COOL_OFF_MINUTES only after a real change of credentials in the last 24 h — a device
// added to an account that already had money — and the tracker says why and until when. A new
// account binding its first password on the device that created it changed nothing: its first
// withdrawal goes out at once. Money is read from the ledger (balances, holds, transfers) and the
// sandbox's payouts.
import { randomUUID } from 'node:crypto'
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
import { readPlayerBalances } from '../ledger/accounts.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const COOL_OFF_MINUTES = 60
const CHECKS = 1100

interface Step {
  processCode: number
  state: number
  msg: string
  argsJson: string
}

describe.each(engines)('withdrawal cool-off on %s', (engine) => {
  let testDb: TestDb
  let app: Awaited<ReturnType<typeof buildTestApp>>
  const clock = manualClock(START)

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

  const api = async (token: string, path: string, body: object) =>
    (await app.inject({ method: 'POST', url: `/api${path}`, headers: { 'access-token': token }, payload: body })).json()

  /** A new player as the app makes one: device login, CPF, a real PIX deposit; no password yet. */
  async function newPlayer(depositReais: number | null) {
    const ana = await loginPlayer(app, { ageConfirmed: true, verified: true })
    const deposit = async (reais: number) => {
      const created = await ana.call('/charge/create/order', { amount: reais * 100, requestId: randomUUID() })
      expect(created.success).toBe(true)
      const paid = await sandboxBankOf(app).inject({
        method: 'POST',
        url: '/sandbox/bank/pay',
        payload: { code: created.data.payCode },
        headers: { 'content-type': 'application/json' },
      })
      expect(paid.json()).toMatchObject({ success: true, data: { paid: true } })
    }
    if (depositReais !== null) await deposit(depositReais)
    const userName = `jogadora${ana.userId}`
    const bind = async () => {
      const bound = await ana.call('/user/bindLoginAccount', {
        userName,
        password: ana.password,
        confirmPassword: ana.password,
      })
      expect(bound.success).toBe(true)
    }
    /** A name-and-password login from another phone: a device added to the account. */
    const otherDevice = async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { userName, password: ana.password, apiType: 1 },
      })
      expect(login.json()).toMatchObject({ success: true, data: { userId: ana.userId } })
      return login.json().data.token as string
    }
    const withdraw = async (amount: number, token = ana.token) => {
      const answer = await api(token, '/withdraw/create/order', {
        accountNumber: ana.cpf,
        payType: 'cpf',
        amount,
        requestId: randomUUID(),
        password: ana.password,
      })
      expect(answer.success).toBe(true)
      return answer.data as { orderId: string; status: string; steps: Step[] }
    }
    return { ...ana, deposit, bind, otherDevice, withdraw }
  }

  const payouts = () => testDb.db.kysely.selectFrom('sandbox_payouts').selectAll().execute()
  const balances = (userId: number) => readPlayerBalances(testDb.db.kysely, userId)
  const transferKinds = async (userId: number) => {
    const rows = await testDb.db.kysely
      .selectFrom('ledger_transfers')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_transfers.debit_account_id')
      .select(['ledger_transfers.kind', 'ledger_transfers.amount'])
      .where('ledger_accounts.player_id', '=', userId)
      .where('ledger_transfers.kind', 'in', ['withdrawal_hold', 'withdrawal_post', 'withdrawal_void'])
      .orderBy('ledger_transfers.seq')
      .execute()
    return rows.map((row) => `${row.kind} ${Number(row.amount)}`)
  }
  const tick = async () => {
    await sandboxOf(app).settleDuePayouts()
    await app.payments.withdrawals.reconcile()
    await sandboxOf(app).settleDuePayouts()
    await app.payments.withdrawals.reconcile()
  }
  const checksOf = (order: { steps: Step[] }) => order.steps.find((s) => s.processCode === CHECKS) as Step

  it('a new account binding its first password on the device that created it is paid at once', async () => {
    const ana = await newPlayer(50)
    await ana.bind()
    const order = await ana.withdraw(3000)
    const checks = checksOf(order)
    expect(checks.state).toBe(1)
    expect(JSON.parse(checks.argsJson).coolOffUntil).toBeUndefined()
    expect(checks.msg).not.toMatch(/mudança/)

    // Sent and paid with the clock standing still: no wait at all.
    await tick()
    expect(await payouts()).toHaveLength(1)
    const paid = (await ana.call('/v1/bus/getWithdrawProcess', { orderId: order.orderId })).data
    expect(paid.status).toBe('paid')
    expect(await balances(ana.userId)).toMatchObject({ cash: 2000, withdrawalHold: 0 })
    // Held from cash once, posted out of the hold once.
    expect(await transferKinds(ana.userId)).toEqual(['withdrawal_hold 3000', 'withdrawal_post 3000'])
  })

  it('a device added to an account that had money holds the first withdrawal to a new key, says why, then pays it', async () => {
    const ana = await newPlayer(200)
    await ana.bind()
    clock.time = START + 5 * 60_000
    const added = await ana.otherDevice()
    const order = await ana.withdraw(5000, added)
    expect(order.status).toBe('processing')
    const checks = checksOf(order)
    expect(checks.state).toBe(4)
    const until = START + 5 * 60_000 + COOL_OFF_MINUTES * 60_000
    expect(JSON.parse(checks.argsJson).coolOffUntil).toBe(until)
    expect(checks.msg).toMatch(/outro aparelho entrou na conta/)
    expect(checks.msg).toMatch(/13:05/) // 16:05 UTC in São Paulo
    expect(checks.msg).not.toMatch(/taxa|pague/i)

    // The money is held, and nothing reaches the bank before the cool-off ends.
    expect(await balances(ana.userId)).toMatchObject({ cash: 15000, withdrawalHold: 5000 })
    clock.time = until - 1
    await tick()
    expect(await payouts()).toEqual([])

    clock.time = until
    await tick()
    expect(await payouts()).toHaveLength(1)
    const paid = (await api(added, '/v1/bus/getWithdrawProcess', { orderId: order.orderId })).data
    expect(paid.status).toBe('paid')
    expect(paid.steps.map((s: Step) => s.processCode)).toEqual([1000, 1100, 1200, 2200])
    expect(await balances(ana.userId)).toMatchObject({ cash: 15000, withdrawalHold: 0 })

    // The same key again, still within 24 h of the change: it was paid there before, so at once.
    const again = await ana.withdraw(3000, added)
    expect(checksOf(again).state).toBe(1)
    await tick()
    expect(await payouts()).toHaveLength(2)
    expect(await transferKinds(ana.userId)).toEqual([
      'withdrawal_hold 5000',
      'withdrawal_post 5000',
      'withdrawal_hold 3000',
      'withdrawal_post 3000',
    ])
  })

  it('the first device keeps the cool-off too once another device was added to an account with money', async () => {
    const ana = await newPlayer(100)
    await ana.bind()
    await ana.otherDevice()
    const checks = checksOf(await ana.withdraw(2000))
    expect(checks.state).toBe(4)
    expect(await balances(ana.userId)).toMatchObject({ cash: 8000, withdrawalHold: 2000 })
  })

  it('a device added to an account that never had money changes nothing to take: paid at once later', async () => {
    const ana = await newPlayer(null)
    await ana.bind()
    const added = await ana.otherDevice()
    await ana.deposit(40)
    const order = await ana.withdraw(1000, added)
    expect(checksOf(order).state).toBe(1)
    await tick()
    expect(await payouts()).toHaveLength(1)
    expect(await balances(ana.userId)).toMatchObject({ cash: 3000, withdrawalHold: 0 })
  })

  it('sends at once when the device was added more than 24 hours ago', async () => {
    const ana = await newPlayer(100)
    await ana.bind()
    const added = await ana.otherDevice()
    clock.time = START + 24 * 3600_000 + 1
    const checks = checksOf(await ana.withdraw(5000, added))
    expect(checks.state).toBe(1)
    expect(JSON.parse(checks.argsJson).coolOffUntil).toBeUndefined()
    await tick()
    expect(await payouts()).toHaveLength(1)
  })
})
