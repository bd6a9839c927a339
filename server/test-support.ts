// Test support: a fresh database per test on each engine (SQLite always; PostgreSQL when
// TEST_DATABASE_URL is set, isolated in its own schema) and an app built on it for `inject`.

import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { type BuildOptions, build } from './app.ts'
import { loadConfig } from './config.ts'
import { type Db, type Engine, openDatabase } from './db/database.ts'
import { migrateToLatest, migrateUpTo } from './db/migrate.ts'
import type { Clock } from './http/infrastructure.ts'

export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

export interface TestDb {
  db: Db
  drop(): Promise<void>
}

/** A fresh database, migrated to the latest schema (or only up to `upTo`, a migration's name). */
export async function createTestDb(engine: Engine, upTo?: string): Promise<TestDb> {
  const migrate = (db: Db) => (upTo ? migrateUpTo(db, upTo) : migrateToLatest(db))
  if (engine === 'sqlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-test-'))
    const db = openDatabase({ dataDir })
    await migrate(db)
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
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  const db = openDatabase({ url, schema, poolSize: 60 })
  await migrate(db)
  return {
    db,
    drop: async () => {
      await db.close()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`drop schema ${schema} cascade`)
      await cleanup.end()
    },
  }
}

export interface TestApp {
  app: FastifyInstance
  db: Db
  close(): Promise<void>
}

export const TEST_OPS_TOKEN = 'test-ops-token-0123456789abcdef'

/** Builds an app on an existing test database (several apps may share one, like instances). */
export async function buildTestApp(
  db: Db,
  env: Record<string, string> = {},
  clock?: Clock,
  extra: Pick<BuildOptions, 'serverSeeds' | 'onRoute'> = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(tmpdir(), 'no-static'),
    OPS_TOKEN: TEST_OPS_TOKEN,
    // Tests bind a password and withdraw at once; the cool-off has its own test (withdrawal-cool-off).
    WITHDRAW_COOL_OFF_MINUTES: '0',
    ...env,
  })
  const app = await build({ config, db, logger: false, ...(clock ? { clock } : {}), ...extra })
  await app.ready()
  return app
}

export async function createTestApp(engine: Engine, env: Record<string, string> = {}, clock?: Clock): Promise<TestApp> {
  const testDb = await createTestDb(engine)
  const app = await buildTestApp(testDb.db, env, clock)
  return {
    app,
    db: testDb.db,
    close: async () => {
      await app.close()
      await testDb.drop()
    },
  }
}

/** The sandbox provider of an app built with the default (sandbox) payment provider. */
export function sandboxOf(app: FastifyInstance) {
  const sandbox = app.payments.sandbox
  if (!sandbox) throw new Error('the app was not built with the sandbox payment provider')
  return sandbox
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
export async function loginDevice(
  app: FastifyInstance,
  device?: DeviceCredentials,
  extra: Record<string, unknown> = {},
): Promise<LoggedInDevice> {
  const payload = device
    ? { deviceId: device.deviceId, deviceSecret: device.deviceSecret, ...extra }
    : { deviceId: randomUUID(), ...extra }
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload })
  const body = res.json()
  if (!body.success) throw new Error(`device login refused: ${res.body}`)
  return { ...body.data, deviceSecret: body.data.deviceSecret ?? device?.deviceSecret }
}
