// Several statements of a caller's own tables read (or written with `returning`) together inside
// a ledger transaction (`LedgerTx.readTogether`): on PostgreSQL one statement, each query a WITH
// part, so they cost one round trip; on SQLite one after another.
import { type Compilable, CompiledQuery, type Transaction } from 'kysely'
import type { Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'

/** Queries to run together, by a name the caller picks. */
export type Queries = Record<string, Compilable<unknown>>

/** Each query's rows under its name, typed as the query's own rows. */
export type RowsOf<Q extends Queries> = { [K in keyof Q]: Q[K] extends Compilable<infer R> ? R[] : never }

/** `queries` read together on either engine; rows come as plain values (bigint as number). */
export async function readTogether<Q extends Queries>(
  engine: Engine,
  trx: Transaction<Database>,
  queries: Q,
): Promise<RowsOf<Q>> {
  if (engine === 'postgres') return readTogetherPostgres(trx, queries)
  const rows: Record<string, unknown[]> = {}
  for (const [name, query] of Object.entries(queries)) rows[name] = (await trx.executeQuery(query.compile())).rows
  return rows as RowsOf<Q>
}

/** A compiled PostgreSQL query's text with its $n moved past the parameters already taken; takes its own. */
export function renumbered(query: CompiledQuery, parameters: unknown[]): string {
  const offset = parameters.length
  parameters.push(...query.parameters)
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)
}

/**
 * PostgreSQL: several queries in one statement, each a WITH part (an update with `returning`
 * may be one), their rows answered as JSON — plain values, bigint as number.
 */
export async function readTogetherPostgres<Q extends Queries>(
  trx: Transaction<Database>,
  queries: Q,
): Promise<RowsOf<Q>> {
  const names = Object.keys(queries)
  const rows: Record<string, unknown[]> = {}
  if (names.length === 0) return rows as RowsOf<Q>
  const parameters: unknown[] = []
  const parts = Object.values(queries).map((query, i) => `r${i} as (${renumbered(query.compile(), parameters)})`)
  const selects = names.map((_, i) => `(select coalesce(json_agg(r${i}), '[]'::json) from r${i}) as r${i}`)
  const text = `with ${parts.join(',\n')}\nselect ${selects.join(', ')}`
  const {
    rows: [row],
  } = await trx.executeQuery<Record<string, unknown[]>>(CompiledQuery.raw(text, parameters))
  names.forEach((name, i) => {
    rows[name] = row?.[`r${i}`] ?? []
  })
  return rows as RowsOf<Q>
}
