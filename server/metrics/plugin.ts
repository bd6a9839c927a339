// Operations: the metrics every module reports through `app.metrics` (the interface in
// metrics.ts), the HTTP latency per route, the gauges read at scrape time (ledger
// conservation, outbox backlog and age, push sockets, database pool, the read replica's lag and
// where the read pool's reads went, the event loop's time inside SQLite), the Prometheus endpoint `/metrics` behind a bearer token (METRICS_TOKEN; not
// served without one), and `/readyz` for a load balancer. Registered right after the infrastructure so every module can
// report; the gauges and checks read the other modules' decorations only when asked.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { sql } from 'kysely'
import { z } from 'zod'
import type { Db } from '../db/database.ts'
import { pendingMigrations } from '../db/migrate.ts'
import { sumOfBalances } from '../ledger/audit.ts'
import { type Metrics, PrometheusMetrics } from './metrics.ts'

/** The outbox counts as stuck when its oldest undelivered row is older than this (the hub polls every second). */
export const OUTBOX_STUCK_MS = 30_000
/** Wrong metrics tokens an address may send per window before it hears 429. */
export const METRICS_FAILED_ATTEMPTS_MAX = 10
const FAILED_ATTEMPTS_WINDOW_MS = 15 * 60_000
/** Readiness is computed at most once per this long, however often the balancers ask. */
const READINESS_CACHE_MS = 1000

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

const readinessChecks = z.object({
  database: z.boolean(),
  migrations: z.boolean().meta({ description: 'No migration is pending.' }),
  provider: z.boolean().meta({ description: 'The payment provider answered its last call.' }),
  outbox: z.boolean().meta({ description: 'No push or webhook message waits too long.' }),
  accepting: z.boolean().meta({ description: 'False once the instance is stopping (SIGTERM).' }),
})
export type ReadinessChecks = z.infer<typeof readinessChecks>

const readinessReply = z.object({ status: z.enum(['ready', 'not ready']), checks: readinessChecks })

/** /readyz in the OpenAPI document: for a load balancer, no credentials, no envelope. */
const readinessSchema = {
  operationId: 'readyz',
  summary: 'Whether this instance takes traffic',
  description: 'For a load balancer: 200 when every check passes, 503 otherwise (also while stopping).',
  tags: ['Health'],
  security: [],
  response: {
    200: readinessReply,
    503: readinessReply,
  },
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '')
  const expected = Buffer.from(`Bearer ${token}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const metricsPlugin: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const metrics = new PrometheusMetrics()
  app.decorate('metrics', metrics as Metrics)

  // Callback hooks on every request's path: an async one costs a promise and a turn of the queue.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000)
    done()
  })

  const outboxBacklog = () => app.push.backlog(app.clock.now())
  metrics.gauge(
    'ledger_conservation_balance_centavos',
    'Sum of every ledger balance in centavos (double entry: must read 0)',
    () => sumOfBalances(app.db),
  )
  metrics.gauge('outbox_backlog_rows', 'Outbox rows this instance has not delivered yet', async () => {
    return (await outboxBacklog()).rows
  })
  metrics.gauge('outbox_oldest_age_seconds', 'Age of the oldest undelivered outbox row', async () => {
    return (await outboxBacklog()).oldestAgeMs / 1000
  })
  metrics.gauge('push_sockets', 'Open push WebSockets on this instance', () => app.push.socketCount())
  if (db.poolUse) {
    const poolUse = db.poolUse.bind(db)
    metrics.gauge('db_pool_connections', 'PostgreSQL pool connections open', () => poolUse().total)
    metrics.gauge('db_pool_idle', 'PostgreSQL pool connections idle', () => poolUse().idle)
    metrics.gauge('db_pool_waiting', 'Queries waiting for a pool connection', () => poolUse().waiting)
    metrics.gauge('db_pool_max', 'PostgreSQL pool size', () => poolUse().max)
  }

  if (db.replica) {
    const replica = db.replica
    metrics.gauge(
      'db_replica_lag_seconds',
      "Seconds of the primary's history the read replica has not replayed (0 when caught up; -1 before it first answered)",
      () => replica.state().lagSeconds ?? -1,
    )
    metrics.gauge('db_replica_up', 'Whether the read replica answered its last check (1) or not (0)', () =>
      replica.state().up ? 1 : 0,
    )
    metrics.gauge(
      'db_reads_on_primary',
      'Whether the read pool reads from the primary now (1: the replica is down or further behind than DATABASE_REPLICA_MAX_LAG_SECONDS) or from the replica (0)',
      () => (replica.state().fallback === null ? 0 : 1),
    )
    metrics.totals(
      'db_reads_total',
      "The read pool's connections by where they went: the replica, or the primary in its stead",
      'to',
      () => replica.state().reads,
    )
  }

  if (db.sqliteTime) {
    metrics.totals(
      'sqlite_seconds_total',
      'Event-loop seconds spent inside SQLite, by kind: read, write (statements), commit (WAL pages written and fsynced)',
      'kind',
      db.sqliteTime.bind(db),
    )
  }

  if (db.sqlite) {
    // Read at scrape time: the ledger is registered after this module.
    metrics.totals(
      'sqlite_spin_path_total',
      'SQLite spins by the path their transaction took: direct (prepared statements), or fell_back to LedgerTx (refusals, replays, wagering, jackpots, announced wins, reality checks)',
      'path',
      () => ({ direct: app.ledger.directCounts.direct, fell_back: app.ledger.directCounts.fellBack }),
    )
  }

  if (app.engine === 'postgres') {
    metrics.totals(
      'postgres_spin_path_total',
      'PostgreSQL spins by the path they took: function (one call of ledger_spin), or fell_back to LedgerTx (refusals, replays, a seed pair not yet seen by this process, wagering, jackpots, announced wins, limits reached, reality checks)',
      'path',
      () => ({ function: app.ledger.functionCounts.function, fell_back: app.ledger.functionCounts.fellBack }),
    )
  }

  const token = app.config.metricsToken
  if (token) {
    const failures = new Map<string, { count: number; until: number }>()
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const now = Date.now()
      const seen = failures.get(request.ip)
      if (seen && seen.until > now && seen.count >= METRICS_FAILED_ATTEMPTS_MAX)
        return reply
          .code(429)
          .send({ success: false, msgCode: 'rate_limited', msg: 'too many wrong tokens', data: null })
      if (!bearerMatches(request, token)) {
        const current = seen && seen.until > now ? seen : { count: 0, until: now + FAILED_ATTEMPTS_WINDOW_MS }
        current.count++
        failures.set(request.ip, current)
        if (failures.size > 10_000) failures.clear()
        return reply
          .code(401)
          .send({ success: false, msgCode: 'unauthorized', msg: 'metrics token required', data: null })
      }
      const text = await metrics.registry.metrics()
      return reply.type(metrics.registry.contentType).send(text)
    })
  }

  let cached: { at: number; checks: Promise<ReadinessChecks> } | undefined
  app.get('/readyz', { schema: readinessSchema }, async (_request, reply) => {
    const now = Date.now()
    if (!cached || now - cached.at >= READINESS_CACHE_MS) cached = { at: now, checks: readiness() }
    const checks = { ...(await cached.checks), accepting: !app.lifecycle.stopping }
    const ready = Object.values(checks).every(Boolean)
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks })
  })

  async function readiness(): Promise<ReadinessChecks> {
    const passes = (check: () => Promise<boolean>) => check().catch(() => false)
    const [database, migrations, outbox] = await Promise.all([
      passes(async () => (await sql<{ one: number }>`select 1 as one`.execute(app.db)).rows.length === 1),
      passes(async () => (await pendingMigrations(db)).length === 0),
      passes(async () => (await outboxBacklog()).oldestAgeMs < OUTBOX_STUCK_MS),
    ])
    const provider = app.payments.provider as { reachable?: () => boolean }
    return {
      database,
      migrations,
      provider: provider.reachable?.() ?? true,
      outbox,
      accepting: !app.lifecycle.stopping,
    }
  }
}

export const metricsModule = fp(metricsPlugin, { name: 'metrics', dependencies: ['infrastructure'] })
