// The read pool on a real streaming replica (PostgreSQL only; SQLite has no replica and its
// read pool is its one connection): a primary of the test's own (initdb, on a free port) and a
// base backup of it started as a second `postgres` on another port (tests/support/pg-replica.ts). Reports are answered by the replica (the connection that answered
// is in recovery, the pool's counters say so) while spins commit on the primary; with the
// replica's replay paused, a player's own screens still show the spin just made (they read the
// primary) while the report does not yet; past the allowed lag, and with the replica stopped,
// reports come from the primary, `/healthz` stays 200 and says where reads go, and the metrics
// show the lag and the fallback. Skipped, with the reason, where no replica can be started.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../server/db/database.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { localDate } from '../../server/lib/periods.ts'
import { openGameSession } from '../support/game-session.ts'
import { type LocalServer, replicaUnavailable, startPrimary, startReplica } from '../support/pg-replica.ts'
import { buildTestApp, loginPlayer, TEST_OPS_TOKEN, type TestPlayer } from '../support/server.ts'

const unavailable = replicaUnavailable()
if (unavailable) console.warn(`read replica tests skipped: ${unavailable}`)

/** The lag past which the read pool reads the primary (short, so the test sees it happen). */
const MAX_LAG_SECONDS = 5
const METRICS_TOKEN = 'replica-test-metrics-token-0123456789'

describe.skipIf(unavailable !== null)('the read pool on a streaming replica (postgres)', { timeout: 120_000 }, () => {
  let primary: LocalServer
  let replica: LocalServer
  let db: Db
  let app: FastifyInstance
  let player: TestPlayer
  let sessionToken: string
  let onReplica: pg.Client
  const today = () => localDate(Date.now(), 'America/Sao_Paulo')

  const spin = async () => {
    const answer = (
      await app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet: 100, requestId: randomUUID() },
      })
    ).json()
    expect(answer.success, JSON.stringify(answer)).toBe(true)
  }
  /** Today's bets of 1 real each in the finance report (read through the read pool). */
  const reportedBets = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ops/reports/finance',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: { from: today(), to: today() },
    })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json().data.totals.stakes as number) / 100
  }
  /** Entries on the player's own statement (one per round, and the funding). */
  const ownBets = async () => {
    const statement = await player.call('/v1/bus/statement', { pageSize: 100 })
    expect(statement.success, JSON.stringify(statement)).toBe(true)
    return (statement.data.entries as unknown[]).length
  }
  const metric = async (name: string) => {
    const text = (
      await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).body
    const line = text.split('\n').find((l) => l.startsWith(`jogolimpo_${name}`))
    return line === undefined ? undefined : Number(line.split(' ').at(-1))
  }
  /**
   * Waits until the replica has replayed everything the primary committed so far: its WAL position,
   * and the same ledger rows (the rows are what the report counts; the position alone once let a
   * report read one spin short under load).
   */
  const caughtUp = async () => {
    const onPrimary = new pg.Client({ connectionString: primary.url })
    await onPrimary.connect()
    const transfers = 'select count(*)::int as n from ledger_transfers'
    try {
      const lsn = (await onPrimary.query('select pg_current_wal_lsn()::text as lsn')).rows[0].lsn as string
      const rows = (await onPrimary.query(transfers)).rows[0].n as number
      for (let i = 0; i < 200; i++) {
        const { rows: replayed } = await onReplica.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn])
        if (replayed[0].done && (await onReplica.query(transfers)).rows[0].n === rows) return
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    } finally {
      await onPrimary.end()
    }
    throw new Error('the replica did not catch up')
  }

  beforeAll(async () => {
    primary = await startPrimary()
    // The schema before the copy: the replica starts with it, and streams the rest.
    const migrating = openDatabase({ url: primary.url })
    await migrateToLatest(migrating)
    await migrating.close()
    replica = await startReplica(primary.url)
    db = openDatabase({
      url: primary.url,
      poolSize: 20,
      replicaUrl: replica.url,
      replicaMaxLagSeconds: MAX_LAG_SECONDS,
    })
    onReplica = new pg.Client({ connectionString: replica.url })
    await onReplica.connect()
    await caughtUp()
    app = await buildTestApp(db, { METRICS_TOKEN })
    player = await loginPlayer(app, { ageConfirmed: true, bound: true, verified: true, cash: 50_000 })
    sessionToken = (await openGameSession(app, player.call)).sessionToken
  })
  afterAll(async () => {
    await onReplica?.end().catch(() => {})
    await app?.close()
    await db?.close()
    await replica?.remove()
    await primary?.remove()
  })

  it('answers reports from the replica while spins commit on the primary', async () => {
    expect((await db.replica?.check())?.fallback).toBeNull()
    // The read pool's connection is the standby's; the app's own is the primary's.
    const standby = sql<{ r: boolean }>`select pg_is_in_recovery() as r`
    expect((await standby.execute(app.readDb)).rows[0]?.r).toBe(true)
    expect((await standby.execute(app.db)).rows[0]?.r).toBe(false)

    const before = db.replica?.state().reads as { replica: number; primary: number }
    // Spins and reports at once: the spins write on the primary (a standby refuses every write).
    const reports: Promise<number>[] = []
    for (let i = 0; i < 10; i++) {
      reports.push(reportedBets())
      await spin()
    }
    await Promise.all(reports)
    const after = db.replica?.state().reads as { replica: number; primary: number }
    expect(after.replica).toBeGreaterThan(before.replica)
    expect(after.primary).toBe(before.primary)
    // Once replayed, the replica's report counts every spin.
    await caughtUp()
    expect(await reportedBets()).toBe(10)
    // The report's queries ran on the replica's server, under the read pool's name.
    const { rows } = await onReplica.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where application_name = $1',
      ['jogo-limpo-reads'],
    )
    expect(rows[0]?.n).toBeGreaterThan(0)
    expect(await metric('db_replica_up')).toBe(1)
    expect(await metric('db_reads_total{to="replica"}')).toBeGreaterThan(0)
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
      engine: 'postgres',
      reads: 'replica',
    })
  })

  it("keeps a player's own screens on the primary: a spin shows at once there, not yet in the replica's report", async () => {
    // A commit just replayed: the lag, counted from the last commit replayed, starts near 0 at the pause.
    await spin()
    await caughtUp()
    const reported = await reportedBets()
    const own = await ownBets()
    const readsBefore = db.replica?.state().reads as { replica: number; primary: number }
    await onReplica.query('select pg_wal_replay_pause()')
    try {
      await spin()
      // The player's statement reads the primary: the bet is there at once, and the read pool
      // was not asked.
      expect(await ownBets()).toBe(own + 1)
      expect(db.replica?.state().reads).toEqual(readsBefore)
      // The report reads the paused replica (within the allowed lag): not there yet.
      expect(await reportedBets()).toBe(reported)
      expect(db.replica?.state().reads.replica).toBeGreaterThan(readsBefore.replica)

      // Past the allowed lag, the read pool reads the primary, and says so.
      let state = await db.replica?.check()
      for (let i = 0; i < 150 && state?.fallback !== 'behind'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        state = await db.replica?.check()
      }
      expect(state?.fallback).toBe('behind')
      expect(await metric('db_replica_lag_seconds')).toBeGreaterThan(MAX_LAG_SECONDS)
      expect(await metric('db_reads_on_primary')).toBe(1)
      expect(await reportedBets()).toBe(reported + 1)
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json().reads).toBe('primary')
    } finally {
      await onReplica.query('select pg_wal_replay_resume()')
    }
    await caughtUp()
    expect((await db.replica?.check())?.fallback).toBeNull()
    expect(await reportedBets()).toBe(reported + 1)
  })

  it('reads from the primary when the replica is down: no report fails, /healthz stays 200', async () => {
    await onReplica.end()
    await replica.stop()
    const before = db.replica?.state().reads as { replica: number; primary: number }
    await spin()
    // Before any check has noticed: the failed connection moves the read to the primary.
    const reported = await reportedBets()
    expect(reported).toBeGreaterThan(0)
    const search = await app.inject({
      method: 'POST',
      url: '/api/ops/players/search',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: { q: String(player.userId) },
    })
    expect(search.statusCode, search.body).toBe(200)
    expect(search.json().data.hits.map((h: { userId: number }) => h.userId)).toContain(player.userId)
    const transparency = await app.inject({ method: 'GET', url: '/api/transparency/snapshots?limit=10' })
    expect(transparency.statusCode, transparency.body).toBe(200)
    expect(db.replica?.state().reads.primary).toBeGreaterThan(before.primary)
    expect(db.replica?.state().fallback).toBe('down')
    const health = await app.inject({ method: 'GET', url: '/healthz' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok', engine: 'postgres', reads: 'primary' })
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
    expect(await metric('db_replica_up')).toBe(0)
    expect(await metric('db_reads_on_primary')).toBe(1)
  })
})
