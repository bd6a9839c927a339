// The secondary indexes of the tables a bulk load fills, dropped before the load and made again
// after it: one sort per index at the end instead of a random B-tree insert per row (on a year's
// tens of millions of rows the inserts, not the rows, are most of the time). The schema ends as
// the migrations left it — the same index definitions, read back from the catalog, and a unique
// index made again refuses the load if the rows broke it. Primary keys and indexes that back a
// constraint stay (they are the table's identity, and the catalog would not let them go).
import { sql } from 'kysely'
import type { Db } from '../../server/db/database.ts'

export interface IndexDefinition {
  name: string
  /** The statement that makes it, as the catalog keeps it. */
  statement: string
}

/** The droppable secondary indexes of these tables, by name. */
export async function secondaryIndexes(db: Db, tables: readonly string[]): Promise<IndexDefinition[]> {
  if (db.engine === 'postgres') {
    const found = await sql<IndexDefinition>`
      select i.indexname as name, i.indexdef as statement
      from pg_indexes i
      where i.schemaname = current_schema()
        and i.tablename = any(${[...tables]}::text[])
        and not exists (
          select 1 from pg_constraint c join pg_class ic on ic.oid = c.conindid
          where ic.relname = i.indexname
        )
      order by i.indexname`.execute(db.kysely)
    return found.rows
  }
  // SQLite's own indexes for a UNIQUE or PRIMARY KEY clause have no statement and cannot be dropped.
  const found = await sql<IndexDefinition>`
    select name, sql as statement from sqlite_master
    where type = 'index' and sql is not null
      and tbl_name in (${sql.join([...tables])})
    order by name`.execute(db.kysely)
  return found.rows
}

/** Drops the tables' secondary indexes and returns what makes them again. */
export async function deferIndexes(db: Db, tables: readonly string[]): Promise<IndexDefinition[]> {
  const indexes = await secondaryIndexes(db, tables)
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db.kysely)
  return indexes
}

/** Makes the deferred indexes again, each from its own statement. */
export async function restoreIndexes(db: Db, indexes: readonly IndexDefinition[]): Promise<void> {
  // A partitioned table's own index reads "ON ONLY" in the catalog; made again it must reach its partitions.
  for (const index of indexes) await sql.raw(index.statement.replace(' ON ONLY ', ' ON ')).execute(db.kysely)
}
