// A PostgreSQL connection dropped under the app (pg_terminate_backend, as an administrator, a
// failover or idle_in_transaction_session_timeout does): the process stays up, a transaction
// whose connection died before its commit is retried or refused cleanly, requests in flight
// answer success or `service_unavailable` (never a 5xx), later requests succeed, and the LISTEN
// subscription reconnects and hears notifications again. Only this test's own connections are
// terminated (its application_name is its schema), so parallel test files are not hit.
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openGameSession } from '../../tests/support/game-session.ts'
import {
  createTestApp,
  loginPlayer,
  TEST_OPS_TOKEN,
  type TestApp,
  testDatabaseUrl,
} from '../../tests/support/server.ts'
import { adjustCash } from '../ledger/adjustments.ts'
import { auditLedger } from '../ledger/audit.ts'
import { isConnectionLost } from './errors.ts'

const url = process.env.TEST_DATABASE_URL

describe.skipIf(!url)('a dropped PostgreSQL connection', () => {
  let t: TestApp
  let admin: pg.Client
  const uncaught: unknown[] = []
  const collect = (error: unknown) => uncaught.push(error)

  beforeEach(async () => {
    uncaught.length = 0
    process.on('uncaughtException', collect)
    t = await createTestApp('postgres')
    // Beside the app's own connections, in its database (its connections carry the schema's name).
    admin = new pg.Client({ connectionString: testDatabaseUrl(t.db) })
    await admin.connect()
  })
  afterEach(async () => {
    process.off('uncaughtException', collect)
    await admin?.end()
    await t?.close()
  })

  /** Terminates every connection of this test's app (pool and LISTEN); answers how many. */
  const terminate = async () =>
    (
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
        [t.db.schema],
      )
    ).rowCount ?? 0

  /** Waits until `count` of this app's connections are in the state named (e.g. idle in transaction). */
  const until = async (state: string, query: string, count = 1) => {
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin.query(
        `select count(*)::int as n from pg_stat_activity where application_name = $1 and state = $2 and query like $3`,
        [t.db.schema, state, query],
      )
      if (rows[0].n >= count) return
      await sleep(25)
    }
    throw new Error(`no connection ${state} on ${query}`)
  }

  it('keeps the process up, answers cleanly, retries an uncommitted ledger transaction and listens again', async () => {
    const { app } = t
    const player = await loginPlayer(app, { cash: 1_000_000, ageConfirmed: true })
    const game = await openGameSession(app, player.call)
    const spin = (requestId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': game.sessionToken },
        payload: { bet: 100, requestId },
      })
    const adjust = (requestId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/ops/adjust',
        headers: { 'x-ops-token': TEST_OPS_TOKEN },
        payload: { requestId, userId: player.userId, amount: 100, reason: 'queda de conexão' },
      })

    const transferId = `connection-loss:${randomUUID()}`
    // The LISTEN subscription hears a notification before anything happens.
    const heard: (string | undefined)[] = []
    const unlisten = await app.subscribe('connection_loss_test', (payload) => heard.push(payload))
    try {
      await admin.query(`select pg_notify('connection_loss_test', 'before')`)
      await expect.poll(() => heard.length).toBe(1)

      // Idle in transaction: a checked-out connection with no statement running when it dies.
      let resume: () => void = () => {}
      const resumed = new Promise<void>((resolve) => {
        resume = resolve
      })
      const idle = app.db.transaction().execute(async (trx) => {
        await sql`select 'idle-in-transaction'`.execute(trx)
        await resumed
        await sql`select 1`.execute(trx)
      })
      const idleOutcome = idle.then(
        () => 'committed',
        (error: unknown) => error,
      )
      await until('idle in transaction', `select 'idle-in-transaction'%`)

      // Inside a transaction, a statement running when it dies.
      const running = app.db
        .transaction()
        .execute(async (trx) => {
          await sql`select pg_sleep(30)`.execute(trx)
        })
        .then(
          () => 'committed',
          (error: unknown) => error,
        )

      // A ledger transaction whose first attempt dies before its commit runs again on another connection.
      let attempts = 0
      const retried = app.ledger.transact(async (tx) => {
        attempts++
        if (attempts === 1) await sql`select pg_sleep(30)`.execute(tx.trx)
        return adjustCash(tx, { id: transferId, playerId: player.userId, amount: 250, reason: 'retried' })
      })
      await until('active', 'select pg_sleep(30)', 2)

      // Requests in flight while the connections drop.
      const inFlight = [
        ...Array.from({ length: 12 }, (_, i) => spin(`spin-during-${i}`)),
        ...Array.from({ length: 6 }, (_, i) => adjust(`adjust-during-${i}`)),
      ]
      expect(await terminate()).toBeGreaterThanOrEqual(3)
      resume()

      const answers = await Promise.all(inFlight)
      const refused = answers.filter((res) => !res.json().success).length
      console.info(`${answers.length - refused} requests in flight answered success, ${refused} service_unavailable`)
      for (const res of answers) {
        const body = res.json()
        expect(res.statusCode, res.body).toBeLessThan(500)
        if (!body.success) expect([res.statusCode, body.msgCode], res.body).toEqual([429, 'service_unavailable'])
      }
      for (const outcome of [await idleOutcome, await running]) {
        expect(outcome).not.toBe('committed')
        expect(isConnectionLost(outcome), String(outcome)).toBe(true)
      }
      const result = await retried
      // Its first attempt died with its connection; a later one (on a live connection) committed.
      expect(attempts).toBeGreaterThanOrEqual(2)
      expect(result).toMatchObject({ id: transferId, replayed: false })

      // The process never saw an uncaught error, and the next requests succeed.
      await sleep(100)
      expect(uncaught).toEqual([])
      const after = await spin('spin-after-1')
      expect(after.json().success, after.body).toBe(true)
      expect((await adjust('adjust-after')).json().success).toBe(true)
      // A request refused during the drop, retried with its requestId, is done once.
      for (const [i, res] of answers.entries()) {
        if (res.json().success) continue
        const again = i < 12 ? await spin(`spin-during-${i}`) : await adjust(`adjust-during-${i - 12}`)
        expect(again.json().success, again.body).toBe(true)
      }

      // The subscription is back: told once to catch up, then hearing notifications again.
      await expect.poll(() => heard, { timeout: 10_000 }).toContain(undefined)
      await expect
        .poll(
          async () => {
            await admin.query(`select pg_notify('connection_loss_test', 'after')`)
            return heard
          },
          { timeout: 10_000, interval: 200 },
        )
        .toContain('after')
    } finally {
      await unlisten()
    }

    const transfers = await app.db.selectFrom('ledger_transfers').select('id').where('id', '=', transferId).execute()
    expect(transfers).toHaveLength(1)
    const rounds = await app.db.selectFrom('game_rounds').select('request_id').execute()
    expect(new Set(rounds.map((r) => r.request_id)).size).toBe(rounds.length)
    expect(rounds.map((r) => r.request_id)).toEqual(
      expect.arrayContaining(['spin-after-1', 'spin-during-0', 'spin-during-11']),
    )
    expect(await auditLedger(app.db)).toMatchObject({ ok: true, sumOfBalances: 0 })
    expect(uncaught).toEqual([])
  })
})
