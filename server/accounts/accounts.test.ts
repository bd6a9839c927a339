// Accounts through real HTTP injection on each engine: device login, bind, credential login,
// tokens, language, validation and rate limiting.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createTestApp,
  type DeviceCredentials,
  engines,
  loginPlayer,
  type TestApp,
} from '../../tests/support/server.ts'

async function countRows(t: TestApp, table: 'players' | 'session_tokens' | 'ledger_accounts') {
  let query = t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))
  // House accounts exist from start-up; count only the players' own.
  if (table === 'ledger_accounts') query = query.where('player_id', 'is not', null)
  const row = await query.executeTakeFirstOrThrow()
  return Number(row.n)
}

describe.each(engines)('accounts on %s', (engine) => {
  let t: TestApp
  beforeEach(async () => {
    t = await createTestApp(engine)
  })
  afterEach(async () => {
    await t.close()
  })

  const post = (url: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: body as object,
      headers: { ...(token ? { 'access-token': token } : {}), ...headers },
    })

  const deviceLogin = (device?: DeviceCredentials) => loginPlayer(t.app, { device, ageConfirmed: true })

  it('creates an account on first device login and logs the same device into it again', async () => {
    const first = await deviceLogin()
    expect(first.isRegister).toBe(1)
    expect(first.gold).toBe(0)
    expect(first.deviceSecret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const second = await deviceLogin(first)
    expect(second.isRegister).toBe(0)
    expect(second.userId).toBe(first.userId)
    expect(second.token).not.toBe(first.token)
    expect(await countRows(t, 'players')).toBe(1)
    // cash, bonus, withdrawal_hold, all at zero
    const accounts = await t.db.kysely
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('player_id', 'is not', null)
      .execute()
    expect(accounts.map((a) => a.code).sort()).toEqual(['bonus', 'cash', 'withdrawal_hold'])
    expect(accounts.every((a) => Number(a.balance) === 0 && Number(a.player_id) === first.userId)).toBe(true)
  })

  it('creates one account when the same new device logs in concurrently, and gives its secret once', async () => {
    const deviceId = randomUUID()
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post('/user/login', { deviceId, ageConfirmed: true }).then((r) => r.json())),
    )
    const created = results.filter((r) => r.success)
    expect(created).toHaveLength(1)
    expect(created[0].data.isRegister).toBe(1)
    expect(results.filter((r) => r.msgCode === 'device_login_failed')).toHaveLength(7)
    expect(await countRows(t, 'players')).toBe(1)
    expect(await countRows(t, 'ledger_accounts')).toBe(3)
  })

  it('keeps the invite code and channel given at first login, cut at a slash', async () => {
    const res = await post('/user/login', {
      deviceId: randomUUID(),
      extensionCode: 'ABC123/share',
      registChannel: 'zn42/x/y',
    })
    expect(res.json().success).toBe(true)
    const player = await t.db.kysely.selectFrom('players').selectAll().executeTakeFirstOrThrow()
    expect(player.invite_code).toBe('ABC123')
    expect(player.channel).toBe('zn42')
  })

  it('returns balances from the ledger accounts in account info', async () => {
    const { token, userId } = await deviceLogin()
    await t.db.kysely
      .updateTable('ledger_accounts')
      .set({ balance: 1234 })
      .where('player_id', '=', userId)
      .where('code', '=', 'cash')
      .execute()
    const res = await post('/v1/bus/accountInfo', {}, token)
    const body = res.json()
    expect(body).toMatchObject({ success: true, msgCode: 'success' })
    expect(body.languageVersion).toMatch(/^[0-9a-f]{12}$/)
    expect(body.data.balance).toEqual({ total: 1234, cash: 1234, bonus: 0 })
    expect(body.data.bound).toBe(false)
  })

  it('binds a name and password, refuses a taken name, and logs in with them elsewhere', async () => {
    const a = await deviceLogin()
    const bind = await post(
      '/user/bindLoginAccount',
      { userName: 'Jogador001', password: 'Tucano-Verde-42', confirmPassword: 'Tucano-Verde-42' },
      a.token,
    )
    expect(bind.json()).toMatchObject({ success: true, data: { userName: 'jogador001' } })

    const again = await post(
      '/user/bindLoginAccount',
      { userName: 'OutroNome1', password: 'Tucano-Verde-42', confirmPassword: 'Tucano-Verde-42' },
      a.token,
    )
    expect(again.json()).toMatchObject({ success: false, msgCode: 'already_bound' })

    const b = await deviceLogin()
    const clash = await post(
      '/user/bindLoginAccount',
      { userName: 'JOGADOR001', password: 'Arara-Azul-77', confirmPassword: 'Arara-Azul-77' },
      b.token,
    )
    expect(clash.statusCode).toBe(200)
    expect(clash.json()).toMatchObject({
      success: false,
      msgCode: 'user_exist',
      msg: 'Este nome de usuário já está em uso.',
    })

    const login = await post('/user/login', { userName: 'jogador001', password: 'Tucano-Verde-42', apiType: 1 })
    expect(login.json()).toMatchObject({ success: true, data: { userId: a.userId, isRegister: 0 } })
    // The other device gets a device id and secret of its own, not the first device's.
    expect(login.json().data.deviceId).not.toBe(a.deviceId)
    expect(login.json().data.deviceSecret).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const wrong = await post('/user/login', { userName: 'jogador001', password: 'errada1', apiType: 1 })
    expect(wrong.json()).toMatchObject({ success: false, msgCode: 'login_failed' })
    const info = await post('/v1/bus/accountInfo', {}, a.token)
    expect(info.json().data).toMatchObject({ bound: true, userName: 'jogador001' })
  })

  it('refuses a mismatched confirmation with a readable message and binds nothing', async () => {
    const a = await deviceLogin()
    const res = await post(
      '/user/bindLoginAccount',
      { userName: 'Jogador002', password: 'Tucano-Verde-42', confirmPassword: 'Tucano-Verde-43' },
      a.token,
      { 'accept-language': 'en' },
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      success: false,
      msgCode: 'invalid_request',
      msg: 'Password confirmation does not match the password',
    })
    const player = await t.db.kysely.selectFrom('players').selectAll().executeTakeFirstOrThrow()
    expect(player.user_name).toBeNull()
  })

  it('answers token_invalid for missing, unknown and revoked tokens', async () => {
    const { token } = await deviceLogin()
    expect((await post('/v1/bus/accountInfo', {})).json()).toMatchObject({ success: false, msgCode: 'token_invalid' })
    expect((await post('/v1/bus/accountInfo', {}, 'x'.repeat(43))).json().msgCode).toBe('token_invalid')
    expect((await post('/user/logout', {}, token)).json().success).toBe(true)
    const after = await post('/v1/bus/accountInfo', {}, token)
    expect(after.statusCode).toBe(200)
    expect(after.json().msgCode).toBe('token_invalid')
  })

  it('stores only a hash of each token', async () => {
    const { token } = await deviceLogin()
    const rows = await t.db.kysely.selectFrom('session_tokens').select('token_hash').execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).not.toContain(token)
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('sets the language', async () => {
    const { token } = await deviceLogin()
    expect((await post('/user/setLang', { language: 'hi' }, token)).json().success).toBe(true)
    expect((await post('/v1/bus/accountInfo', {}, token)).json().data.language).toBe('hi')
    const bad = await post('/user/setLang', { language: 'fr' }, token)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().msg).toBe('Idioma não é válido')
  })

  it.each([
    ['not JSON', '{"deviceId":', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['a missing device id', JSON.stringify({}), 'application/json'],
    ['a device id that is not a UUID', JSON.stringify({ deviceId: 'abc' }), 'application/json'],
    ['unknown fields', JSON.stringify({ deviceId: randomUUID(), admin: true }), 'application/json'],
  ])('answers 400 with the envelope for %s and writes nothing', async (_label, payload, type) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload,
      headers: { 'content-type': type },
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body).toMatchObject({ success: false, msgCode: 'invalid_request', data: null })
    expect(body.msg.length).toBeGreaterThan(5)
    expect(typeof body.languageVersion).toBe('string')
    expect(await countRows(t, 'players')).toBe(0)
    expect(await countRows(t, 'session_tokens')).toBe(0)
  })

  it('names the missing field in the message', async () => {
    const res = await post('/user/login', {}, undefined, { 'accept-language': 'pt-BR' })
    expect(res.json().msg).toBe('Identificador do aparelho é obrigatório')
    const short = await post('/user/login', { userName: 'abc', password: 'Tucano-Verde-42', apiType: 1 }, undefined, {
      'accept-language': 'en',
    })
    expect(short.json().msg).toBe('User name must have at least 9 characters')
  })

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await post('/nope', {})
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ success: false, msgCode: 'not_found' })
  })

  it('serves the language list and packs with the same version as the envelope', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/cache/getLangList' })
    const body = list.json()
    expect(body.data.languages.map((l: { code: string }) => l.code)).toEqual(['pt-BR', 'en', 'hi'])
    expect(body.data.version).toBe(body.languageVersion)
    const pack = await t.app.inject({ method: 'GET', url: '/api/cache/langPack/en' })
    expect(pack.json().data.version).toBe(body.data.version)
    expect(Object.keys(pack.json().data.messages).length).toBeGreaterThan(10)
  })

  it('reports health with the engine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.json()).toEqual({ status: 'ok', engine, reads: 'primary' })
  })
})

describe.each(engines)('rate limits on %s', (engine) => {
  it('answers 429 with the envelope once login is tried too often', async () => {
    const t = await createTestApp(engine, { LOGIN_RATE_LIMIT_PER_MINUTE: '3' })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { deviceId: randomUUID() } })
        statuses.push(res.statusCode)
        if (res.statusCode === 429) {
          expect(res.json()).toMatchObject({ success: false, msgCode: 'rate_limited', data: null })
          expect(res.json().msg).toContain('Muitas tentativas')
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429])
      expect(
        Number(
          (
            await t.db.kysely
              .selectFrom('players')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(3)
    } finally {
      await t.close()
    }
  })
})
