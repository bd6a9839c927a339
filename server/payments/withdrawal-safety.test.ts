// No money out to a stranger, on each engine: a withdrawal goes only to a
// PIX key the directory (the sandbox bank's DICT) says the player's verified CPF holds — checked
// when it is asked for, when a rejected key is corrected, and by the bank at payout time — and
// every withdrawal is confirmed with the account's password, whose failures lock withdrawals.
// Money is read from the ledger and from the sandbox bank's payouts.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isValidCpf, randomCpf } from '../../contract/cpf.ts'
import { manualClock } from '../../tests/support/clock.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  TEST_PASSWORD as PASSWORD,
  sandboxOf,
  type TestDb,
} from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'
import { holderNameMatches } from './withdrawal-requests.ts'

/** Another valid CPF with the same six middle digits: what a DICT answer shows of both. */
function sameSixDigits(cpf: string): string {
  for (let prefix = 100; prefix < 1000; prefix++) {
    if (String(prefix) === cpf.slice(0, 3)) continue
    for (let check = 0; check < 100; check++) {
      const other = `${prefix}${cpf.slice(3, 9)}${String(check).padStart(2, '0')}`
      if (isValidCpf(other)) return other
    }
  }
  throw new Error('no such CPF')
}

const START = Date.UTC(2026, 10, 20, 15, 0)
const DELAY = 1500

describe.each(engines)('withdrawal safety on %s', (engine) => {
  let testDb: TestDb
  let app: Awaited<ReturnType<typeof buildTestApp>>
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { SANDBOX_PAYOUT_DELAY_MS: String(DELAY) }, clock)
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  async function player(cash = 10000) {
    const { call, userId, cpf } = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: true, cash })
    /** `password: null` sends none. */
    const withdraw = (amount: number, key: string, payType: string, password: string | null = PASSWORD) =>
      call('/withdraw/create/order', {
        accountNumber: key,
        payType,
        amount,
        requestId: randomUUID(),
        ...(password === null ? {} : { password }),
      })
    return { call, userId, cpf, withdraw }
  }

  const dict = () => sandboxOf(app).dict
  const balances = (userId: number) => readPlayerBalances(testDb.db.kysely, userId)
  const orders = () => testDb.db.kysely.selectFrom('withdrawal_orders').selectAll().execute()
  const payouts = () => testDb.db.kysely.selectFrom('sandbox_payouts').selectAll().execute()
  const settle = async () => {
    clock.time += DELAY
    await sandboxOf(app).settleDuePayouts()
    await app.payments.withdrawals.reconcile()
  }
  const codes = (process: { steps: { processCode: number }[] }) => process.steps.map((s) => s.processCode)

  it("refuses a withdrawal to a key the player's CPF does not hold, up front and writing nothing", async () => {
    const { userId, withdraw, call } = await player()
    // The attack from the issue: a stranger's e-mail key. Unknown to the directory first…
    const unknown = await withdraw(5000, 'attacker@example.com', 'email')
    expect(unknown).toMatchObject({ success: false, msgCode: 'pix_key_not_owned' })
    expect(unknown.msg).toContain('não está registrada no seu CPF')
    // …then registered, but to the attacker's CPF; the same for a phone key.
    await dict().register('email', 'attacker@example.com', randomCpf())
    await dict().register('phone', '+5521988887777', randomCpf())
    expect((await withdraw(5000, 'Attacker@Example.com', 'email')).msgCode).toBe('pix_key_not_owned')
    expect((await withdraw(5000, '21988887777', 'phone')).msgCode).toBe('pix_key_not_owned')
    const english = await call(
      '/withdraw/create/order',
      {
        accountNumber: 'attacker@example.com',
        payType: 'email',
        amount: 5000,
        requestId: randomUUID(),
        password: PASSWORD,
      },
      'en',
    )
    expect(english.msg).toContain('not registered to your CPF')
    const hindi = await call(
      '/withdraw/create/order',
      {
        accountNumber: 'attacker@example.com',
        payType: 'email',
        amount: 5000,
        requestId: randomUUID(),
        password: PASSWORD,
      },
      'hi',
    )
    expect(hindi.msg).toContain('CPF पर पंजीकृत नहीं है')

    expect(await orders()).toHaveLength(0)
    expect(await payouts()).toHaveLength(0)
    expect(await balances(userId)).toMatchObject({ cash: 10000, withdrawalHold: 0 })
  })

  it('refuses a key held by another CPF with the same six visible digits: the holder’s name is not the verified one', async () => {
    const { userId, cpf, withdraw } = await player()
    const neighbour = sameSixDigits(cpf)
    await dict().register('email', 'vizinho@example.com', neighbour)
    // What the app sees: the CPF as DICT masks it, the same as the player's own.
    const shown = await app.payments.provider.lookupKey('vizinho@example.com')
    expect(shown).toMatchObject({ found: true, ownerCpf: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` })
    expect(await withdraw(5000, 'vizinho@example.com', 'email')).toMatchObject({
      success: false,
      msgCode: 'pix_key_not_owned',
    })
    expect(await orders()).toHaveLength(0)
    expect(await payouts()).toHaveLength(0)
    expect(await balances(userId)).toMatchObject({ cash: 10000, withdrawalHold: 0 })
  })

  it('sends the full CPF with the payout, and the PSP refuses at once a namesake’s key with the same six digits', async () => {
    const { userId, cpf, call, withdraw } = await player()
    // A namesake ("Ana Souza", as the test players) verified with a CPF sharing the visible digits.
    const neighbour = sameSixDigits(cpf)
    await loginPlayer(app, { ageConfirmed: true, bound: true, verified: { cpf: neighbour } })
    await dict().register('phone', '+5511933332222', neighbour)
    const created = await withdraw(4000, '11933332222', 'phone')
    expect(created.success).toBe(true)
    // No settlement needed: the PSP checked the key's owner against the CPF the request carried.
    const [payout] = await payouts()
    expect(payout).toMatchObject({ owner_cpf: cpf, status: 'failed', outcome: 'key_not_owned', end_to_end_id: null })
    const process = (await call('/v1/bus/getWithdrawProcess', { orderId: created.data.orderId })).data
    expect(process).toMatchObject({ status: 'failed', failReason: 'pix_key_not_owned' })
    expect(await balances(userId)).toMatchObject({ cash: 10000, withdrawalHold: 0 })
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
  })

  it('compares the holder’s name as DICT shows it, masked words included', () => {
    expect(holderNameMatches('ANA SOUZA', 'Ana  Souza')).toBe(true)
    expect(holderNameMatches('Jose Conceicao', 'José Conceição')).toBe(true)
    expect(holderNameMatches('Ana S**** Souza', 'Ana Silva Souza')).toBe(true)
    expect(holderNameMatches('Ana Souza', 'Ana Silva Souza')).toBe(false)
    expect(holderNameMatches('Titular do sandbox', 'Ana Souza')).toBe(false)
    expect(holderNameMatches('A.* Souza', 'Ab Souza')).toBe(false)
  })

  it("pays keys the player's CPF holds: the CPF key itself and a key registered to it", async () => {
    const { userId, cpf, withdraw } = await player()
    expect((await withdraw(3000, cpf, 'cpf')).success).toBe(true)
    await settle()
    await dict().register('email', 'ana.souza@exemplo.com', cpf)
    const email = await withdraw(2000, 'ana.souza@exemplo.com', 'email')
    expect(email).toMatchObject({ success: true, data: { status: 'processing' } })
    await settle()
    expect((await payouts()).map((p) => [p.pix_key, p.status, p.owner_cpf])).toEqual(
      expect.arrayContaining([
        [cpf, 'paid', cpf],
        ['ana.souza@exemplo.com', 'paid', cpf],
      ]),
    )
    expect(await balances(userId)).toMatchObject({ cash: 5000, withdrawalHold: 0 })
  })

  it('does not pay a key that changed hands between the request and the payout: the money comes back', async () => {
    const { userId, cpf, call, withdraw } = await player()
    await dict().register('phone', '+5511955554444', cpf)
    const created = (await withdraw(6000, '11955554444', 'phone')).data
    expect(created.status).toBe('processing')
    // A DICT claim moves the key to someone else before the bank settles the payout.
    await dict().register('phone', '+5511955554444', randomCpf())
    await settle()

    const process = (await call('/v1/bus/getWithdrawProcess', { orderId: created.orderId })).data
    expect(process).toMatchObject({ status: 'failed', historyStatus: 3, failReason: 'pix_key_not_owned' })
    expect(codes(process)).toEqual([1000, 1100, 1200, 2300])
    expect(process.steps[3].msg).toContain('a chave PIX não está no seu CPF')
    expect(process.steps[3].msg).toContain('já voltou para o seu saldo')
    const [payout] = await payouts()
    expect(payout).toMatchObject({ status: 'failed', outcome: 'key_not_owned', end_to_end_id: null })
    expect(await balances(userId)).toMatchObject({ cash: 10000, withdrawalHold: 0 })
    const posted = await testDb.db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'withdrawal_post')
      .execute()
    expect(posted).toHaveLength(0)
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
  })

  it("checks a corrected key the same way: only one the player's CPF holds is sent", async () => {
    const { userId, cpf, call, withdraw } = await player()
    await dict().register('phone', '+5511987654321', cpf)
    await sandboxOf(app).setPayoutRule('+5511987654321', 'invalid_key', cpf)
    const created = (await withdraw(3000, '11987654321', 'phone')).data
    await settle()
    expect((await call('/v1/bus/getWithdrawProcess', { orderId: created.orderId })).data.status).toBe('key_rejected')

    const correct = (accountNumber: string, payType?: string) =>
      call('/v1/bus/updateCpf', { orderId: created.orderId, accountNumber, ...(payType ? { payType } : {}) })
    expect((await correct('11912345678')).msgCode).toBe('pix_key_not_owned')
    await dict().register('email', 'golpe@example.com', randomCpf())
    expect((await correct('golpe@example.com', 'email')).msgCode).toBe('pix_key_not_owned')
    expect((await call('/v1/bus/getWithdrawProcess', { orderId: created.orderId })).data.status).toBe('key_rejected')

    await dict().register('phone', '+5511912345678', cpf)
    expect((await correct('11912345678')).success).toBe(true)
    await settle()
    const paid = (await call('/v1/bus/getWithdrawProcess', { orderId: created.orderId })).data
    expect(codes(paid)).toEqual([1000, 1100, 1200, 2000, 2100, 2200])
    expect(await balances(userId)).toMatchObject({ cash: 7000, withdrawalHold: 0 })
  })

  it('confirms every withdrawal with the password: missing or wrong is refused and writes nothing', async () => {
    const { userId, cpf, withdraw } = await player()
    const missing = await withdraw(5000, cpf, 'cpf', null)
    expect(missing).toMatchObject({ success: false, msgCode: 'password_required' })
    const wrong = await withdraw(5000, cpf, 'cpf', 'not-the-password')
    expect(wrong).toMatchObject({ success: false, msgCode: 'password_wrong', data: { attemptsLeft: 4 } })
    expect(wrong.msg).toBe('Senha incorreta. Mais 4 tentativas erradas e os saques ficam bloqueados por 15 minutos.')
    expect(await orders()).toHaveLength(0)
    expect(await payouts()).toHaveLength(0)
    expect(await balances(userId)).toMatchObject({ cash: 10000, withdrawalHold: 0 })
    expect((await withdraw(5000, cpf, 'cpf')).success).toBe(true)
  })

  it('locks withdrawals for 15 minutes after 5 wrong passwords, even with the right one; the right one clears the count', async () => {
    const { userId, cpf, withdraw } = await player()
    for (let i = 0; i < 4; i++) expect((await withdraw(2000, cpf, 'cpf', `wrong-${i}`)).msgCode).toBe('password_wrong')
    // The right password before the fifth failure clears the count…
    expect((await withdraw(2000, cpf, 'cpf')).success).toBe(true)
    await settle()
    // …so it takes five new failures to lock.
    for (let i = 0; i < 4; i++) expect((await withdraw(2000, cpf, 'cpf', `wrong-${i}`)).msgCode).toBe('password_wrong')
    const locked = await withdraw(2000, cpf, 'cpf', 'wrong-5')
    expect(locked).toMatchObject({ success: false, msgCode: 'withdraw_locked', data: { until: clock.time + 900_000 } })
    expect(locked.msg).toContain('os saques ficam bloqueados até')
    expect((await withdraw(2000, cpf, 'cpf')).msgCode).toBe('withdraw_locked')
    expect(await orders()).toHaveLength(1)

    clock.time += 900_000
    expect((await withdraw(2000, cpf, 'cpf')).success).toBe(true)
    expect(await balances(userId)).toMatchObject({ cash: 6000, withdrawalHold: 2000 })
  })
})
