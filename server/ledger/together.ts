// Several statements of a caller's own tables read (or written with `returning`) together inside
// a ledger transaction (`LedgerTx.readTogether`): on PostgreSQL one statement, each query a WITH
// part, so they cost one round trip; on SQLite one after another.
import { type Compilable, CompiledQuery, type Transaction } from 'kysely'
import type { Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'

/** `queries` read together on either engine; rows come as plain values (bigint as number). */
export async function readTogether<K extends string>(
  engine: Engine,
  trx: Transaction<Database>,
  queries: Record<K, Compilable>,
): Promise<Record<K, Record<string, unknown>[]>> {
  if (engine === 'postgres') return readTogetherPostgres(trx, queries)
  const rows = {} as Record<K, Record<string, unknown>[]>
  for (const name of Object.keys(queries) as K[])
    rows[name] = (await trx.executeQuery(queries[name].compile())).rows as never
  return rows
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
export async function readTogetherPostgres<K extends string>(
  trx: Transaction<Database>,
  queries: Record<K, Compilable>,
): Promise<Record<K, Record<string, unknown>[]>> {
  const names = Object.keys(queries) as K[]
  const rows = {} as Record<K, Record<string, unknown>[]>
  if (names.length === 0) return rows
  const parameters: unknown[] = []
  const parts = names.map((name, i) => `r${i} as (${renumbered(queries[name].compile(), parameters)})`)
  const selects = names.map((_, i) => `(select coalesce(json_agg(r${i}), '[]'::json) from r${i}) as r${i}`)
  const text = `with ${parts.join(',\n')}\nselect ${selects.join(', ')}`
  const {
    rows: [row],
  } = await trx.executeQuery<Record<string, Record<string, unknown>[]>>(CompiledQuery.raw(text, parameters))
  names.forEach((name, i) => {
    rows[name] = row?.[`r${i}`] ?? []
  })
  return rows
}
