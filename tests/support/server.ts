// Server test support: a fresh database per test on each engine (SQLite always; PostgreSQL when
// TEST_DATABASE_URL is set, a database of its own; both copies of a migrated template), an app
// built on it for `inject`, and the one way a test makes a player (`loginPlayer`) and gives it
// money (`fundPlayer`). An app with the sandbox payment provider gets its own sandbox API Pix
// server (port 0, certificates made once per process) and reaches it through PixApiProvider over HTTPS with mTLS, as `npm start` does; the
// test drives that bank through `sandboxOf(app)` and its pages through `sandboxBankOf(app)`. An
// app with no SMTP server configured gets its own sandbox mailbox (ports 0) and sends there over
// SMTP, as `npm start` does; the test reads it through `mailboxOf(app)`.

import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { randomCpf } from '../../contract/cpf.ts'
import { type SandboxFaceServer, startSandboxFace } from '../../server/accounts/sandbox/face-server.ts'
import { type BuildOptions, build } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { type Db, type Engine, openDatabase } from '../../server/db/database.ts'
import { migrateToLatest, migrateUpTo } from '../../server/db/migrate.ts'
import type { Clock } from '../../server/http/infrastructure.ts'
import { grantBonus } from '../../server/ledger/bonus.ts'
import { type SandboxMailbox, startSandboxMailbox } from '../../server/mail/sandbox/mailbox.ts'
import { localBankCustomers } from '../../server/payments/local-bank-customers.ts'
import type { SandboxApiServer } from '../../server/payments/sandbox/api-server.ts'
import { startLocalSandbox } from '../../server/payments/sandbox/local.ts'
import { inMemorySandboxPki } from '../../server/payments/sandbox/pki.ts'
import type { SandboxProvider } from '../../server/payments/sandbox/provider.ts'
import { type SandboxRegisterServer, startSandboxRegister } from '../../server/sigap/sandbox/server.ts'
import { checkRepliesAgainstOpenApi } from './openapi-check.ts'
import { REGISTRATION_LIMITS_FOR_TESTS } from './registration-limits.ts'
import { copyPostgresTemplate, copySqliteTemplate } from './template-db.ts'

export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

export interface TestDb {
  db: Db
  drop(): Promise<void>
}

/** The connection URL of each PostgreSQL test database (a test's own clients connect there). */
const databaseUrls = new WeakMap<Db, string>()

/** Where a PostgreSQL test database is: its own database, with `search_path` its schema. */
export function testDatabaseUrl(db: Db): string {
  const url = databaseUrls.get(db)
  if (!url) throw new Error('not a PostgreSQL test database')
  return url
}

/** A connection of a test's own to its PostgreSQL test database, its tables found by name (their schema searched). */
export async function testDatabaseClient(db: Db): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: testDatabaseUrl(db) })
  await client.connect()
  if (db.schema) await client.query(`set search_path to ${db.schema}`)
  return client
}

/**
 * Runs `work` while holding a database-wide advisory lock shared by every test process. Kysely's
 * migrator looks for its tables by introspecting the whole catalog, which fails ("relation … does
 * not exist") when another test file drops its schema in the middle of that scan; migrations and
 * schema drops therefore take turns. Both are short, so the suite hardly waits.
 */
export async function withSchemaLock<T>(work: () => Promise<T>): Promise<T> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return work()
  const lock = new pg.Client({ connectionString: url })
  await lock.connect()
  try {
    await lock.query('select pg_advisory_lock(730516)')
    return await work()
  } finally {
    await lock.end() // ending the session releases the lock
  }
}

/**
 * A fresh database, migrated to the latest schema (a copy of the migrated template), or only up
 * to `upTo` (a migration's name: migrated here, in its own schema on PostgreSQL).
 */
export async function createTestDb(engine: Engine, upTo?: string): Promise<TestDb> {
  const migrate = (db: Db) => (upTo ? migrateUpTo(db, upTo) : migrateToLatest(db))
  if (engine === 'sqlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-test-'))
    if (!upTo) await copySqliteTemplate(dataDir)
    const db = openDatabase({ dataDir })
    if (upTo) await migrate(db)
    return {
      db,
      drop: async () => {
        await db.close()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  const url = process.env.TEST_DATABASE_URL as string
  const schema = `t_${randomBytes(6).toString('hex')}`
  if (!upTo) {
    const copy = await copyPostgresTemplate(url, schema, 60)
    databaseUrls.set(copy.db, copy.url)
    return { db: copy.db, drop: copy.drop }
  }
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  // Connections named after the schema: a test finds its own among every test process's.
  const named = new URL(url)
  named.searchParams.set('application_name', schema)
  const db = openDatabase({ url: named.toString(), schema, poolSize: 60 })
  databaseUrls.set(db, named.toString())
  await withSchemaLock(() => migrate(db))
  return {
    db,
    drop: async () => {
      await db.close()
      await withSchemaLock(async () => {
        const cleanup = new pg.Client({ connectionString: url })
        await cleanup.connect()
        await cleanup.query(`drop schema ${schema} cascade`)
        await cleanup.end()
      })
    },
  }
}

export interface TestApp {
  app: FastifyInstance
  db: Db
  close(): Promise<void>
}

export const TEST_OPS_TOKEN = 'test-ops-token-0123456789abcdef'

/** The sandbox server of each test app built with the sandbox payment provider. */
const sandboxes = new WeakMap<FastifyInstance, SandboxApiServer>()

/** The sandbox mailbox of each test app built with no SMTP server configured. */
const mailboxes = new WeakMap<FastifyInstance, SandboxMailbox>()

/** The sandbox barred-person register of each test app built without SIGAP_URL. */
const registers = new WeakMap<FastifyInstance, SandboxRegisterServer>()

/** The sandbox face server of each test app built with FACE_CHECK=on and no FACE_URL. */
const faces = new WeakMap<FastifyInstance, SandboxFaceServer>()

/** The sandbox face server a test app asks (started for it when the face step is on). */
export function sandboxFaceOf(app: FastifyInstance): SandboxFaceServer {
  const server = faces.get(app)
  if (!server) throw new Error('the app was not built with the face step on (FACE_CHECK=on)')
  return server
}

/** The sandbox register a test app asks (started for it when the test gave no SIGAP_URL). */
export function sandboxRegisterOf(app: FastifyInstance): SandboxRegisterServer {
  const register = registers.get(app)
  if (!register) throw new Error('this app was built with its own SIGAP_URL')
  return register
}

/**
 * One folder of sandbox certificates per test file (made at its first app, reused after): a worker
 * process runs several files, each with its own in-memory PKI, and the files on disk must come
 * from the CA this file's PKI holds.
 */
const pkiDir = path.join(tmpdir(), `jogo-limpo-test-pki-${process.pid}-${randomBytes(4).toString('hex')}`)
process.once('exit', () => rmSync(pkiDir, { recursive: true, force: true }))

/**
 * How the sandbox's webhooks reach a test app: over real HTTP once it listens (as from a PSP),
 * through `inject` while it does not (most tests never listen).
 */
function deliverTo(target: { app?: FastifyInstance }) {
  return async (_url: string | null, topic: string, rawBody: string, headers: Record<string, string>) => {
    const app = target.app
    if (!app) throw new Error('the app is not built yet')
    const url = `/api/payments/webhook/${topic}`
    const address = app.server.address()
    if (app.server.listening && address && typeof address === 'object') {
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
      const response = await fetch(`http://${host}:${address.port}${url}`, {
        method: 'POST',
        headers,
        body: rawBody,
        signal: AbortSignal.timeout(10_000),
      })
      await response.arrayBuffer()
      return response.status
    }
    return (await app.inject({ method: 'POST', url, headers, payload: rawBody })).statusCode
  }
}

export interface SandboxTestOptions {
  /** The sandbox's charge locations on a DNS name without a port, as a deployed PSP's. */
  sandboxLocationHost?: string
}

/** Builds an app on an existing test database (several apps may share one, like instances). */
export async function buildTestApp(
  db: Db,
  env: Record<string, string> = {},
  clock?: Clock,
  extra: Pick<BuildOptions, 'serverSeeds' | 'onRoute' | 'logger'> & SandboxTestOptions = {},
): Promise<FastifyInstance> {
  const { sandboxLocationHost, ...buildExtra } = extra
  const testEnv: Record<string, string> = {
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(tmpdir(), 'no-static'),
    OPS_TOKEN: TEST_OPS_TOKEN,
    // Tests bind a password and withdraw at once; the cool-off has its own test (withdrawal-cool-off).
    WITHDRAW_COOL_OFF_MINUTES: '0',
    // E-mail goes right after each commit; retries run when a test asks (`app.mail.deliverDue()`),
    // never from a poll of another app on the same database.
    MAIL_POLL_MS: '600000',
    // Identity by face has its own tests (server/accounts/face.test.ts), which switch it on.
    FACE_CHECK: 'off',
    // Tests move their clocks by hours between a player's calls; the idle end has its own tests
    // (server/accounts/session-idle.test.ts), which switch it on.
    SESSION_IDLE_MINUTES: '0',
    ...env,
  }
  // The barred-person register: the sandbox's, over HTTP, as `npm start` runs it.
  const register = testEnv.SIGAP_URL ? null : await startSandboxRegister({ port: 0, token: null })
  if (register) testEnv.SIGAP_URL = register.url
  // The face provider: the sandbox's, over HTTP, as `npm start` runs it (when the face step is on).
  const face = testEnv.FACE_CHECK === 'on' && !testEnv.FACE_URL ? await startSandboxFace({ port: 0 }) : null
  if (face) testEnv.FACE_URL = face.url
  let configEnv: Record<string, string> = testEnv
  let config = loadConfig(configEnv)
  let sandbox: SandboxApiServer | null = null
  const target: { app?: FastifyInstance } = {}
  if (config.payments.provider === 'sandbox' && !config.payments.pixApi) {
    const local = await startLocalSandbox({
      config,
      db: db.kysely,
      dir: pkiDir,
      makePki: inMemorySandboxPki,
      port: 0,
      ...(sandboxLocationHost ? { locationHost: sandboxLocationHost } : {}),
      webhookUrl: 'http://127.0.0.1/api/payments/webhook',
      ...(env.PIX_WEBHOOK_SECRET ? { webhookSecret: env.PIX_WEBHOOK_SECRET } : {}),
      ...(clock ? { now: () => clock.now() } : {}),
      deliver: deliverTo(target),
      ...localBankCustomers(db.kysely),
    })
    sandbox = local.server
    configEnv = { ...testEnv, ...local.env }
    config = loadConfig(configEnv)
  }
  let mailbox: SandboxMailbox | null = null
  if (!config.mail.smtp) {
    mailbox = await startSandboxMailbox({ smtpPort: 0, httpPort: 0 })
    config = loadConfig({ ...configEnv, ...mailbox.env })
  }
  let app: FastifyInstance
  try {
    app = await build({ config, db, logger: false, ...(clock ? { clock } : {}), ...buildExtra })
  } catch (error) {
    await sandbox?.close()
    await mailbox?.close()
    await register?.close()
    await face?.close()
    throw error
  }
  if (mailbox) {
    const box = mailbox
    mailboxes.set(app, box)
    app.addHook('onClose', async () => box.close())
  }
  if (register) {
    const sandboxRegister = register
    registers.set(app, sandboxRegister)
    app.addHook('onClose', async () => sandboxRegister.close())
  }
  if (face) {
    const sandboxFace = face
    faces.set(app, sandboxFace)
    app.addHook('onClose', async () => sandboxFace.close())
  }
  target.app = app
  checkRepliesAgainstOpenApi(app)
  if (sandbox) {
    const server = sandbox
    sandboxes.set(app, server)
    app.addHook('onClose', async () => server.close())
  }
  await app.ready()
  return app
}

export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  clock?: Clock,
  sandbox: SandboxTestOptions = {},
): Promise<TestApp> {
  const testDb = await createTestDb(engine)
  const app = await buildTestApp(testDb.db, env, clock, sandbox)
  return {
    app,
    db: testDb.db,
    close: async () => {
      await app.close()
      await testDb.drop()
    },
  }
}

/** The sandbox mailbox next to an app built with no SMTP server configured. */
export function mailboxOf(app: FastifyInstance): SandboxMailbox {
  const box = mailboxes.get(app)
  if (!box) throw new Error('the app was not built with the sandbox mailbox')
  return box
}

/** The sandbox API Pix server next to an app built with the default (sandbox) payment provider. */
export function sandboxServerOf(app: FastifyInstance): SandboxApiServer {
  const server = sandboxes.get(app)
  if (!server) throw new Error('the app was not built with the sandbox payment provider')
  return server
}

/** The sandbox bank behind that server (a test pays and settles through it, as the network would). */
export function sandboxOf(app: FastifyInstance): SandboxProvider {
  return sandboxServerOf(app).bank
}

/** The sandbox bank's pages and calls (`/sandbox/bank…`) on its own server, for `inject`. */
export function sandboxBankOf(app: FastifyInstance): Pick<FastifyInstance, 'inject'> {
  const server = sandboxServerOf(app).app
  return { inject: server.inject.bind(server) as FastifyInstance['inject'] }
}

/** What a device keeps after its first login, as the app keeps it in IndexedDB. */
export interface DeviceCredentials {
  deviceId: string
  deviceSecret: string
}

export interface LoggedInDevice extends DeviceCredentials {
  token: string
  userId: number
  isRegister: 0 | 1
  gold: number
}

/**
 * Logs a device in as the app does: without `device` a new device's first login (creating its
 * player and receiving its secret), with it the id and secret kept from then. `extra` adds
 * login fields (ageConfirmed, extensionCode…). Fails the test when the login is refused.
 */
async function loginDevice(
  app: FastifyInstance,
  device: DeviceCredentials | undefined,
  extra: Record<string, unknown>,
): Promise<LoggedInDevice> {
  const payload = device
    ? { deviceId: device.deviceId, deviceSecret: device.deviceSecret, ...extra }
    : { deviceId: randomUUID(), ...extra }
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload })
  const body = res.json()
  if (!body.success) throw new Error(`device login refused: ${res.body}`)
  return { ...body.data, deviceSecret: body.data.deviceSecret ?? device?.deviceSecret }
}

/** The registration limits `loginPlayer` sets unless told otherwise: R$ 10 million and a whole day. */
export { REGISTRATION_LIMITS_FOR_TESTS }

/** The adult date of birth `loginPlayer` verifies with. */
export const TEST_BIRTH_DATE = '1990-01-15'

/** The password `loginPlayer` binds: 10–15 characters and not a common one, valid under every rule. */
export const TEST_PASSWORD = 'Horse-Batt3ry9'

export interface PlayerOptions {
  /** A later login of a device kept from an earlier one (by default a new device, a new player). */
  device?: DeviceCredentials
  /** Sends the 18+ confirmation with the login (not sent by default). */
  ageConfirmed?: boolean
  /** More login fields (extensionCode…). */
  login?: Record<string, unknown>
  /** Binds a name and password (`true`: `jogador<id>` and TEST_PASSWORD). */
  bound?: boolean | { userName?: string; password?: string }
  /**
   * Saves a full name, CPF and date of birth, verifying the account (`true`: "Ana Souza", a random
   * CPF — regular at the sandbox bureau — and `TEST_BIRTH_DATE`).
   */
  verified?: boolean | { fullName?: string; cpf?: string; birthDate?: string }
  /**
   * The registration's mandatory limits (Portaria SPA/MF 2.579/2025: a daily loss limit and a
   * daily time limit), without which deposits are refused. Set by default, as loose as the server
   * allows (`REGISTRATION_LIMITS_FOR_TESTS`) so no other test meets them, for a new device's player
   * (a kept device's player set them at its first login); `false` leaves a player who has not.
   */
  registrationLimits?: boolean | { dailyLoss: number; dailyMinutes: number }
  /** Cash (and bonus) given by `fundPlayer` once logged in. */
  cash?: number
  bonus?: number
}

export interface TestPlayer extends LoggedInDevice {
  /** The CPF verified with (`verified`), or a random one kept for the test to use. */
  cpf: string
  userName: string | null
  password: string
  /** POSTs `/api<path>` as this player and answers the parsed envelope. */
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data is whatever the route answers, read as the app reads it
  call(path: string, body?: object, language?: string): Promise<any>
  /** The same, answering the whole response (status, headers, body). */
  post(path: string, body?: object, language?: string): Promise<Awaited<ReturnType<FastifyInstance['inject']>>>
  /** The same two, sent to another instance (a second app on the database, or one restarted). */
  on(app: FastifyInstance): Pick<TestPlayer, 'call' | 'post'>
}

/**
 * A player as a test needs one: a device's login (its first, or a kept device's next), then the
 * registration's limits (a new device's player, unless `registrationLimits: false`) and as asked
 * a bound name and password, a verified CPF and money. Fails the test when any step is refused.
 */
export async function loginPlayer(app: FastifyInstance, options: PlayerOptions = {}): Promise<TestPlayer> {
  const device = await loginDevice(app, options.device, {
    ...(options.ageConfirmed ? { ageConfirmed: true } : {}),
    ...options.login,
  })
  const on = (target: FastifyInstance): Pick<TestPlayer, 'call' | 'post'> => {
    const post: TestPlayer['post'] = (path, body = {}, language) =>
      target.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: { 'access-token': device.token, ...(language ? { 'accept-language': language } : {}) },
        payload: body,
      })
    return { post, call: async (path, body, language) => (await post(path, body, language)).json() }
  }
  const { post, call } = on(app)
  const mustSucceed = async (path: string, body: object) => {
    const res = await post(path, body)
    if (!res.json().success) throw new Error(`${path} refused: ${res.body}`)
  }

  const wanted = options.registrationLimits ?? !options.device
  const limits = wanted === true ? REGISTRATION_LIMITS_FOR_TESTS : wanted || null
  if (limits) await mustSucceed('/v1/bus/setRegistrationLimits', limits)

  const bound = options.bound === true ? {} : options.bound || null
  const password = bound?.password ?? TEST_PASSWORD
  const userName = bound ? (bound.userName ?? `jogador${String(device.userId).padStart(4, '0')}`) : null
  if (userName) await mustSucceed('/user/bindLoginAccount', { userName, password, confirmPassword: password })

  const verified = options.verified === true ? {} : options.verified || null
  const cpf = verified?.cpf ?? randomCpf()
  if (verified) {
    const body = { fullName: verified.fullName ?? 'Ana Souza', cpf, birthDate: verified.birthDate ?? TEST_BIRTH_DATE }
    const res = await post('/charge/amount/saveUserAccountInfo', body)
    if (res.json().data?.status !== 'verified') throw new Error(`verification not settled: ${res.body}`)
  }

  await fundPlayer(app, device.userId, { cash: options.cash, bonus: options.bonus })
  return { ...device, cpf, userName, password, call, post, on }
}

/**
 * Gives a player money: cash through the operator adjustment API (as an operator would), bonus
 * through the ledger as a gift with its wagering requirement. Fails the test when refused.
 */
export async function fundPlayer(
  app: FastifyInstance,
  userId: number,
  money: { cash?: number; bonus?: number; wageringMultiplier?: number },
): Promise<void> {
  if (money.cash) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ops/adjust',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: { requestId: randomUUID(), userId, amount: money.cash, reason: 'saldo de teste' },
    })
    if (!res.json().success) throw new Error(`operator adjustment refused: ${res.body}`)
  }
  if (money.bonus) {
    const amount = money.bonus
    await app.ledger.transact((tx) =>
      grantBonus(tx, {
        id: `test-bonus-${randomUUID()}`,
        playerId: userId,
        amount,
        wageringMultiplier: money.wageringMultiplier ?? 10,
        kind: 'new_player_gift',
      }),
    )
  }
}
