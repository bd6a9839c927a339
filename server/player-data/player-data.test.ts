// The player's own data (LGPD art. 18), on each engine: the export holds each kind of record we
// keep about the player — account, verification, face checks, consents (the biometric one too),
// registration data, limits, ledger transfers, rounds, deposits, withdrawals, support messages,
// contacts, devices, passkeys — and none of another player's; no image and no secret (password
// hash, device secret or its hash, access token, an unrevealed server seed, a contact code's hash,
// a passkey's public key); only with the player's own token, and a few times an hour.
import { createHash, randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BIOMETRIC_CONSENT_VERSION } from '../../contract/face.ts'
import { openGameSession } from '../../tests/support/game-session.ts'
import {
  createTestApp,
  engines,
  fundPlayer,
  loginPlayer,
  TEST_BIRTH_DATE,
  TEST_PASSWORD,
  type TestApp,
  type TestPlayer,
} from '../../tests/support/server.ts'
import { SoftAuthenticator } from '../../tests/support/webauthn.ts'
import { EXPORTS_PER_HOUR } from './routes.ts'

/** Any picture: the sandbox face provider accepts it (a JPEG's first bytes, then filler). */
const PICTURE = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]).toString('base64')
const PICTURE_SHA256 = createHash('sha256').update(Buffer.from(PICTURE, 'base64')).digest('hex')

describe.each(engines)("the player's data export on %s", { timeout: 180_000 }, (engine) => {
  let test: TestApp
  beforeEach(async () => {
    // The face step on, against the sandbox provider (the step-up has its own tests: off here).
    test = await createTestApp(engine, { FACE_CHECK: 'on', FACE_STEP_UP: 'off' })
  })
  afterEach(async () => test.close())

  const db = () => test.db.kysely
  const exportOf = (player: TestPlayer) => player.post('/player/data/export')

  /** Name, CPF and date of birth, then a live face the sandbox provider matches: verified. */
  async function verifiedByFace(player: TestPlayer, fullName: string) {
    const saved = await player.call('/charge/amount/saveUserAccountInfo', {
      fullName,
      cpf: player.cpf,
      birthDate: TEST_BIRTH_DATE,
    })
    expect(saved.data, JSON.stringify(saved)).toMatchObject({ status: 'face' })
    const face = await player.call('/v1/account/face', {
      image: PICTURE,
      purpose: 'onboarding',
      consentVersion: BIOMETRIC_CONSENT_VERSION,
    })
    expect(face, JSON.stringify(face)).toMatchObject({ success: true, data: { outcome: 'passed' } })
  }

  /** A player with one of every kind of record. */
  async function busyPlayer(): Promise<TestPlayer & { passkey: SoftAuthenticator }> {
    const { app } = test
    const ana = await loginPlayer(app, { ageConfirmed: true, bound: true })
    await verifiedByFace(ana, 'Ana Souza')
    await fundPlayer(app, ana.userId, { cash: 10_000 })
    const must = async (path: string, body: object) => {
      const answer = await ana.call(path, body)
      expect(answer.success, `${path}: ${JSON.stringify(answer)}`).toBe(true)
      return answer
    }
    await must('/v1/account/registration', {
      cep: '01310-100',
      street: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      gender: 'female',
    })
    const passkey = new SoftAuthenticator(app.config.publicUrl)
    const enrol = await must('/v1/account/passkeys/enrolOptions', { password: ana.password })
    await must('/v1/account/passkeys/enrol', { response: passkey.register(enrol.data.options) })
    await must('/charge/create/order', { amount: 2000, requestId: randomUUID() })
    await must('/withdraw/create/order', {
      accountNumber: ana.cpf,
      payType: 'cpf',
      amount: 1_000,
      requestId: randomUUID(),
      password: TEST_PASSWORD,
    })
    const { sessionToken } = await openGameSession(app, ana.call)
    const spun = await app.inject({
      method: 'POST',
      url: '/api/game/spin',
      headers: { 'game-session': sessionToken },
      payload: { bet: 100, requestId: randomUUID() },
    })
    expect(spun.json().success).toBe(true)
    await must('/v1/support/send', { text: 'Olá, quero saber do meu saque', requestId: randomUUID() })
    await must('/user/contact/email', { email: 'ana.souza@exemplo.com.br' })
    await must('/user/attributionConsent', { granted: true })
    return Object.assign(ana, { passkey })
  }

  it('holds each kind of record about the player and none of another', async () => {
    const ana = await busyPlayer()
    const bia = await loginPlayer(test.app, { ageConfirmed: true })
    await verifiedByFace(bia, 'Bia Lima')
    await fundPlayer(test.app, bia.userId, { cash: 5_000 })
    const biaDeposit = await bia.call('/charge/create/order', { amount: 3000, requestId: randomUUID() })

    const response = await exportOf(ana)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect(response.headers['cache-control']).toBe('no-store')
    const file = response.json()
    expect(file).toMatchObject({ format: 1, playerId: ana.userId })
    const parts = file.parts
    for (const part of [
      'account',
      'consents',
      'verification',
      'faceChecks',
      'registration',
      'passkeys',
      'limits',
      'limitHistory',
      'contacts',
      'devices',
      'loginAddresses',
      'balances',
      'transfers',
      'deposits',
      'withdrawals',
      'gameSessions',
      'rounds',
      'fairnessSeeds',
      'supportConversations',
      'supportMessages',
      'marketingConsent',
    ]) {
      expect(parts[part], part).not.toHaveLength(0)
    }
    expect(parts.account).toEqual([expect.objectContaining({ id: ana.userId, userName: ana.userName })])
    expect(parts.verification).toEqual([expect.objectContaining({ fullName: 'Ana Souza', cpf: ana.cpf })])
    expect(parts.deposits).toEqual([expect.objectContaining({ amount: 2000, status: expect.any(String) })])
    expect(parts.withdrawals).toEqual([expect.objectContaining({ amount: 1000, pixKey: ana.cpf, pixKeyType: 'cpf' })])
    expect(parts.rounds).toEqual([expect.objectContaining({ bet: 100, game: 'fruta-fina' })])
    expect(parts.supportMessages).toContainEqual(
      expect.objectContaining({ author: 'player', text: 'Olá, quero saber do meu saque' }),
    )
    // The face check as the provider answered it: scores, its reference and the picture's hash.
    expect(parts.faceChecks).toEqual([
      expect.objectContaining({
        purpose: 'onboarding',
        outcome: 'passed',
        matchScore: expect.any(Number),
        livenessScore: expect.any(Number),
        providerReference: expect.any(String),
        pictureSha256: PICTURE_SHA256,
        deviceId: ana.deviceId,
      }),
    ])
    expect(parts.faceChecks[0].matchScore).toBeGreaterThan(0)
    expect(parts.consents).toContainEqual(
      expect.objectContaining({
        consent: 'biometric_data',
        version: BIOMETRIC_CONSENT_VERSION,
        givenAt: expect.any(String),
      }),
    )
    expect(parts.registration).toEqual([
      expect.objectContaining({
        cep: '01310100',
        street: 'Avenida Paulista',
        city: 'São Paulo',
        state: 'SP',
        gender: 'female',
        signupAddress: '127.0.0.1',
        signupDevice: expect.any(String),
      }),
    ])
    expect(parts.passkeys).toEqual([
      expect.objectContaining({
        credentialId: ana.passkey.credentials[0]?.id,
        name: expect.any(String),
        createdAt: expect.any(String),
        lastUsedAt: null,
        revokedAt: null,
      }),
    ])
    expect(parts.contacts).toEqual([
      expect.objectContaining({ kind: 'email', awaitingConfirmation: 'ana.souza@exemplo.com.br' }),
    ])
    expect(parts.marketingConsent).toEqual([expect.objectContaining({ granted: true })])
    expect(parts.devices).toEqual([expect.objectContaining({ deviceId: ana.deviceId })])
    expect(parts.limits.map((l: { kind: string }) => l.kind)).toContain('loss_day')
    // The operator's credit, the withdrawal's hold, the bet: each a transfer on one of her accounts.
    const kinds = parts.transfers.map((t: { kind: string }) => t.kind)
    expect(kinds).toEqual(expect.arrayContaining(['adjustment', 'bet']))
    expect(parts.transfers.length).toBeGreaterThanOrEqual(3)

    // No secret and no image.
    const text = response.body
    const player = await db()
      .selectFrom('players')
      .select(['password_hash'])
      .where('id', '=', ana.userId)
      .executeTakeFirstOrThrow()
    const devices = await db().selectFrom('devices').select('secret_hash').where('player_id', '=', ana.userId).execute()
    const tokens = await db()
      .selectFrom('session_tokens')
      .select('token_hash')
      .where('player_id', '=', ana.userId)
      .execute()
    const seeds = await db()
      .selectFrom('fair_seeds')
      .select('server_seed')
      .where('player_id', '=', ana.userId)
      .where('revealed_at', 'is', null)
      .execute()
    const nextSeeds = await db()
      .selectFrom('fair_next_seeds')
      .select('server_seed')
      .where('player_id', '=', ana.userId)
      .execute()
    const codes = await db()
      .selectFrom('player_contacts')
      .select('code_hash')
      .where('player_id', '=', ana.userId)
      .execute()
    const passkeys = await db()
      .selectFrom('player_passkeys')
      .select('public_key')
      .where('player_id', '=', ana.userId)
      .execute()
    const secrets = [
      player.password_hash,
      ...passkeys.map((p) => p.public_key),
      ...devices.map((d) => d.secret_hash),
      ...tokens.map((t) => t.token_hash),
      ...seeds.map((s) => s.server_seed),
      ...nextSeeds.map((s) => s.server_seed),
      ...codes.map((c) => c.code_hash),
      ana.deviceSecret,
      ana.token,
    ]
    expect(secrets.filter((secret) => secret !== null).length).toBeGreaterThanOrEqual(8)
    for (const secret of secrets) if (secret) expect(text).not.toContain(secret)
    expect(text).not.toMatch(/password|secret_hash|token_hash|code_hash|public_?key|data:image|\/9j\/|iVBORw0KGgo/i)
    expect(text).not.toContain(PICTURE)

    // Another player's records are not hers.
    expect(text).not.toContain(biaDeposit.data.orderId ?? biaDeposit.data.id)
    expect(text).not.toContain(bia.cpf)
    expect(text).not.toContain('Bia Lima')
  })

  it('answers only to the player’s own token, and a few times an hour', async () => {
    const ana = await loginPlayer(test.app, { ageConfirmed: true })
    const anonymous = await test.app.inject({ method: 'POST', url: '/api/player/data/export', payload: {} })
    expect(anonymous.json()).toMatchObject({ success: false, msgCode: 'token_invalid' })
    for (let i = 0; i < EXPORTS_PER_HOUR; i += 1) expect((await exportOf(ana)).statusCode).toBe(200)
    const refused = await exportOf(ana)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ success: false, msgCode: 'rate_limited' })
    // Another player's limit is their own.
    const bia = await loginPlayer(test.app, { ageConfirmed: true })
    expect((await exportOf(bia)).statusCode).toBe(200)
  })
})
