// The player's own data (LGPD art. 18), on each engine: the export holds each kind of record we
// keep about the player — account, verification, limits, ledger transfers, rounds, deposits,
// withdrawals, support messages, consents, contacts, devices — and none of another player's; no
// image and no secret (password hash, device secret or its hash, access token, an unrevealed
// server seed, a contact code's hash); only with the player's own token, and a few times an hour.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openGameSession } from '../../tests/support/game-session.ts'
import {
  createTestApp,
  engines,
  loginPlayer,
  TEST_PASSWORD,
  type TestApp,
  type TestPlayer,
} from '../../tests/support/server.ts'
import { EXPORTS_PER_HOUR } from './routes.ts'

describe.each(engines)("the player's data export on %s", { timeout: 180_000 }, (engine) => {
  let test: TestApp
  beforeEach(async () => {
    test = await createTestApp(engine)
  })
  afterEach(async () => test.close())

  const db = () => test.db.kysely
  const exportOf = (player: TestPlayer) => player.post('/player/data/export')

  /** A player with one of every kind of record. */
  async function busyPlayer(): Promise<TestPlayer> {
    const { app } = test
    const ana = await loginPlayer(app, { ageConfirmed: true, verified: true, bound: true, cash: 10_000 })
    const must = async (path: string, body: object) => {
      const answer = await ana.call(path, body)
      expect(answer.success, `${path}: ${JSON.stringify(answer)}`).toBe(true)
      return answer
    }
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
    return ana
  }

  it('holds each kind of record about the player and none of another', async () => {
    const ana = await busyPlayer()
    const bia = await loginPlayer(test.app, { ageConfirmed: true, verified: { fullName: 'Bia Lima' }, cash: 5_000 })
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
    const secrets = [
      player.password_hash,
      ...devices.map((d) => d.secret_hash),
      ...tokens.map((t) => t.token_hash),
      ...seeds.map((s) => s.server_seed),
      ...nextSeeds.map((s) => s.server_seed),
      ...codes.map((c) => c.code_hash),
      ana.deviceSecret,
      ana.token,
    ]
    expect(secrets.filter((secret) => secret !== null).length).toBeGreaterThanOrEqual(7)
    for (const secret of secrets) if (secret) expect(text).not.toContain(secret)
    expect(text).not.toMatch(/password|secret_hash|token_hash|code_hash|data:image|\/9j\/|iVBORw0KGgo/i)

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
