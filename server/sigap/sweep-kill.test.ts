// The sweep killed mid-run (SIGKILL: no shutdown, the lease left held): another instance waits
// for the lease to lapse, goes on after the last batch that committed, and every player ends with
// exactly one answer recorded for the sweep — on each engine, the sweep in its own process.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { engines, withSchemaLock } from '../../tests/support/server.ts'
import { type Db, openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { startSandboxRegister } from './sandbox/server.ts'
import { sigapApiRegister } from './sigap-api.ts'
import { RegisterStanding } from './standing.ts'
import { RegisterSweep } from './sweep.ts'

const START = Date.UTC(2026, 10, 20, 12, 0)
const PLAYERS = 30

describe.each(engines)('a sweep killed mid-run on %s', { timeout: 120_000 }, (engine) => {
  const cleanups: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
    cleanups.length = 0
  })

  async function database(): Promise<{ db: Db; env: Record<string, string> }> {
    if (engine === 'sqlite') {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-sweep-'))
      const db = openDatabase({ dataDir })
      cleanups.push(async () => {
        await db.close()
        rmSync(dataDir, { recursive: true, force: true })
      })
      await migrateToLatest(db)
      return { db, env: { DATA_DIR: dataDir } }
    }
    const url = process.env.TEST_DATABASE_URL as string
    const schema = `t_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create schema ${schema}`)
    await admin.end()
    const db = openDatabase({ url, schema, poolSize: 8 })
    cleanups.push(async () => {
      await db.close()
      await withSchemaLock(async () => {
        const drop = new pg.Client({ connectionString: url })
        await drop.connect()
        await drop.query(`drop schema ${schema} cascade`)
        await drop.end()
      })
    })
    await withSchemaLock(() => migrateToLatest(db))
    return { db, env: { DB_URL: url, DB_SCHEMA: schema } }
  }

  it('goes on after the last committed batch and records every player once', async () => {
    const { db, env } = await database()
    const k = db.kysely
    await k
      .insertInto('register_players')
      .values(
        Array.from({ length: PLAYERS }, (_, i) => ({
          player_id: i + 1,
          cpf: randomCpf(),
          state: 'clear' as const,
          checked_at: START,
          checked_day: '2026-11-20',
          barred_at: null,
          barred_answer_id: null,
          attempts: 0,
          next_attempt_at: null,
          updated_at: START,
        })),
      )
      .execute()
    const register = await startSandboxRegister({ port: 0, token: null })
    cleanups.push(() => register.close())

    const child: ChildProcess = spawn(process.execPath, [path.resolve('tests/support/sweep-child.ts')], {
      env: { ...process.env, ...env, SIGAP_URL: register.url, START: String(START), RATE: '20' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    )
    cleanups.push(async () => {
      child.kill('SIGKILL')
      await exited
    })
    // Killed once some batches committed and the sweep is not over.
    const checked = async () =>
      Number((await k.selectFrom('register_sweeps').select('checked').executeTakeFirst())?.checked ?? 0)
    for (let i = 0; i < 600 && (await checked()) < 6; i++) await new Promise((r) => setTimeout(r, 50))
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    const atKill = await k.selectFrom('register_sweeps').selectAll().executeTakeFirstOrThrow()
    expect(Number(atKill.checked)).toBeGreaterThanOrEqual(6)
    expect(Number(atKill.checked)).toBeLessThan(PLAYERS)
    expect(atKill.finished_at).toBeNull()

    const standing = new RegisterStanding({
      db: k,
      register: sigapApiRegister({ baseUrl: register.url, token: null, timeoutMs: 10_000 }),
      now: () => START,
      timeZone: 'America/Sao_Paulo',
      onError: (error) => {
        throw error
      },
    })
    const at = { now: START }
    const after = new RegisterSweep({
      db: k,
      standing,
      now: () => at.now,
      everyMs: 15 * 86_400_000,
      ratePerSecond: 1000,
      holder: 'after',
      onError: (error) => {
        throw error
      },
    })
    // The killed process still holds the lease until it lapses.
    expect(await after.run()).toBe('busy')
    at.now = START + 60_000
    expect(await after.run()).toBe('done')
    const sweeps = await k.selectFrom('register_sweeps').selectAll().execute()
    expect(sweeps).toHaveLength(1)
    expect(sweeps[0]).toMatchObject({ finished_at: START + 60_000 })
    expect(Number(sweeps[0]?.checked)).toBe(PLAYERS)
    const recorded = await k
      .selectFrom('register_answers')
      .select(['player_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('sweep_id', '=', Number(sweeps[0]?.id))
      .groupBy('player_id')
      .execute()
    expect(recorded).toHaveLength(PLAYERS)
    expect(recorded.every((row) => Number(row.n) === 1)).toBe(true)
    // Asked at least once each; only the batch in flight at the kill may have been asked twice.
    expect(register.asked.size).toBe(PLAYERS)
    const twice = [...register.asked.values()].filter((n) => n > 1).length
    expect(twice).toBeLessThanOrEqual(2)
  })
})
