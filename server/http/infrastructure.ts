// The app's infrastructure, registered first: configuration, database (and its read pool, which
// the call sites that read a lot choose), clock and language packs as decorations, security headers, WebSockets, the OpenAPI document and `/healthz`. Modules
// register after it and read these decorations. It also keeps PostgreSQL's monthly partitions
// made ahead of the clock and its months of transfers bounded (server/db/partitions.ts): at start
// and once a day.
import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { type Kysely, sql } from 'kysely'
import { z } from 'zod'
import type { Config } from '../config.ts'
import type { Db, DirectPostgres, Engine } from '../db/database.ts'
import { ensureMonthsAhead, keepTransferMonthBounds } from '../db/partitions.ts'
import type { Database } from '../db/schema.ts'
import type { DirectSqlite } from '../db/sqlite-dialect.ts'
import { type LanguagePacks, loadLanguagePacks } from '../i18n/packs.ts'
import { registerOpenApi } from './openapi.ts'
import { securityHeadersOnce } from './security-headers.ts'

export interface Clock {
  now(): number
}

export interface InfrastructureOptions {
  config: Config
  db: Db
  clock?: Clock
  languagePacks?: LanguagePacks
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Kysely<Database>
    /**
     * The read pool (server/db/read-pool.ts): the streaming replica when DATABASE_REPLICA_URL is
     * set and it answers in time, else the primary. Only for reads that may lag a few seconds —
     * reports and their files, the transparency page, the console's search; never a player's
     * own screens (they read what the player just wrote) nor anything a write is decided on.
     */
    readDb: Kysely<Database>
    engine: Engine
    /** SQLite: statements on the database's connection without Kysely (the spin's); null on PostgreSQL. */
    sqlite: DirectSqlite | null
    /** PostgreSQL: a hot path's statement on a pooled connection without Kysely (the spin's); null on SQLite. */
    postgres: DirectPostgres | null
    clock: Clock
    languagePacks: LanguagePacks
    /** Reads on one consistent snapshot of the database without blocking writers (Db.readSnapshot). */
    readSnapshot: Db['readSnapshot']
    /** Subscribes to other instances' commits (PostgreSQL NOTIFY); a no-op on SQLite. */
    subscribe: Db['listen']
    lifecycle: Lifecycle
  }
}

/** Where the instance is in its life, for the graceful shutdown (server/http/shutdown.ts) and `/readyz`. */
export interface Lifecycle {
  /** Set on SIGTERM: `/readyz` answers 503 so the load balancer stops sending new requests. */
  stopping: boolean
  /** HTTP requests being answered right now (WebSockets not counted). */
  inFlight(): number
  /** Work to finish once in-flight requests are done and before sockets close (the push hub's outbox). */
  beforeClose(work: () => Promise<void>): void
  /** Runs the beforeClose work. */
  drain(): Promise<void>
}

function lifecycle(server: FastifyInstance['server']): Lifecycle {
  let inFlight = 0
  // Counted on the raw server: an upgraded WebSocket never emits 'request', so it is not in flight.
  server.on('request', (_request, response) => {
    inFlight++
    response.once('close', () => inFlight--)
  })
  const work: (() => Promise<void>)[] = []
  return {
    stopping: false,
    inFlight: () => inFlight,
    beforeClose: (next) => {
      work.push(next)
    },
    drain: async () => {
      for (const next of work) await next()
    },
  }
}

const DAY_MS = 24 * 60 * 60_000

/**
 * Months made before the clock reaches them, so no row of play lands in the default partition;
 * the months of transfers away from the clock bounded, so a statement page skips them.
 */
async function keepMonths(app: FastifyInstance, db: Db) {
  if (db.engine !== 'postgres') return
  const upkeep = async () => {
    const { made, waited, heldByDefault } = await ensureMonthsAhead(db, app.clock.now())
    if (made.length > 0) app.log.info({ made }, 'monthly partitions made ahead')
    if (waited.length > 0) app.log.warn({ months: waited }, 'monthly partitions not made yet: their table was busy')
    if (heldByDefault.length > 0)
      app.log.warn(
        { months: heldByDefault },
        'monthly partitions not made: the default partition holds rows of these months',
      )
    const bounds = await keepTransferMonthBounds(db, app.clock.now())
    if (bounds.bounded.length + bounds.unbounded.length > 0)
      app.log.info(
        { bounded: bounds.bounded, unbounded: bounds.unbounded },
        'months of transfers bounded and unbounded',
      )
    if (bounds.waited.length > 0)
      app.log.warn({ months: bounds.waited }, 'months of transfers not bounded yet: their table was busy')
  }
  // Before any module registers: the modules write at start (the house accounts, the pool's seed).
  await upkeep()
  let timer: NodeJS.Timeout | null = null
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      upkeep().catch((error: unknown) => app.log.error({ err: error }, 'monthly partition upkeep failed'))
    }, DAY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
  })
}

const infrastructurePlugin: FastifyPluginAsync<InfrastructureOptions> = async (app, options) => {
  const { config, db } = options
  app.decorate('config', config)
  app.decorate('db', db.kysely)
  app.decorate('readDb', db.reads)
  db.replica?.onChange((state) => {
    if (state.fallback === null) app.log.info({ lagSeconds: state.lagSeconds }, 'read pool: reading from the replica')
    else
      app.log.warn(
        { reason: state.fallback, lagSeconds: state.lagSeconds },
        `read pool: the replica is ${state.fallback === 'down' ? 'not answering' : 'behind'}; reading from the primary`,
      )
  })
  app.decorate('engine', db.engine)
  app.decorate('sqlite', db.sqlite ?? null)
  app.decorate('postgres', db.postgres ?? null)
  app.decorate('readSnapshot', db.readSnapshot)
  app.decorate('clock', options.clock ?? { now: () => Date.now() })
  app.decorate('languagePacks', options.languagePacks ?? loadLanguagePacks(config.localesDir))
  app.decorate('subscribe', db.listen.bind(db))
  app.decorate('lifecycle', lifecycle(app.server))
  await keepMonths(app, db)

  await app.register(securityHeadersOnce, { publicUrl: config.publicUrl })
  await registerOpenApi(app, { docs: config.apiDocs, version: '1' })

  const healthSchema = {
    operationId: 'healthz',
    summary: 'Whether the process and its database answer',
    tags: ['Health'],
    security: [],
    response: {
      200: z.object({
        status: z.literal('ok'),
        engine: z.enum(['sqlite', 'postgres']),
        reads: z.enum(['primary', 'replica']).meta({
          description:
            'Where the read pool reads now: the replica (DATABASE_REPLICA_URL, answering and within its lag), or the primary.',
        }),
      }),
    },
  }
  // The primary only: a replica down or behind moves its reads to the primary, it is no fault.
  app.get('/healthz', { schema: healthSchema }, async () => {
    await sql`select 1`.execute(db.kysely)
    const reads = db.replica?.state().fallback === null ? 'replica' : 'primary'
    return { status: 'ok' as const, engine: db.engine, reads }
  })

  await app.register(websocket, { options: { maxPayload: 4096 } })
}

export const infrastructure = fp(infrastructurePlugin, { name: 'infrastructure' })
