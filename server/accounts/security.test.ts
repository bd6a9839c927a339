// The account's defences as an attacker would try them, on each engine: spoofed X-Forwarded-For against every
// per-address limit, password guessing against one account (across two instances), the device
// id as a password (nil, known, legacy, revoked), device lists and revocation, and weak new
// passwords.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import {
  buildTestApp,
  createTestDb,
  type DeviceCredentials,
  engines,
  loginPlayer,
  type TestDb,
  withSchemaLock,
} from '../../tests/support/server.ts'
import { ConfigError, loadConfig } from '../config.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { sha256Hex } from '../lib/secrets.ts'
import { credentialsChangedAt } from './players.ts'

const PASSWORD = 'boa-senha-42'
const START = Date.UTC(2025, 5, 1, 12, 0, 0)
const spoofed = (i: number) => `10.${i % 250}.${Math.floor(i / 250)}.7`

describe.each(engines)('account security on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  const clock = manualClock(START)

  async function setup(env: Record<string, string> = {}, instances = 1) {
    clock.time = START
    const testDb: TestDb = await createTestDb(engine)
    cleanups.push(() => testDb.drop())
    const apps: FastifyInstance[] = []
    for (let i = 0; i < instances; i++) {
      const app = await buildTestApp(testDb.db, env, clock)
      cleanups.push(() => app.close())
      apps.push(app)
    }
    return { testDb, app: apps[0] as FastifyInstance, apps }
  }

  const post = (
    app: FastifyInstance,
    url: string,
    payload: object,
    options: { token?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload,
      headers: { ...(options.token ? { 'access-token': options.token } : {}), ...options.headers },
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    })

  /** A player with a bound name and password; answers its first device too. */
  async function boundPlayer(app: FastifyInstance, userName = 'jogador777') {
    return loginPlayer(app, { ageConfirmed: true, bound: { userName, password: PASSWORD } })
  }

  describe('limits', () => {
    it('does not let spoofed X-Forwarded-For values lift the per-address login limit', async () => {
      const { app } = await setup({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' })
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        const res = await post(
          app,
          '/user/login',
          { deviceId: randomUUID() },
          { headers: { 'x-forwarded-for': spoofed(i) } },
        )
        statuses.push(res.statusCode)
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
    })

    it('does not let spoofed X-Forwarded-For values lift the per-address API limit', async () => {
      const { app } = await setup({ API_RATE_LIMIT_PER_MINUTE: '4' })
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/cache/getLangList',
          headers: { 'x-forwarded-for': spoofed(i) },
        })
        statuses.push(res.statusCode)
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
    })

    it.each([
      ['a hop count', '1'],
      ['a list of proxy addresses', '127.0.0.1, 10.0.0.0/8'],
    ])('behind a proxy given as %s, limits the address the proxy saw, not one the client wrote', async (_l, trust) => {
      const { app } = await setup({ TRUST_PROXY: trust, LOGIN_RATE_LIMIT_PER_MINUTE: '2' })
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        // The client wrote the first entry; the proxy appended the address it saw.
        const headers = { 'x-forwarded-for': `${spoofed(i)}, 203.0.113.9` }
        statuses.push((await post(app, '/user/login', { deviceId: randomUUID() }, { headers })).statusCode)
      }
      expect(statuses).toEqual([200, 200, 429, 429])
      // Another real client behind the same proxy has its own count.
      const other = await post(
        app,
        '/user/login',
        { deviceId: randomUUID() },
        { headers: { 'x-forwarded-for': '203.0.113.10' } },
      )
      expect(other.statusCode).toBe(200)
    })

    it('takes TRUST_PROXY from the configuration, off by default, and names it when invalid', () => {
      expect(loadConfig({}).trustProxy).toBe(false)
      expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
      expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
      expect(loadConfig({ TRUST_PROXY: '10.0.0.1,fd00::/8' }).trustProxy).toEqual(['10.0.0.1', 'fd00::/8'])
      expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(ConfigError)
      expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1/99' })).toThrow(/TRUST_PROXY/)
    })

    it('serves hundreds of players behind one carrier address (1,500 calls a minute) by default', async () => {
      const { app } = await setup()
      let limited = 0
      for (let i = 0; i < 1500; i++) {
        const res = await app.inject({ method: 'GET', url: '/api/cache/getLangList', remoteAddress: '100.64.0.1' })
        if (res.statusCode === 429) limited++
      }
      expect(limited).toBe(0)
    })

    it('limits each player per minute, whatever address the calls come from', async () => {
      const { app } = await setup({ PLAYER_RATE_LIMIT_PER_MINUTE: '5' })
      // No registration limits: their call would count against the 5.
      const ana = await loginPlayer(app, { registrationLimits: false })
      const bruno = await loginPlayer(app, { registrationLimits: false })
      const statuses: number[] = []
      for (let i = 0; i < 7; i++) {
        const res = await post(app, '/v1/bus/accountInfo', {}, { token: ana.token, remoteAddress: spoofed(i) })
        statuses.push(res.statusCode)
        if (res.statusCode === 429) expect(res.json()).toMatchObject({ success: false, msgCode: 'rate_limited' })
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
      expect((await post(app, '/v1/bus/accountInfo', {}, { token: bruno.token })).statusCode).toBe(200)
    })

    it('locks password login to an account after 20 failures from 60 addresses, on every instance, in the player language, and never blocks its devices', async () => {
      const { apps } = await setup({}, 2)
      const [a, b] = apps as [FastifyInstance, FastifyInstance]
      const device = await boundPlayer(a)
      const attempt = (i: number, password: string, language = 'pt-BR') =>
        post(
          apps[i % 2] as FastifyInstance,
          '/user/login',
          { userName: 'jogador777', password, apiType: 1 },
          { headers: { 'x-forwarded-for': spoofed(i), 'accept-language': language }, remoteAddress: spoofed(i) },
        )

      const outcomes: string[] = []
      let lockedUntil = 0
      for (let i = 0; i < 60 && lockedUntil === 0; i++) {
        const body = (await attempt(i, `errada-${i}`)).json()
        outcomes.push(body.msgCode)
        if (body.msgCode !== 'login_locked') continue
        expect(body.data.retryAt).toBeGreaterThan(clock.time)
        // The attacker waits exactly as long as told; a long wait is the lock.
        if (body.data.retryAt - clock.time > 60_000) lockedUntil = body.data.retryAt
        else clock.time = body.data.retryAt
      }
      // Five tries at once, then a growing delay: the sixth immediate try is refused.
      expect(outcomes.slice(0, 6)).toEqual([...Array(5).fill('login_failed'), 'login_locked'])
      expect(outcomes.filter((code) => code === 'login_failed')).toHaveLength(20)
      expect(lockedUntil - clock.time).toBeGreaterThanOrEqual(14 * 60_000)

      // The right password waits too, on either instance, and the player is told until when.
      const right = (await attempt(1, PASSWORD, 'en')).json()
      expect(right).toMatchObject({ success: false, msgCode: 'login_locked' })
      expect(right.msg).toMatch(/^Wrong password too many times\. .*reopens at .*\. Devices already linked/)
      expect((await attempt(0, PASSWORD)).json().msg).toContain('volta às')

      // The player's own device still logs in.
      expect((await loginPlayer(b, { device })).userId).toBe(device.userId)

      clock.time = lockedUntil
      expect((await attempt(0, PASSWORD)).json()).toMatchObject({ success: true, data: { userId: device.userId } })
      // A success clears the count: the next wrong password is an ordinary failure.
      expect((await attempt(1, 'errada')).json().msgCode).toBe('login_failed')
    }, 90_000)

    it('counts failures per device id too, without ever refusing that device its own secret', async () => {
      const { app } = await setup()
      const victim = await boundPlayer(app)
      for (let i = 0; i < 20; i++) {
        const res = await post(app, '/user/login', { deviceId: victim.deviceId, deviceSecret: 'x'.repeat(43) })
        expect(res.json().msgCode).toBe('device_login_failed')
      }
      const locked = (
        await post(app, '/user/login', { deviceId: victim.deviceId, deviceSecret: 'y'.repeat(43) })
      ).json()
      expect(locked).toMatchObject({ success: false, msgCode: 'login_locked' })
      // A password login presenting that device id is refused before its password is checked.
      const fromDevice = await post(app, '/user/login', {
        userName: 'jogador777',
        password: PASSWORD,
        apiType: 1,
        deviceId: victim.deviceId,
      })
      expect(fromDevice.json().msgCode).toBe('login_locked')
      expect((await loginPlayer(app, { device: victim })).userId).toBe(victim.userId)
    })
  })

  describe('devices', () => {
    it.each([
      ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
      ['the max UUID', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
      ['a version-1 UUID', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'],
    ])('refuses %s as a device id', async (_label, deviceId) => {
      const { app, testDb } = await setup()
      const res = await post(app, '/user/login', { deviceId }, { headers: { 'accept-language': 'en' } })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ success: false, msgCode: 'invalid_request', msg: 'Device id is not valid' })
      const players = await testDb.db.kysely.selectFrom('players').select('id').execute()
      expect(players).toHaveLength(0)
    })

    it('never logs into an existing account with a device id alone or with a wrong secret', async () => {
      const { app } = await setup()
      const victim = await loginPlayer(app)
      for (const payload of [
        { deviceId: victim.deviceId },
        { deviceId: victim.deviceId.toUpperCase() },
        { deviceId: victim.deviceId, deviceSecret: 'A'.repeat(43) },
      ]) {
        const res = await post(app, '/user/login', payload)
        expect(res.statusCode).toBe(200)
        expect(res.json()).toMatchObject({ success: false, msgCode: 'device_login_failed', data: null })
      }
      expect((await loginPlayer(app, { device: victim })).userId).toBe(victim.userId)
    })

    it('creates nothing for an unknown device id with a made-up secret', async () => {
      const { app, testDb } = await setup()
      const res = await post(app, '/user/login', { deviceId: randomUUID(), deviceSecret: 'A'.repeat(43) })
      expect(res.json().msgCode).toBe('device_login_failed')
      expect(await testDb.db.kysely.selectFrom('players').select('id').execute()).toHaveLength(0)
      expect(await testDb.db.kysely.selectFrom('session_tokens').select('token_hash').execute()).toHaveLength(0)
    })

    it('issues a secret of at least 128 bits once and stores only its hash', async () => {
      const { app, testDb } = await setup()
      const first = await loginPlayer(app)
      expect(Buffer.from(first.deviceSecret, 'base64url').length * 8).toBeGreaterThanOrEqual(128)
      const again = await post(app, '/user/login', { deviceId: first.deviceId, deviceSecret: first.deviceSecret })
      expect(again.json().data.deviceSecret).toBeUndefined()
      const rows = await testDb.db.kysely.selectFrom('devices').selectAll().execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]?.secret_hash).toBe(sha256Hex(first.deviceSecret))
      expect(JSON.stringify(rows)).not.toContain(first.deviceSecret)
    })

    it('gives a name-and-password login a device of its own and records the credential change', async () => {
      const { app } = await setup()
      const phone = await loginPlayer(app, {
        ageConfirmed: true,
        bound: { userName: 'jogador777', password: PASSWORD },
        cash: 1000,
      })
      // The first password, set on the phone that created the account, changed no credentials.
      expect(await credentialsChangedAt(app.db, phone.userId)).toBeNull()
      clock.time += 60_000
      const res = await post(app, '/user/login', { userName: 'jogador777', password: PASSWORD, apiType: 1 })
      const tablet = res.json().data as DeviceCredentials & { userId: number; token: string }
      expect(tablet.userId).toBe(phone.userId)
      expect(tablet.deviceId).not.toBe(phone.deviceId)
      expect(await credentialsChangedAt(app.db, phone.userId)).toBe(START + 60_000)
      // The new device logs in again by its own id and secret; the phone still does too.
      expect((await loginPlayer(app, { device: tablet })).userId).toBe(phone.userId)
      expect((await loginPlayer(app, { device: phone })).userId).toBe(phone.userId)
      // A device id alone still opens nothing, even once a password is bound.
      expect((await post(app, '/user/login', { deviceId: tablet.deviceId })).json().msgCode).toBe('device_login_failed')
    })

    it('lists the player devices with partial information and the current one marked', async () => {
      const { app } = await setup()
      const phone = await boundPlayer(app)
      const tablet = (
        await post(
          app,
          '/user/login',
          { userName: 'jogador777', password: PASSWORD, apiType: 1 },
          { headers: { 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1' } },
        )
      ).json().data
      await loginPlayer(app) // someone else's device
      const body = (await post(app, '/user/devices', {}, { token: tablet.token })).json()
      expect(body.success).toBe(true)
      expect(body.data.list).toHaveLength(2)
      const current = body.data.list.find((d: { current: boolean }) => d.current)
      expect(current).toMatchObject({ label: 'Safari · iPad', idHint: tablet.deviceId.slice(-4) })
      const text = JSON.stringify(body)
      for (const secret of [phone.deviceId, tablet.deviceId, phone.deviceSecret, tablet.deviceSecret, tablet.token]) {
        expect(text).not.toContain(secret)
      }
    })

    it('revokes only the player own devices; a revoked device and its sessions no longer work', async () => {
      const { app } = await setup()
      const phone = await boundPlayer(app)
      const tabletLogin = await post(app, '/user/login', { userName: 'jogador777', password: PASSWORD, apiType: 1 })
      const tablet = tabletLogin.json().data
      const stranger = await loginPlayer(app)
      const list = (await post(app, '/user/devices', {}, { token: phone.token })).json().data.list
      const tabletRow = list.find((d: { current: boolean }) => !d.current)
      const strangerRow = (await post(app, '/user/devices', {}, { token: stranger.token })).json().data.list[0]

      // Someone else's device is not found, and stays usable.
      const foreign = await post(app, '/user/devices/revoke', { id: strangerRow.id }, { token: phone.token })
      expect(foreign.json()).toMatchObject({ success: false, msgCode: 'not_found' })
      expect((await loginPlayer(app, { device: stranger })).userId).toBe(stranger.userId)

      clock.time += 5_000
      const revoked = await post(app, '/user/devices/revoke', { id: tabletRow.id }, { token: phone.token })
      expect(revoked.json()).toMatchObject({ success: true, data: { loggedOut: false } })
      expect(await credentialsChangedAt(app.db, phone.userId)).toBe(START + 5_000)
      // The tablet's session and secret are dead; the phone's are not.
      expect((await post(app, '/v1/bus/accountInfo', {}, { token: tablet.token })).json().msgCode).toBe('token_invalid')
      const tabletDevice = { deviceId: tablet.deviceId, deviceSecret: tablet.deviceSecret }
      expect((await post(app, '/user/login', tabletDevice)).json().msgCode).toBe('device_login_failed')
      expect((await post(app, '/v1/bus/accountInfo', {}, { token: phone.token })).json().success).toBe(true)

      // Revoking the current device logs it out.
      const self = list.find((d: { current: boolean }) => d.current)
      const out = await post(app, '/user/devices/revoke', { id: self.id }, { token: phone.token })
      expect(out.json()).toMatchObject({ success: true, data: { loggedOut: true } })
      expect((await post(app, '/v1/bus/accountInfo', {}, { token: phone.token })).json().msgCode).toBe('token_invalid')
      expect(
        (await post(app, '/user/login', { deviceId: phone.deviceId, deviceSecret: phone.deviceSecret })).json().msgCode,
      ).toBe('device_login_failed')
      // The tablet's token was revoked above: it is refused before its body is even read.
      const again = await post(app, '/user/devices/revoke', { id: 'x' }, { token: tablet.token })
      expect(again.json().msgCode).toBe('token_invalid')
    })
  })

  describe('new passwords', () => {
    it.each([
      ['7 characters', 'abc1234', 'Password must have at least 8 characters'],
      ['65 characters', 'x'.repeat(65), 'Password may have at most 64 characters'],
      ['a common password', 'senha123', 'Password is one of the most used, easily guessed passwords; choose another'],
      ['a common password in other case', 'PassWord1', 'Password is one of the most used'],
      ['a club and digits', 'flamengo123', 'Password is easy to guess'],
      ['the country and digits', 'brasil123', 'Password is easy to guess'],
      ['a common word and digits', 'senha1234', 'Password is easy to guess'],
      ['a club', 'corinthians', 'Password is easy to guess'],
      ['the brand', 'jogolimpo', 'Password is easy to guess'],
      ['the brand and a year', 'JogoLimpo2026', 'Password is easy to guess'],
    ])('refuses %s when binding, naming the problem', async (_label, password, message) => {
      const { app, testDb } = await setup()
      const device = await loginPlayer(app)
      const res = await post(
        app,
        '/user/bindLoginAccount',
        { userName: 'jogador777', password, confirmPassword: password },
        { token: device.token, headers: { 'accept-language': 'en' } },
      )
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ success: false, msgCode: 'invalid_request' })
      expect(res.json().msg).toContain(message)
      const player = await testDb.db.kysely.selectFrom('players').select('user_name').executeTakeFirstOrThrow()
      expect(player.user_name).toBeNull()
    })

    it('says why a guessable password is refused in pt-BR and hi, and takes a strong one', async () => {
      const { app } = await setup()
      const device = await loginPlayer(app)
      const bind = (password: string, language: string) =>
        post(
          app,
          '/user/bindLoginAccount',
          { userName: 'jogador999', password, confirmPassword: password },
          { token: device.token, headers: { 'accept-language': language } },
        )
      expect((await bind('flamengo123', 'pt-BR')).json().msg).toContain('é fácil de adivinhar')
      expect((await bind('corinthians', 'hi')).json().msg).toContain('अनुमान लगाना आसान है')
      // The player's own name is a guess too.
      expect((await bind('jogador999!', 'en')).json().msg).toContain('easy to guess')
      expect((await bind('Caju-Piano-Lua7', 'pt-BR')).json().success).toBe(true)
    })

    it('accepts 8 and 64 characters, and still logs in accounts bound with an older, shorter password', async () => {
      const { app, testDb } = await setup()
      const device = await loginPlayer(app)
      const long = 'uma frase longa e pessoal que ninguém adivinharia, 2025!'.padEnd(64, '#')
      const bind = await post(
        app,
        '/user/bindLoginAccount',
        { userName: 'jogador888', password: long, confirmPassword: long },
        { token: device.token },
      )
      expect(bind.json().success).toBe(true)
      expect(
        (await post(app, '/user/login', { userName: 'jogador888', password: long, apiType: 1 })).json().success,
      ).toBe(true)
      // Bound under the old 6–15 rule: a six-character password.
      const old = await boundPlayer(app, 'antigo123')
      const { hashPassword } = await import('./passwords.ts')
      await testDb.db.kysely
        .updateTable('players')
        .set({ password_hash: await hashPassword('abc123') })
        .where('id', '=', old.userId)
        .execute()
      const login = await post(app, '/user/login', { userName: 'antigo123', password: 'abc123', apiType: 1 })
      expect(login.json()).toMatchObject({ success: true, data: { userId: old.userId } })
    })
  })
})

describe.each(engines)('migration 0008 on %s', (engine) => {
  it('turns existing device ids into legacy devices: an unbound one claims its secret once, a bound one needs its password', async () => {
    const testDb = await createTestDb(engine, '0007-rewards')
    try {
      const db = testDb.db.kysely
      const unbound = randomUUID()
      const bound = randomUUID()
      const inserted = await db
        .insertInto('players')
        .values([
          { device_id: unbound.toUpperCase(), language: 'pt-BR', created_at: START } as never,
          {
            device_id: bound,
            language: 'pt-BR',
            created_at: START,
            user_name: 'legado1234',
            password_hash: 'x',
          } as never,
          { device_id: '00000000-0000-0000-0000-000000000000', language: 'pt-BR', created_at: START } as never,
        ])
        .returning('id')
        .execute()
      await db
        .insertInto('session_tokens')
        .values({
          token_hash: 'h'.repeat(64),
          player_id: Number(inserted[0]?.id),
          created_at: START,
          expires_at: START + 1000,
          revoked_at: null,
        } as never)
        .execute()
      await withSchemaLock(() => migrateToLatest(testDb.db))
      const devices = await db.selectFrom('devices').selectAll().orderBy('id').execute()
      expect(devices.map((d) => [d.device_id, d.secret_hash])).toEqual([
        [unbound, null],
        [bound, null],
        ['00000000-0000-0000-0000-000000000000', null],
      ])
      const token = await db.selectFrom('session_tokens').select('device_id').executeTakeFirstOrThrow()
      expect(Number(token.device_id)).toBe(Number(devices[0]?.id))

      const app = await buildTestApp(testDb.db)
      try {
        const claim = await app.inject({ method: 'POST', url: '/api/user/login', payload: { deviceId: unbound } })
        expect(claim.json()).toMatchObject({ success: true, data: { userId: Number(inserted[0]?.id), isRegister: 0 } })
        const secret = claim.json().data.deviceSecret as string
        expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
        const reclaim = await app.inject({ method: 'POST', url: '/api/user/login', payload: { deviceId: unbound } })
        expect(reclaim.json().msgCode).toBe('device_login_failed')
        expect((await loginPlayer(app, { device: { deviceId: unbound, deviceSecret: secret } })).userId).toBe(
          Number(inserted[0]?.id),
        )
        const boundClaim = await app.inject({ method: 'POST', url: '/api/user/login', payload: { deviceId: bound } })
        expect(boundClaim.json().msgCode).toBe('device_login_failed')
      } finally {
        await app.close()
      }
    } finally {
      await testDb.drop()
    }
  })
})
