// Passkeys on each engine, with real WebAuthn signatures (a software authenticator) checked by
// the server: enrolling needs the password; a passkey logs in on a new device and approves a
// withdrawal instead of the password; a challenge signs once, for its purpose and player; the
// player lists and revokes passkeys with the password, and a device a password login added must
// pass the face step-up first (the lost-phone recovery).
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { engines, loginPlayer, type TestPlayer } from '../../tests/support/server.ts'
import { SoftAuthenticator } from '../../tests/support/webauthn.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)

describe.each(engines)('passkeys on %s', (engine) => {
  const clock = manualClock(START)
  const t = appPerTest(engine, { env: { SANDBOX_PAYOUT_DELAY_MS: '0' }, clock, start: START })
  const anonymous = async (path: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: `/api${path}`, payload })).json()

  async function enrolled(options: { cash?: number } = {}) {
    const player = await loginPlayer(t.app, { ageConfirmed: true, bound: true, verified: true, cash: options.cash })
    const phone = new SoftAuthenticator(t.app.config.publicUrl)
    const started = await player.call('/v1/account/passkeys/enrolOptions', { password: player.password })
    expect(started.success, JSON.stringify(started)).toBe(true)
    const kept = await player.call('/v1/account/passkeys/enrol', { response: phone.register(started.data.options) })
    expect(kept.success, JSON.stringify(kept)).toBe(true)
    return { player, phone, passkeyId: kept.data.id as number }
  }

  const passkeyLogin = async (phone: SoftAuthenticator, extra: object = {}) => {
    const options = await anonymous('/user/passkeyLoginOptions', {})
    expect(options.success).toBe(true)
    return anonymous('/user/passkeyLogin', { response: phone.assert(options.data.options), ...extra })
  }

  it('enrols a passkey only with the password, lists it, and logs in with it on a new device', async () => {
    const player = await loginPlayer(t.app, { ageConfirmed: true, bound: true })
    expect(await player.call('/v1/account/passkeys/enrolOptions', { password: 'Errada-123456' })).toMatchObject({
      success: false,
      msgCode: 'current_password_wrong',
    })
    const phone = new SoftAuthenticator(t.app.config.publicUrl)
    const started = await player.call('/v1/account/passkeys/enrolOptions', { password: player.password })
    expect(started.data.options.rp).toEqual({ id: 'localhost', name: 'Jogo Limpo' })
    expect(
      (await player.call('/v1/account/passkeys/enrol', { response: phone.register(started.data.options) })).success,
    ).toBe(true)

    const listed = await player.call('/v1/account/passkeys')
    expect(listed.data.passkeys).toEqual([
      { id: expect.any(Number), label: expect.any(String), createdAt: START, lastUsedAt: null },
    ])
    const stored = await t.db.kysely.selectFrom('player_passkeys').selectAll().executeTakeFirstOrThrow()
    expect(Number(stored.player_id)).toBe(player.userId)
    expect(stored.public_key).toMatch(/^[A-Za-z0-9_-]+$/)

    clock.time += 60_000
    const loggedIn = await passkeyLogin(phone, { ageConfirmed: true })
    expect(loggedIn, JSON.stringify(loggedIn)).toMatchObject({ success: true, data: { userId: player.userId } })
    expect(loggedIn.data.deviceSecret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bus/accountInfo',
      headers: { 'access-token': loggedIn.data.token },
      payload: {},
    })
    expect(info.json().success).toBe(true)
    const used = await t.db.kysely
      .selectFrom('player_passkeys')
      .select(['counter', 'last_used_at'])
      .executeTakeFirstOrThrow()
    expect(Number(used.counter)).toBe(1)
    expect(Number(used.last_used_at)).toBe(START + 60_000)
  })

  it('a challenge signs once, within five minutes; a passkey unknown to the server logs nobody in', async () => {
    const { phone } = await enrolled()
    const options = await anonymous('/user/passkeyLoginOptions', {})
    const signed = phone.assert(options.data.options)
    expect((await anonymous('/user/passkeyLogin', { response: signed })).success).toBe(true)
    expect(await anonymous('/user/passkeyLogin', { response: signed })).toMatchObject({ msgCode: 'passkey_failed' })

    const late = await anonymous('/user/passkeyLoginOptions', {})
    clock.time += 5 * 60_000 + 1
    expect(await anonymous('/user/passkeyLogin', { response: phone.assert(late.data.options) })).toMatchObject({
      msgCode: 'passkey_failed',
    })

    const stranger = new SoftAuthenticator(t.app.config.publicUrl)
    stranger.register({ challenge: 'x', user: { id: 'eA' } })
    const fresh = await anonymous('/user/passkeyLoginOptions', {})
    expect(await anonymous('/user/passkeyLogin', { response: stranger.assert(fresh.data.options) })).toMatchObject({
      msgCode: 'passkey_failed',
    })
    // Signed for another site (origin): refused.
    const other = await anonymous('/user/passkeyLoginOptions', {})
    const phished = phone.assert(other.data.options, 'https://jogo-limpo.example')
    expect(await anonymous('/user/passkeyLogin', { response: phished })).toMatchObject({ msgCode: 'passkey_failed' })
  })

  const withdraw = (player: TestPlayer, extra: object) =>
    player.call('/withdraw/create/order', {
      accountNumber: player.cpf,
      payType: 'cpf',
      amount: 2_000,
      requestId: randomUUID(),
      ...extra,
    })

  it("approves a withdrawal with the player's passkey instead of the password; a login challenge or another player's passkey does not", async () => {
    const { player, phone } = await enrolled({ cash: 10_000 })
    // A login's challenge is not a withdrawal's.
    const loginOptions = await anonymous('/user/passkeyLoginOptions', {})
    expect(await withdraw(player, { passkey: phone.assert(loginOptions.data.options) })).toMatchObject({
      success: false,
      msgCode: 'passkey_failed',
    })
    const options = await player.call('/v1/account/passkeys/withdrawalOptions')
    expect(options.data.options.allowCredentials).toHaveLength(1)
    const order = await withdraw(player, { passkey: phone.assert(options.data.options) })
    expect(order.success, JSON.stringify(order)).toBe(true)
    const rows = await t.db.kysely
      .selectFrom('withdrawal_orders')
      .select('amount')
      .where('player_id', '=', player.userId)
      .execute()
    expect(rows.map((row) => Number(row.amount))).toEqual([2_000])

    // Another player's challenge, signed by this passkey: refused.
    const other = await enrolled({ cash: 10_000 })
    const theirs = await other.player.call('/v1/account/passkeys/withdrawalOptions')
    const crossed = phone.assert({ challenge: theirs.data.options.challenge })
    expect(await withdraw(other.player, { passkey: crossed })).toMatchObject({ msgCode: 'passkey_failed' })
    // Without either: the password is still asked.
    expect(await withdraw(other.player, {})).toMatchObject({ msgCode: 'password_required' })
  })

  it('revokes a passkey with the password; a revoked passkey no longer logs in', async () => {
    const { player, phone, passkeyId } = await enrolled()
    expect(
      await player.call('/v1/account/passkeys/revoke', { id: passkeyId, password: 'Errada-123456' }),
    ).toMatchObject({
      msgCode: 'current_password_wrong',
    })
    const other = await loginPlayer(t.app, { ageConfirmed: true, bound: true })
    expect(await other.call('/v1/account/passkeys/revoke', { id: passkeyId, password: other.password })).toMatchObject({
      msgCode: 'not_found',
    })
    expect(
      (await player.call('/v1/account/passkeys/revoke', { id: passkeyId, password: player.password })).success,
    ).toBe(true)
    expect((await player.call('/v1/account/passkeys')).data.passkeys).toEqual([])
    expect(await passkeyLogin(phone)).toMatchObject({ success: false, msgCode: 'passkey_failed' })
  })

  it('a passkey login on a new device owes the face before its first withdrawal; on its own device nothing', async () => {
    const { player, phone } = await enrolled()
    // The player's face was checked at onboarding (face.test.ts checks the picture itself).
    await t.db.kysely
      .insertInto('face_checks')
      .values({
        player_id: player.userId,
        purpose: 'onboarding',
        device_row_id: null,
        outcome: 'passed',
        match_bp: 9500,
        liveness_bp: 9500,
        provider: 'sandbox',
        provider_ref: 'ref',
        image_sha256: 'a'.repeat(64),
        created_at: START,
      })
      .execute()
    const owed = async (deviceId: string) =>
      (
        await t.db.kysely
          .selectFrom('devices')
          .select('face_step_up_due')
          .where('device_id', '=', deviceId)
          .executeTakeFirstOrThrow()
      ).face_step_up_due
    Object.assign(t.app.config.face, { stepUp: true })
    try {
      const elsewhere = await passkeyLogin(phone)
      expect(elsewhere.success, JSON.stringify(elsewhere)).toBe(true)
      expect(elsewhere.data.deviceId).not.toBe(player.deviceId)
      expect(Number(await owed(elsewhere.data.deviceId))).toBe(START)
      // The same device (its id and secret sent along) owes nothing new.
      const again = await passkeyLogin(phone, { deviceId: player.deviceId, deviceSecret: player.deviceSecret })
      expect(again.success, JSON.stringify(again)).toBe(true)
      expect(again.data.deviceId).toBe(player.deviceId)
      expect(await owed(player.deviceId)).toBeNull()
    } finally {
      Object.assign(t.app.config.face, { stepUp: false })
    }
  })

  it('a lost phone: from a new device the password logged in, revoking waits for the face step-up', async () => {
    const { player, passkeyId } = await enrolled()
    const login = await anonymous('/user/login', {
      userName: player.userName,
      password: player.password,
      apiType: 1,
      deviceId: randomUUID(),
    })
    // The step-up a password login leaves due on an account whose face was checked.
    await t.db.kysely
      .updateTable('devices')
      .set({ face_step_up_due: START })
      .where('device_id', '=', login.data.deviceId)
      .execute()
    const call = async (path: string, payload: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api${path}`,
          headers: { 'access-token': login.data.token },
          payload,
        })
      ).json()
    const revoke = { id: passkeyId, password: player.password }
    expect(t.app.config.face.stepUp).toBe(false)
    // With the face step-up off the password is enough; on, the face comes first (face.test.ts checks the picture).
    Object.assign(t.app.config.face, { stepUp: true })
    try {
      expect(await call('/v1/account/passkeys/revoke', revoke)).toMatchObject({ msgCode: 'face_step_up_required' })
      await t.db.kysely
        .updateTable('devices')
        .set({ face_step_up_due: null })
        .where('device_id', '=', login.data.deviceId)
        .execute()
      expect((await call('/v1/account/passkeys/revoke', revoke)).success).toBe(true)
    } finally {
      Object.assign(t.app.config.face, { stepUp: false })
    }
  })
})
