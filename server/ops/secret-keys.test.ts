// Operators' TOTP secrets at rest, on each engine: an enrolled secret is stored sealed (the row
// does not hold it), a plain one left by an older version is sealed at the next start, a new
// first key seals every secret again at start (then the old key can go), and the key is never
// in the database: SECRETS_KEY, or a 0600 key file in DATA_DIR made at first need.
import { randomBytes, randomUUID } from 'node:crypto'
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import * as OTPAuth from 'otpauth'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import { buildTestApp, createTestDb, engines, type TestDb } from '../../tests/support/server.ts'
import { createOperator } from './operators.ts'
import { loadKeyring } from './secret-keys.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const PASSWORD = 'Verde-Amarelo-2026!'
const newKey = () => randomBytes(32).toString('base64')

describe.each(engines)('TOTP secrets at rest on %s', { timeout: 120_000 }, (engine) => {
  let testDb: TestDb
  let dataDir: string
  const apps: FastifyInstance[] = []
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    dataDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-keys-'))
  })
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close()
    await testDb.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  /** An instance started with these keys (several may share the database). */
  async function start(env: Record<string, string> = {}) {
    const app = await buildTestApp(testDb.db, { DATA_DIR: dataDir, ...env }, clock)
    apps.push(app)
    return app
  }

  const storedSecret = async (email: string) =>
    (
      await testDb.db.kysely
        .selectFrom('operators')
        .select('totp_secret')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).totp_secret

  function login(app: FastifyInstance, email: string, totp?: string) {
    return app.inject({
      method: 'POST',
      url: '/api/ops/session/login',
      payload: { email, password: PASSWORD, ...(totp ? { totp } : {}) },
      remoteAddress: '198.51.100.7',
    })
  }

  /** An admin enrolled through the console's calls; answers its e-mail and its authenticator. */
  async function enrolled(app: FastifyInstance) {
    const email = `${randomUUID().slice(0, 8)}@jogolimpo.example`
    await createOperator(testDb.db.kysely, { email, role: 'admin', password: PASSWORD }, clock.now())
    const cookie = String((await login(app, email)).headers['set-cookie']).split(';')[0] as string
    const call = async (url: string, payload: object = {}) =>
      (await app.inject({ method: 'POST', url: `/api/ops/${url}`, headers: { cookie }, payload })).json()
    const { secret } = (await call('session/totp/start')).data as { secret: string }
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 })
    expect(await call('session/totp/confirm', { code: totp.generate({ timestamp: clock.now() }) })).toMatchObject({
      success: true,
    })
    return { email, secret, code: () => totp.generate({ timestamp: clock.now() }) }
  }

  /** Logs in with a fresh code (each code is used once, so the clock moves a step first). */
  async function logsIn(app: FastifyInstance, op: { email: string; code: () => string }) {
    clock.time += 30_000
    return (await login(app, op.email, op.code())).json()
  }

  it('stores an enrolled secret sealed: the row holds neither it nor its bytes, and the code still logs in', async () => {
    const app = await start({ SECRETS_KEY: newKey() })
    const op = await enrolled(app)
    const stored = String(await storedSecret(op.email))
    expect(stored).not.toContain(op.secret)
    expect(stored).not.toContain(Buffer.from(OTPAuth.Secret.fromBase32(op.secret).bytes).toString('base64url'))
    expect(stored).toMatch(/^v1\.[0-9a-f]{8}\./)
    expect(await logsIn(app, op)).toMatchObject({ success: true, data: { totpEnabled: true } })
  })

  it('seals at start a plain secret an older version stored, and that operator still logs in', async () => {
    const key = newKey()
    const email = `${randomUUID().slice(0, 8)}@jogolimpo.example`
    const { id } = await createOperator(testDb.db.kysely, { email, role: 'admin', password: PASSWORD }, clock.now())
    const secret = new OTPAuth.Secret({ size: 20 }).base32
    await testDb.db.kysely
      .updateTable('operators')
      .set({ totp_secret: secret, totp_enabled_at: START })
      .where('id', '=', id)
      .execute()
    const app = await start({ SECRETS_KEY: key })
    expect(String(await storedSecret(email))).not.toContain(secret)
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 })
    expect(await logsIn(app, { email, code: () => totp.generate({ timestamp: clock.now() }) })).toMatchObject({
      success: true,
    })
  })

  it('rotates: a new first key seals every secret again at start, after which the old key can go', async () => {
    const [oldKey, nextKey] = [newKey(), newKey()]
    const op = await enrolled(await start({ SECRETS_KEY: oldKey }))
    const underOld = String(await storedSecret(op.email))
    // Step 1 of the documented rotation: every instance knows the new key (still sealing with the old).
    expect(await logsIn(await start({ SECRETS_KEY: `${oldKey},${nextKey}` }), op)).toMatchObject({ success: true })
    expect(await storedSecret(op.email)).toBe(underOld)
    // Step 2: the new key first; the start seals again.
    await start({ SECRETS_KEY: `${nextKey},${oldKey}` })
    const underNext = String(await storedSecret(op.email))
    expect(underNext).not.toBe(underOld)
    expect(underNext.split('.')[1]).toBe(loadKeyring({ keys: nextKey, dataDir }).currentId)
    // Step 3: the old key is gone and the operator still logs in.
    expect(await logsIn(await start({ SECRETS_KEY: nextKey }), op)).toMatchObject({ success: true })
    // A key that never sealed it opens nothing: the login fails, nothing is leaked or changed.
    const wrong = await start({ SECRETS_KEY: newKey() })
    clock.time += 30_000
    expect((await login(wrong, op.email, op.code())).json().success).toBe(false)
    expect(await storedSecret(op.email)).toBe(underNext)
  })

  it('without SECRETS_KEY, keeps the key in DATA_DIR/secrets.key (0600), not in the database', async () => {
    const app = await start()
    const op = await enrolled(app)
    const file = path.join(dataDir, 'secrets.key')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(loadKeyring({ dataDir }).isCurrent(String(await storedSecret(op.email)))).toBe(true)
    chmodSync(file, 0o644)
    expect(() => loadKeyring({ dataDir })).toThrow(/chmod 600/)
  })
})
