// The integers from..to as a one-column table (`i`), made by the database itself, for benches and
// seeds that write rows with `insert … select` so that no row passes through the process.
import { type RawBuilder, sql } from 'kysely'

export function integerSeries(engine: 'sqlite' | 'postgres', from: number, to: number): RawBuilder<unknown> {
  return engine === 'postgres'
    ? sql`select i from generate_series(${from}::int, ${to}::int) as i`
    : sql`select i from (with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to}) select i from n)`
}
