// Passkeys on each engine, with real WebAuthn signatures (a software authenticator) checked by
// the server: enrolling needs the password; a passkey logs in on a new device and approves a
// withdrawal instead of the password; a challenge signs once, for its purpose and player; the
// player lists and revokes passkeys with the password, and a device a password login added must
// pass the face step-up first (the lost-phone recovery: a real face check against the sandbox
// face provider clears it).
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { BIOMETRIC_CONSENT_VERSION } from '../../contract/face.ts'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { buildTestApp, engines, loginPlayer, TEST_BIRTH_DATE, type TestPlayer } from '../../tests/support/server.ts'
import { SoftAuthenticator } from '../../tests/support/webauthn.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
/** Any picture: the sandbox face provider accepts it (a JPEG's first bytes, then filler). */
const PICTURE = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]).toString('base64')

describe.each(engines)('passkeys on %s', (engine) => {
  const clock = manualClock(START)
  const t = appPerTest(engine, { env: { SANDBOX_PAYOUT_DELAY_MS: '0' }, clock, start: START })
  const anonymous = async (path: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: `/api${path}`, payload })).json()
  /** POSTs `/api<path>` to `app`, with a player's access token or without one. */
  const call = async (app: FastifyInstance, token: string | null, path: string, payload: object) =>
    (
      await app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: token ? { 'access-token': token } : {},
        payload,
      })
    ).json()

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
      // The login's reply tells the app, which asks the face at once.
      expect(elsewhere.data.faceStepUpDue).toBe(true)
      // The same device (its id and secret sent along) owes nothing new.
      const again = await passkeyLogin(phone, { deviceId: player.deviceId, deviceSecret: player.deviceSecret })
      expect(again.success, JSON.stringify(again)).toBe(true)
      expect(again.data.deviceId).toBe(player.deviceId)
      expect(again.data.faceStepUpDue).toBe(false)
      expect(await owed(player.deviceId)).toBeNull()
    } finally {
      Object.assign(t.app.config.face, { stepUp: false })
    }
  })

  it('a lost phone: from a new device the password logged in, revoking waits for a face step-up that passes', async () => {
    // The face step on, against the sandbox face provider: a second app over the same database.
    const app = await buildTestApp(t.db, { SANDBOX_PAYOUT_DELAY_MS: '0', FACE_CHECK: 'on', FACE_STEP_UP: 'on' }, clock)
    try {
      const face = (token: string, purpose: 'onboarding' | 'step_up') =>
        call(app, token, '/v1/account/face', { image: PICTURE, purpose, consentVersion: BIOMETRIC_CONSENT_VERSION })
      // Name, CPF and date of birth, then a live face the provider matches: the account's face is checked.
      const player = await loginPlayer(app, { ageConfirmed: true, bound: true })
      const saved = await player.call('/charge/amount/saveUserAccountInfo', {
        fullName: 'Ana Souza',
        cpf: player.cpf,
        birthDate: TEST_BIRTH_DATE,
      })
      expect(saved.data, JSON.stringify(saved)).toMatchObject({ status: 'face' })
      expect(await face(player.token, 'onboarding')).toMatchObject({ success: true, data: { outcome: 'passed' } })
      // The phone's passkey.
      const phone = new SoftAuthenticator(app.config.publicUrl)
      const started = await player.call('/v1/account/passkeys/enrolOptions', { password: player.password })
      const kept = await player.call('/v1/account/passkeys/enrol', { response: phone.register(started.data.options) })
      expect(kept.success, JSON.stringify(kept)).toBe(true)

      // The phone is lost: on another device, name and password.
      const login = await call(app, null, '/user/login', {
        userName: player.userName,
        password: player.password,
        apiType: 1,
        deviceId: randomUUID(),
      })
      expect(login.success, JSON.stringify(login)).toBe(true)
      const { token } = login.data as { token: string }
      expect((await call(app, token, '/v1/account/faceStatus', {})).data.stepUpDue).toBe(true)
      const revoke = { id: kept.data.id, password: player.password }
      expect(await call(app, token, '/v1/account/passkeys/revoke', revoke)).toMatchObject({
        msgCode: 'face_step_up_required',
      })
      // The face again, from this device: the provider matches it, and the step-up is no longer owed.
      expect(await face(token, 'step_up')).toMatchObject({ success: true, data: { outcome: 'passed' } })
      expect((await call(app, token, '/v1/account/faceStatus', {})).data.stepUpDue).toBe(false)
      expect((await call(app, token, '/v1/account/passkeys/revoke', revoke)).success).toBe(true)
      expect((await call(app, token, '/v1/account/passkeys', {})).data.passkeys).toEqual([])
      const options = await call(app, null, '/user/passkeyLoginOptions', {})
      expect(
        await call(app, null, '/user/passkeyLogin', { response: phone.assert(options.data.options) }),
      ).toMatchObject({ success: false, msgCode: 'passkey_failed' })
      // What cleared it is a passed check from the provider on the new device, as any face check is kept.
      const newDevice = await t.db.kysely
        .selectFrom('devices')
        .select('id')
        .where('device_id', '=', login.data.deviceId)
        .executeTakeFirstOrThrow()
      const steps = await t.db.kysely
        .selectFrom('face_checks')
        .select(['outcome', 'device_row_id', 'match_bp', 'provider_ref', 'image_sha256'])
        .where('player_id', '=', player.userId)
        .where('purpose', '=', 'step_up')
        .execute()
      expect(steps).toEqual([
        expect.objectContaining({ outcome: 'passed', image_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }),
      ])
      expect(Number(steps[0]?.device_row_id)).toBe(Number(newDevice.id))
      expect(Number(steps[0]?.match_bp)).toBeGreaterThanOrEqual(9000)
      expect(steps[0]?.provider_ref).not.toBeNull()
    } finally {
      await app.close()
    }
  })
})
