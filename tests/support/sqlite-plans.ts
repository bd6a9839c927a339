// The plans SQLite makes for the statements code really sends: a Kysely on a SQLite file that
// records each query it runs, then each recorded query planned on a read-only connection
// (`explain query plan`), one detail line per step. Used by the tests that pin a read's index.
import { DatabaseSync } from 'node:sqlite'
import { Kysely } from 'kysely'
import type { Database } from '../../server/db/schema.ts'
import { NodeSqliteDialect } from '../../server/db/sqlite-dialect.ts'

export interface RecordedQuery {
  sql: string
  parameters: readonly unknown[]
}

/** A Kysely on `file` whose queries are pushed to `read` as they run. */
export function recordingSqlite(file: string, read: RecordedQuery[]): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new NodeSqliteDialect(file),
    log: (event) => {
      if (event.level === 'query') read.push(event.query)
    },
  })
}

/** Each query's plan, step by step. */
export function sqlitePlans(file: string, queries: readonly RecordedQuery[]): string[][] {
  const raw = new DatabaseSync(file, { readOnly: true })
  try {
    return queries.map((query) =>
      raw
        .prepare(`explain query plan ${query.sql}`)
        .all(...(query.parameters as never[]))
        .map((row) => String(row.detail)),
    )
  } finally {
    raw.close()
  }
}
