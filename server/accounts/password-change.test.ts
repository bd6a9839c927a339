// Changing a password, on each engine with an injected clock: with the current password; forgotten,
// with the verified CPF and date of birth; and with the one-time code an operator issues after
// the same identity check. Read from the rows: the stored hash, the sessions and devices, the
// reset codes and the audit log; the cool-off from the withdrawal order, the ledger's balances
// and the sandbox bank's payouts.
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { signedInOperator } from '../../tests/support/operators.ts'
import { engines, loginPlayer, sandboxOf, TEST_BIRTH_DATE } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const COOL_OFF_MINUTES = 60
const NEW_PASSWORD = 'Caju-Lanterna-Piano7'
const OTHER_CPF = '52998224725'

describe.each(engines)('password changes on %s', (engine) => {
  const clock = manualClock(START)

  const t = appPerTest(engine, {
    env: { SANDBOX_PAYOUT_DELAY_MS: '0', WITHDRAW_COOL_OFF_MINUTES: String(COOL_OFF_MINUTES) },
    clock,
    start: START,
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const db = () => t.db.kysely
  const anonymous = async (path: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: `/api${path}`, payload })).json()
  const withToken = async (token: string, path: string, payload: object = {}) =>
    (await t.app.inject({ method: 'POST', url: `/api${path}`, headers: { 'access-token': token }, payload })).json()
  const login = (userName: string, password: string) =>
    anonymous('/user/login', { userName, password, apiType: 1, deviceId: randomUUID() })
  const stored = (userId: number) =>
    db()
      .selectFrom('players')
      .select(['password_hash', 'credentials_changed_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  const liveDevices = async (userId: number) =>
    (
      await db()
        .selectFrom('devices')
        .select('id')
        .where('player_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute()
    ).length

  /** A bound, verified player, with a second phone logged in by name and password unless told otherwise. */
  async function ana(options: { verified?: boolean; cash?: number; otherPhone?: boolean } = {}) {
    const player = await loginPlayer(t.app, {
      ageConfirmed: true,
      bound: true,
      verified: options.verified ?? true,
      cash: options.cash,
    })
    const userName = player.userName as string
    if (options.otherPhone === false) return { ...player, userName, otherToken: '' }
    const other = await login(userName, player.password)
    expect(other.success).toBe(true)
    return { ...player, userName, otherToken: other.data.token as string }
  }

  const change = (token: string, currentPassword: string, password = NEW_PASSWORD) =>
    withToken(token, '/user/password/change', { currentPassword, password, confirmPassword: password })
  const forgotten = (token: string, cpf: string, birthDate: string, password = NEW_PASSWORD) =>
    withToken(token, '/user/password/forgotten', { cpf, birthDate, password, confirmPassword: password })

  it('changes the password with the current one: the old one stops logging in, other devices are signed out', async () => {
    const sent = vi.spyOn(t.app.push, 'sendWebPush')
    const player = await ana()
    const before = await stored(player.userId)
    expect(await liveDevices(player.userId)).toBe(2)

    const changed = await change(player.token, player.password)
    expect(changed).toMatchObject({ success: true, data: { userName: player.userName, devicesSignedOut: 1 } })

    const after = await stored(player.userId)
    expect(after.password_hash).not.toBe(before.password_hash)
    expect(Number(after.credentials_changed_at)).toBe(START)
    expect((await login(player.userName, player.password)).msgCode).toBe('login_failed')
    expect((await login(player.userName, NEW_PASSWORD)).success).toBe(true)
    // This device stays in; the other phone's session and device are gone.
    expect((await withToken(player.token, '/v1/bus/accountInfo')).success).toBe(true)
    expect((await withToken(player.otherToken, '/v1/bus/accountInfo')).msgCode).toBe('token_invalid')
    // Two live devices: this one and the login just made with the new password.
    expect(await liveDevices(player.userId)).toBe(2)
    expect(sent).toHaveBeenCalledWith(player.userId, expect.any(Function))
  })

  it('refuses a wrong current password and changes nothing; five wrong ones pause changes for an hour', async () => {
    const player = await ana()
    const before = await stored(player.userId)
    const wrong = await change(player.token, 'Not-The-Password-1')
    expect(wrong).toMatchObject({ success: false, msgCode: 'current_password_wrong' })
    expect(await stored(player.userId)).toEqual(before)
    expect((await withToken(player.otherToken, '/v1/bus/accountInfo')).success).toBe(true)
    expect((await login(player.userName, player.password)).success).toBe(true)

    for (let i = 0; i < 4; i++)
      expect((await change(player.token, `Not-The-Password-${i + 2}`)).msgCode).toBe('current_password_wrong')
    // The right password now waits too: guessing cannot go on.
    const locked = await change(player.token, player.password)
    expect(locked).toMatchObject({ success: false, msgCode: 'password_change_locked' })
    expect(locked.data.retryAt).toBe(START + 3600_000)
    expect(await stored(player.userId)).toEqual(before)

    clock.time = START + 3600_000
    expect((await change(player.token, player.password)).success).toBe(true)
  })

  it('a forgotten password: a wrong CPF and a wrong date read the same and change nothing; the verified ones change it', async () => {
    const player = await ana()
    const before = await stored(player.userId)
    const wrongCpf = await forgotten(player.token, OTHER_CPF, TEST_BIRTH_DATE)
    const wrongDate = await forgotten(player.token, player.cpf, '1990-01-16')
    expect(wrongCpf).toMatchObject({ success: false, msgCode: 'identity_not_confirmed' })
    expect(wrongDate).toEqual(wrongCpf)
    expect(await stored(player.userId)).toEqual(before)
    expect((await withToken(player.otherToken, '/v1/bus/accountInfo')).success).toBe(true)

    // Typed with dots and dash, as people write a CPF.
    const typed = `${player.cpf.slice(0, 3)}.${player.cpf.slice(3, 6)}.${player.cpf.slice(6, 9)}-${player.cpf.slice(9)}`
    const changed = await forgotten(player.token, typed, TEST_BIRTH_DATE)
    expect(changed).toMatchObject({ success: true, data: { devicesSignedOut: 1 } })
    expect((await login(player.userName, player.password)).msgCode).toBe('login_failed')
    expect((await login(player.userName, NEW_PASSWORD)).success).toBe(true)
    expect((await withToken(player.otherToken, '/v1/bus/accountInfo')).msgCode).toBe('token_invalid')
  })

  it('a forgotten password needs a verified account, and the new password follows the first-password rules', async () => {
    const unverified = await ana({ verified: false })
    const refused = await forgotten(unverified.token, unverified.cpf, TEST_BIRTH_DATE)
    expect(refused).toMatchObject({ success: false, msgCode: 'identity_not_confirmed' })

    const player = await ana()
    const common = await change(player.token, player.password, 'password123')
    expect(common).toMatchObject({ success: false, msgCode: 'invalid_request' })
    const weak = await change(player.token, player.password, 'flamengo123')
    expect(weak).toMatchObject({ success: false, msgCode: 'invalid_request' })
    const mismatch = await withToken(player.token, '/user/password/change', {
      currentPassword: player.password,
      password: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    })
    expect(mismatch).toMatchObject({ success: false, msgCode: 'invalid_request' })
    expect((await login(player.userName, player.password)).success).toBe(true)

    const deviceOnly = await loginPlayer(t.app, { ageConfirmed: true })
    expect((await change(deviceOnly.token, 'whatever-it-is')).msgCode).toBe('password_not_set')
  })

  it('a console reset: needs the role and the matching identity, is audited, is used once and expires', async () => {
    const player = await ana()
    const before = await stored(player.userId)
    const payments = await signedInOperator(t.app, db(), 'payments', START, '10.0.0.1')
    const support = await signedInOperator(t.app, db(), 'support', START, '10.0.0.2')
    const ask = { userId: player.userId, cpf: player.cpf, birthDate: TEST_BIRTH_DATE, reason: 'ligou no suporte' }

    const forbidden = await payments.post('players/passwordReset', ask)
    expect(forbidden.statusCode).toBe(403)
    const mismatch = await support.call('players/passwordReset', { ...ask, birthDate: '1991-01-15' })
    expect(mismatch).toMatchObject({ success: false, msgCode: 'identity_not_confirmed' })
    expect(await db().selectFrom('password_resets').selectAll().execute()).toEqual([])

    const issued = await support.call('players/passwordReset', ask)
    expect(issued.success).toBe(true)
    const { code, link, expiresAt } = issued.data as { code: string; link: string; expiresAt: number }
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    expect(link).toMatch(new RegExp(`/password-reset#${code}$`))
    expect(expiresAt).toBe(START + 30 * 60_000)
    // Issuing changed nothing yet, and the operator never set a password.
    expect(await stored(player.userId)).toEqual(before)

    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_name', 'object_id', 'reason', 'after'])
      .where('action', 'like', 'player.password_reset%')
      .orderBy('id')
      .execute()
    expect(audit.map((row) => [row.action, row.actor_name, row.object_id, row.reason])).toEqual([
      ['player.password_reset_refused', support.name, String(player.userId), 'ligou no suporte'],
      ['player.password_reset', support.name, String(player.userId), 'ligou no suporte'],
    ])
    // The log keeps neither the code nor the CPF the operator typed.
    expect(JSON.stringify(audit)).not.toContain(code.replaceAll('-', '').slice(0, 8))
    expect(JSON.stringify(audit)).not.toContain(player.cpf)
    const refusedAccess = await db()
      .selectFrom('audit_log')
      .select('actor_name')
      .where('action', '=', 'access.refused')
      .execute()
    expect(refusedAccess.map((row) => row.actor_name)).toEqual([payments.name])

    // Lower case and spaces, as read out over the phone.
    const typed = code.toLowerCase().replaceAll('-', ' ')
    const reset = await anonymous('/user/password/reset', {
      code: typed,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    expect(reset).toMatchObject({ success: true, data: { userName: player.userName, devicesSignedOut: 2 } })
    expect((await withToken(player.token, '/v1/bus/accountInfo')).msgCode).toBe('token_invalid')
    expect((await login(player.userName, player.password)).msgCode).toBe('login_failed')
    expect((await login(player.userName, NEW_PASSWORD)).success).toBe(true)
    const used = await db().selectFrom('password_resets').select('used_at').executeTakeFirstOrThrow()
    expect(Number(used.used_at)).toBe(START)

    // Once only.
    const again = await anonymous('/user/password/reset', {
      code,
      password: 'Outra-Senha-Forte-42',
      confirmPassword: 'Outra-Senha-Forte-42',
    })
    expect(again).toMatchObject({ success: false, msgCode: 'reset_code_invalid' })
    expect((await login(player.userName, NEW_PASSWORD)).success).toBe(true)

    // A later code expires after 30 minutes; a newer one voids it before that.
    const later = (await support.call('players/passwordReset', ask)).data.code as string
    const newest = (await support.call('players/passwordReset', ask)).data.code as string
    const body = (c: string) => ({ code: c, password: 'Outra-Senha-Forte-42', confirmPassword: 'Outra-Senha-Forte-42' })
    expect((await anonymous('/user/password/reset', body(later))).msgCode).toBe('reset_code_invalid')
    clock.time = START + 30 * 60_000
    expect((await anonymous('/user/password/reset', body(newest))).msgCode).toBe('reset_code_invalid')
    expect((await login(player.userName, NEW_PASSWORD)).success).toBe(true)
  })

  it('a console reset of an account without a password, or by a wrong identity five times, is refused', async () => {
    const deviceOnly = await loginPlayer(t.app, { ageConfirmed: true, verified: true })
    const support = await signedInOperator(t.app, db(), 'support', START, '10.0.0.3')
    const none = await support.call('players/passwordReset', {
      userId: deviceOnly.userId,
      cpf: deviceOnly.cpf,
      birthDate: TEST_BIRTH_DATE,
      reason: 'pedido',
    })
    expect(none.msgCode).toBe('password_not_set')

    const player = await ana()
    const ask = { userId: player.userId, cpf: OTHER_CPF, birthDate: TEST_BIRTH_DATE, reason: 'pedido' }
    for (let i = 0; i < 5; i++)
      expect((await support.call('players/passwordReset', ask)).msgCode).toBe('identity_not_confirmed')
    const locked = await support.call('players/passwordReset', { ...ask, cpf: player.cpf })
    expect(locked.msgCode).toBe('password_change_locked')
    expect(await db().selectFrom('password_resets').selectAll().execute()).toEqual([])
  })

  describe('the withdrawal cool-off', () => {
    const payouts = () => db().selectFrom('sandbox_payouts').selectAll().execute()
    const tick = async () => {
      await sandboxOf(t.app).settleDuePayouts()
      await t.app.payments.withdrawals.reconcile()
      await sandboxOf(t.app).settleDuePayouts()
      await t.app.payments.withdrawals.reconcile()
    }
    const withdraw = (token: string, cpf: string, amount: number, password: string) =>
      withToken(token, '/withdraw/create/order', {
        accountNumber: cpf,
        payType: 'cpf',
        amount,
        requestId: randomUUID(),
        password,
      })
    const order = (orderId: string) =>
      db()
        .selectFrom('withdrawal_orders')
        .select(['status', 'send_after'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()

    async function holdsTheFirstWithdrawal(player: { userId: number; cpf: string }, token: string, changedAt: number) {
      const created = await withdraw(token, player.cpf, 4000, NEW_PASSWORD)
      expect(created.success).toBe(true)
      const until = changedAt + COOL_OFF_MINUTES * 60_000
      expect(Number((await order(created.data.orderId)).send_after)).toBe(until)
      expect(await readPlayerBalances(db(), player.userId)).toMatchObject({ cash: 6000, withdrawalHold: 4000 })
      clock.time = until - 1
      await tick()
      expect(await payouts()).toEqual([])
      clock.time = until
      await tick()
      expect(await payouts()).toHaveLength(1)
      expect((await order(created.data.orderId)).status).toBe('paid')
      expect(await readPlayerBalances(db(), player.userId)).toMatchObject({ cash: 6000, withdrawalHold: 0 })
    }

    it('a password changed on the device holds the first withdrawal to a new key for the cool-off', async () => {
      const player = await ana({ cash: 10000, otherPhone: false })
      // Before the change nothing marked the credentials: the first password was set on this device.
      expect((await stored(player.userId)).credentials_changed_at).toBeNull()
      clock.time = START + 60_000
      expect((await change(player.token, player.password)).success).toBe(true)
      await holdsTheFirstWithdrawal(player, player.token, START + 60_000)
    })

    it('a password set with a console reset code holds it too', async () => {
      const player = await ana({ cash: 10000, otherPhone: false })
      const support = await signedInOperator(t.app, db(), 'support', START, '10.0.0.4')
      const ask = { userId: player.userId, cpf: player.cpf, birthDate: TEST_BIRTH_DATE, reason: 'pedido' }
      const { code } = (await support.call('players/passwordReset', ask)).data
      clock.time = START + 120_000
      const reset = await anonymous('/user/password/reset', {
        code,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      })
      expect(reset.success).toBe(true)
      const relogin = await login(player.userName, NEW_PASSWORD)
      await holdsTheFirstWithdrawal(player, relogin.data.token, START + 120_000)
    })
  })
})
