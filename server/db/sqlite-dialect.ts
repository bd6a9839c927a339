// Kysely over Node's built-in `node:sqlite`: WAL, synchronous=FULL, a busy timeout, and
// `BEGIN IMMEDIATE` for transactions so a read-then-write transaction takes the write lock up
// front instead of failing with SQLITE_BUSY_SNAPSHOT under concurrency.
import { performance } from 'node:perf_hooks'
import { DatabaseSync } from 'node:sqlite'
import { Worker } from 'node:worker_threads'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
  sql,
} from 'kysely'
import type { Database } from './schema.ts'

// Preparing is a large share of a short statement's cost; Kysely sends the same SQL text over
// and over, so prepared statements are kept by their text.
const STATEMENT_CACHE_SIZE = 500

// Copying the WAL back into the database (a checkpoint) writes and fsyncs many pages. Left to
// SQLite it runs inside whichever commit crosses 1000 pages — on the event loop, since node:sqlite
// is synchronous, holding every request meanwhile. A worker thread with its own connection runs
// it instead, every CHECKPOINT_EVERY_MS, without blocking writers (PASSIVE); the automatic one
// stays as a backstop at a much larger WAL. Durability is unchanged: each commit still fsyncs
// the WAL (synchronous = FULL).
const CHECKPOINT_EVERY_MS = 250
const BACKSTOP_CHECKPOINT_PAGES = 50_000
// The writer's page cache (SQLITE_CACHE_MB). SQLite's default, 2 MiB, holds a small file whole; the
// tables a spin inserts into are keyed by random ids, so on a large file each insert lands on a
// page the cache no longer holds.
const DEFAULT_CACHE_MB = 64
const checkpointer = `
  const { DatabaseSync } = require('node:sqlite')
  const { workerData } = require('node:worker_threads')
  const db = new DatabaseSync(workerData.file, { timeout: 5000 })
  setInterval(() => {
    try { db.exec('PRAGMA wal_checkpoint(PASSIVE)') } catch {}
  }, workerData.every)
`

/**
 * Seconds the event loop has spent inside SQLite since the process started, by what it ran:
 * reads (`select`), writes (every other statement but the commit) and commits (the WAL's pages
 * written and fsynced). SQLite has one writer, so writes and commits are the part no second
 * thread could take over.
 */
export type SqliteTime = { read: number; write: number; commit: number }

type StatementKind = keyof SqliteTime

function kindOf(sql: string): StatementKind {
  const head = sql.trimStart().slice(0, 6).toLowerCase()
  return head === 'select' ? 'read' : head === 'commit' ? 'commit' : 'write'
}

/** A statement prepared once and run directly on the connection, timed like Kysely's. */
export interface DirectStatement {
  get(...parameters: SqliteValue[]): Record<string, SqliteValue> | undefined
  all(...parameters: SqliteValue[]): Record<string, SqliteValue>[]
  run(...parameters: SqliteValue[]): number
}

export type SqliteValue = string | number | null

/**
 * Statements run on Kysely's own connection without Kysely: for a hot path whose statements
 * are a fixed sequence (the spin). node:sqlite is synchronous, so run inside a transaction's
 * callback (which holds the connection) they are part of that transaction.
 */
export interface DirectSqlite {
  prepare(sql: string): DirectStatement
}

export class NodeSqliteDatabase implements SqliteDatabase {
  readonly raw: DatabaseSync
  readonly #statements = new Map<string, SqliteStatement>()
  readonly #checkpointer: Worker | undefined
  readonly #time: SqliteTime
  constructor(file: string, time: SqliteTime, readOnly = false, cacheMb = DEFAULT_CACHE_MB) {
    this.#time = time
    this.raw = new DatabaseSync(file, { timeout: 5000, readOnly })
    // A reader (a snapshot) leaves the file's settings and its checkpoints to the writer's connection.
    if (readOnly) return
    this.raw.exec('PRAGMA journal_mode = WAL')
    this.raw.exec('PRAGMA synchronous = FULL')
    this.raw.exec('PRAGMA foreign_keys = ON')
    this.raw.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`)
    // Negative: KiB, not pages.
    this.raw.exec(`PRAGMA cache_size = -${Math.round(cacheMb * 1024)}`)
    this.#checkpointer = new Worker(checkpointer, { eval: true, workerData: { file, every: CHECKPOINT_EVERY_MS } })
    this.#checkpointer.unref()
  }
  close(): void {
    void this.#checkpointer?.terminate()
    this.raw.close()
  }
  readonly #direct = new Map<string, DirectStatement>()

  /** Prepared at first use and kept for the process's life (a fixed set of texts). */
  prepareDirect(sql: string): DirectStatement {
    const cached = this.#direct.get(sql)
    if (cached) return cached
    const stmt = this.raw.prepare(sql)
    const time = this.#time
    const kind = kindOf(sql)
    const direct: DirectStatement = {
      get: (...parameters) => {
        const started = performance.now()
        try {
          return stmt.get(...parameters) as Record<string, SqliteValue> | undefined
        } finally {
          time[kind] += (performance.now() - started) / 1000
        }
      },
      all: (...parameters) => {
        const started = performance.now()
        try {
          return stmt.all(...parameters) as Record<string, SqliteValue>[]
        } finally {
          time[kind] += (performance.now() - started) / 1000
        }
      },
      run: (...parameters) => {
        const started = performance.now()
        try {
          return Number(stmt.run(...parameters).changes)
        } finally {
          time[kind] += (performance.now() - started) / 1000
        }
      },
    }
    this.#direct.set(sql, direct)
    return direct
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql)
    if (cached) return cached
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear()
    const statement = this.#prepare(sql)
    this.#statements.set(sql, statement)
    return statement
  }

  #prepare(sql: string): SqliteStatement {
    const stmt = this.raw.prepare(sql)
    // The leading {} is the named-parameters slot; without it a Date first parameter is
    // silently bound as NULL.
    const params = (parameters: ReadonlyArray<unknown>) => parameters as never[]
    const time = this.#time
    const kind = kindOf(sql)
    const timed = <T>(call: () => T): T => {
      const started = performance.now()
      try {
        return call()
      } finally {
        time[kind] += (performance.now() - started) / 1000
      }
    }
    return {
      reader: stmt.columns().length > 0,
      all: (parameters) => timed(() => stmt.all({}, ...params(parameters))),
      run: (parameters) => timed(() => stmt.run({}, ...params(parameters))),
      // Rows are read as the caller pulls them, outside this call: not counted.
      iterate: (parameters) => stmt.iterate({}, ...params(parameters)) as IterableIterator<unknown>,
    }
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #file: string
  /** The event loop's time inside SQLite, for the metrics (`jogolimpo_sqlite_seconds_total`). */
  readonly time: SqliteTime
  #database: NodeSqliteDatabase | undefined
  readonly #cacheMb: number
  constructor(file: string, cacheMb = DEFAULT_CACHE_MB) {
    const time: SqliteTime = { read: 0, write: 0, commit: 0 }
    super({ database: () => Promise.resolve(new NodeSqliteDatabase(file, time)) })
    this.#file = file
    this.#cacheMb = cacheMb
    this.time = time
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({
      database: async () => {
        this.#database = new NodeSqliteDatabase(this.#file, this.time, false, this.#cacheMb)
        return this.#database
      },
    })
  }
  /**
   * Runs `read` on one consistent snapshot of the file: a second, read-only connection inside one
   * read transaction. WAL keeps that snapshot's pages for it while the writer's connection goes on
   * committing, so a long read holds no lock a spin waits for.
   */
  async readSnapshot<T>(read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    const time = this.time
    const file = this.#file
    const reader = new Kysely<Database>({
      dialect: new SqliteDialect({ database: () => Promise.resolve(new NodeSqliteDatabase(file, time, true)) }),
    })
    try {
      await sql`begin`.execute(reader)
      // A deferred transaction takes its snapshot at its first read, not at BEGIN.
      await sql`select 1 from sqlite_schema limit 1`.execute(reader)
      try {
        return await read(reader)
      } finally {
        await sql`commit`.execute(reader)
      }
    } finally {
      await reader.destroy()
    }
  }
  /** Kysely's connection for direct statements (`DirectSqlite`); opened by Kysely's first query. */
  readonly direct: DirectSqlite = {
    prepare: (sql) => {
      if (!this.#database) throw new Error('sqlite: direct statement before the connection opened')
      return this.#database.prepareDirect(sql)
    },
  }
}
