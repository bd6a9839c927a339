// Bulk rows into either engine, a chunk per transaction: on SQLite prepared multi-row INSERTs
// on the app's own connection; on PostgreSQL one INSERT … SELECT FROM unnest(arrays) per table
// and chunk (a handful of parameters however many rows: the server parses it once, close to
// COPY without a COPY client). Used by the year's seed, which writes millions of rows.
import { sql } from 'kysely'
import type { Db } from '../../server/db/database.ts'
import type { SqliteValue } from '../../server/db/sqlite-dialect.ts'

/** A column's PostgreSQL array type for unnest (SQLite needs none). */
export type ColumnType = 'text' | 'int8' | 'int4'
export type Columns = Record<string, ColumnType>
export type Value = string | number | null

/** SQLite takes at most 32 766 bound values a statement. */
const SQLITE_VALUES = 32_000

export class BulkWriter {
  readonly #db: Db
  readonly #tables = new Map<string, { columns: string[]; types: ColumnType[]; rows: Value[][] }>()
  #rows = 0
  constructor(db: Db) {
    this.#db = db
  }

  /** Declares a table's columns in the order `add` gives values. */
  table(name: string, columns: Columns) {
    this.#tables.set(name, { columns: Object.keys(columns), types: Object.values(columns), rows: [] })
  }

  add(table: string, row: Value[]) {
    const t = this.#tables.get(table)
    if (!t) throw new Error(`bulk: undeclared table ${table}`)
    t.rows.push(row)
    this.#rows++
  }

  /** The declared tables, in the order they are written. */
  get tableNames(): string[] {
    return [...this.#tables.keys()]
  }

  /** Rows waiting for the next flush. */
  get pending() {
    return this.#rows
  }

  /** Writes every waiting row in one transaction, tables in the order they were declared. */
  async flush(): Promise<void> {
    if (this.#rows === 0) return
    if (this.#db.engine === 'sqlite') this.#flushSqlite()
    else await this.#flushPostgres()
    for (const t of this.#tables.values()) t.rows = []
    this.#rows = 0
  }

  #flushSqlite() {
    const direct = this.#db.sqlite
    if (!direct) throw new Error('bulk: no direct SQLite connection (run one Kysely query first)')
    direct.prepare('begin immediate').run()
    try {
      for (const [name, t] of this.#tables) {
        if (t.rows.length === 0) continue
        const per = Math.floor(SQLITE_VALUES / t.columns.length)
        const one = `(${t.columns.map(() => '?').join(',')})`
        const text = (n: number) =>
          `insert into ${name} (${t.columns.join(',')}) values ${Array(n).fill(one).join(',')}`
        // Statements of a few sizes only (the connection keeps each prepared): full ones, then the
        // rest in powers of two.
        let i = 0
        for (let size = per; i < t.rows.length; ) {
          if (t.rows.length - i < size) {
            size = 2 ** Math.floor(Math.log2(t.rows.length - i))
            continue
          }
          direct.prepare(text(size)).run(...(t.rows.slice(i, i + size).flat() as SqliteValue[]))
          i += size
        }
      }
      direct.prepare('commit').run()
    } catch (error) {
      direct.prepare('rollback').run()
      throw error
    }
  }

  async #flushPostgres() {
    await this.#db.kysely.transaction().execute(async (trx) => {
      for (const [name, t] of this.#tables) {
        if (t.rows.length === 0) continue
        const arrays = t.columns.map((_, c) => t.rows.map((row) => row[c] ?? null))
        const unnest = sql.join(arrays.map((values, c) => sql`${values}::${sql.raw(t.types[c] as string)}[]`))
        await sql`insert into ${sql.table(name)} (${sql.join(t.columns.map((c) => sql.ref(c)))}) select * from unnest(${unnest})`.execute(
          trx,
        )
      }
    })
  }
}
