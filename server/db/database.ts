// Opens the database: SQLite file under DATA_DIR by default, PostgreSQL when a URL is given.
// Both are reached through the same Kysely instance type.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { PRIVATE_DIR_MODE, privateFile } from '../lib/private-files.ts'
import { keepListening } from './listener.ts'
import { openReadPool, type ReadReplica } from './read-pool.ts'
import type { Database } from './schema.ts'
import { type DirectSqlite, NodeSqliteDialect, type SqliteTime } from './sqlite-dialect.ts'

export type Engine = 'sqlite' | 'postgres'

export interface Db {
  kysely: Kysely<Database>
  /**
   * What reads a lot and may lag a little reads through (reports, files, the transparency page,
   * the console's search): the replica's read pool when one is configured, else `kysely` itself.
   */
  reads: Kysely<Database>
  /** The streaming replica behind `reads`, when DATABASE_REPLICA_URL is set. */
  replica?: ReadReplica
  engine: Engine
  /** The PostgreSQL schema the tables live in, when not the default one (tests isolate themselves so). */
  schema?: string
  /**
   * Subscribes to a PostgreSQL NOTIFY channel on a dedicated connection; resolves to an
   * unsubscribe function. A dropped connection is reopened (with backoff) and listened on again,
   * and `onNotify` is then called once without a payload, so the subscriber re-reads what it may
   * have missed. SQLite has one writer process, so it has nothing to listen to.
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>
  /** SQLite: seconds the event loop has spent inside SQLite, by kind (the metrics); absent on PostgreSQL. */
  sqliteTime?(): SqliteTime
  /** SQLite: statements run on Kysely's connection without Kysely (a hot path's fixed statements). */
  sqlite?: DirectSqlite
  /** PostgreSQL: a hot path's fixed statement run on a pooled connection without Kysely. */
  postgres?: DirectPostgres
  /**
   * Runs `read` on one consistent snapshot of the whole database (every query in it sees the
   * same instant) without holding anything a writer waits for: on PostgreSQL a REPEATABLE READ,
   * READ ONLY transaction; on SQLite a second, read-only connection in one read transaction.
   * For reads that walk many pages and must add up (the proof of liabilities).
   */
  readSnapshot<T>(read: (db: Kysely<Database>) => Promise<T>): Promise<T>
  /** The PostgreSQL pool's connections (the metrics' pool use); absent on SQLite. */
  poolUse?(): PoolUse
  close(): Promise<void>
}

/**
 * One parameterised statement on a pooled connection, prepared once per connection like every
 * statement Kysely sends here: the rows it answered. Kysely's executor costs a spin's plain path
 * more CPU than the statement's own driver work.
 */
export interface DirectPostgres {
  query<Row>(text: string, values: readonly unknown[]): Promise<Row[]>
}

export interface PoolUse {
  max: number
  total: number
  idle: number
  waiting: number
}

export interface DatabaseOptions {
  /** PostgreSQL connection URL; when absent the SQLite file is used. */
  url?: string | undefined
  /** Directory of the SQLite file. */
  dataDir?: string
  /** SQLite's page cache for the writer's connection, in MiB (SQLITE_CACHE_MB). */
  sqliteCacheMb?: number
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  schema?: string
  poolSize?: number
  /** A streaming replica of `url` for the read pool (PostgreSQL only). */
  replicaUrl?: string | undefined
  /** Reads go to the primary while the replica is further behind than this. */
  replicaMaxLagSeconds?: number
}

const INT8_OID = 20
const NUMERIC_OID = 1700

// BIGINT and NUMERIC come back from pg as strings; money and times fit a safe integer, and
// anything that does not is a bug we want to hear about.
function toSafeInteger(text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value)) throw new RangeError(`database integer out of safe range: ${text}`)
  return value
}

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return toSafeInteger
    return pg.types.getTypeParser(oid, format)
  },
}

/** Statements a connection keeps prepared at most; past that, new texts are parsed per call. */
const PREPARED_PER_CONNECTION = 500

/**
 * A pg client that prepares each parameterised statement once per connection (a named statement
 * per distinct text): the same spin statements then skip PostgreSQL's parse and plan on every
 * call after the first. Statements without parameters (begin, commit, DDL, several statements in
 * one text) stay on the simple protocol. A table changed under a prepared `select *` (a migration
 * run by another instance during a rolling deploy) fails that statement once with "cached plan
 * must not change result type"; the connection then prepares everything afresh under new names.
 */
class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>()
  #generation = 0
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded; this only names its first argument.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
      let name = this.#names.get(config)
      if (name === undefined && this.#names.size < PREPARED_PER_CONNECTION) {
        name = `jl${this.#generation}_${this.#names.size}`
        this.#names.set(config, name)
      }
      if (name !== undefined) {
        return (super.query({ name, text: config, values }) as Promise<unknown>).catch((error: unknown) => {
          if (isStalePlan(error)) this.#forgetPrepared()
          throw error
        })
      }
    }
    return super.query(config, values, callback)
  }

  #forgetPrepared() {
    this.#names.clear()
    this.#generation++
  }
}

/** The replica's pool (as the primary's: same schema, same types, statements prepared) and the read pool over it. */
function openReplica(options: DatabaseOptions, url: string, primary: pg.Pool) {
  const replica = new pg.Pool({
    connectionString: url,
    application_name: 'jogo-limpo-reads',
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    Client: PreparingClient,
    max: options.poolSize ?? 16,
    // A replica that does not answer must not hold a report up for long: its reads go to the primary.
    connectionTimeoutMillis: 2000,
    types: pgTypes as pg.CustomTypesConfig,
  })
  replica.on('error', () => {})
  replica.on('connect', (client) => {
    client.on('error', () => {})
  })
  return openReadPool({
    replica,
    primary,
    maxLagSeconds: options.replicaMaxLagSeconds ?? 10,
  })
}

function isStalePlan(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  return code === '0A000' && /cached plan must not change result type/.test(message ?? '')
}

export function openDatabase(options: DatabaseOptions): Db {
  if (options.url) {
    const connection = {
      connectionString: options.url,
      // What pg_stat_activity shows for every connection, unless the URL names its own
      // (`?application_name=…`: an instance, or a test finding its own connections).
      application_name: 'jogo-limpo',
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    }
    const pool = new pg.Pool({
      ...connection,
      Client: PreparingClient,
      max: options.poolSize ?? 16,
      types: pgTypes as pg.CustomTypesConfig,
    })
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on next use.
    pool.on('error', () => {})
    // pg-pool listens for errors only on idle clients: one dropped while checked out (a request's
    // transaction, a backend terminated, a failover) would emit 'error' with no listener and end
    // the process. Every client listens for its whole life; the query in flight fails with the
    // error (the request answers `service_unavailable`), and the pool discards the dead client
    // when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {})
    })
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    const reads = options.replicaUrl ? openReplica(options, options.replicaUrl, pool) : null
    const listen = (channel: string, onNotify: (payload?: string) => void) =>
      keepListening({ newClient: () => new pg.Client(connection), channel, onNotify })
    return {
      kysely,
      reads: reads?.kysely ?? kysely,
      ...(reads ? { replica: reads.replica } : {}),
      engine: 'postgres',
      ...(options.schema ? { schema: options.schema } : {}),
      listen,
      readSnapshot: (read) =>
        kysely
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute(async (trx) => {
            await sql`set transaction read only`.execute(trx)
            return read(trx)
          }),
      postgres: {
        async query<Row>(text: string, values: readonly unknown[]) {
          const client = await pool.connect()
          try {
            return (await client.query(text, values as unknown[])).rows as Row[]
          } finally {
            client.release()
          }
        },
      },
      poolUse: () => ({
        max: pool.options.max ?? 0,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: async () => {
        await reads?.close()
        await kysely.destroy()
      },
    }
  }
  const dataDir = options.dataDir ?? './data'
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const file = path.join(dataDir, 'jogo-limpo.sqlite')
  // SQLite makes -wal and -shm with the database file's own mode.
  privateFile(file)
  const dialect = new NodeSqliteDialect(file, options.sqliteCacheMb)
  const kysely = new Kysely<Database>({ dialect })
  return {
    kysely,
    reads: kysely,
    engine: 'sqlite',
    listen: async () => async () => {},
    sqliteTime: () => ({ ...dialect.time }),
    sqlite: dialect.direct,
    readSnapshot: (read) => dialect.readSnapshot(read),
    close: () => kysely.destroy(),
  }
}
