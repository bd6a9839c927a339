// The tests' fresh databases are copies of a migrated template (tests/support/template-db.ts):
// a copy must be exactly what the migrations make, on each engine, or every other test would
// run against a schema the product never has.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDb, engines, type TestDb } from '../../tests/support/server.ts'
import { type Db, openDatabase } from './database.ts'
import { pendingMigrations } from './migrate.ts'

/** The schema as the catalog states it, named without the database's own schema name. */
async function schemaOf(db: Db): Promise<string[]> {
  if (db.engine === 'sqlite') {
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master order by type, name`.execute(db.kysely)
    return rows.map((r) => `${r.type} ${r.name} ${r.sql ?? ''}`)
  }
  const { rows } = await sql<{ line: string }>`
    select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line
      from information_schema.columns where table_schema = current_schema()
    union all select replace(indexdef, current_schema() || '.', '') from pg_indexes where schemaname = current_schema()
    union all select event_object_table || ' ' || trigger_name || ' ' || event_manipulation || ' ' || action_statement
      from information_schema.triggers where trigger_schema = current_schema()
    union all select p.proname || ' ' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema()
    union all select 'migration ' || name from kysely_migration
    order by 1`.execute(db.kysely)
  return rows.map((r) => r.line)
}

/** Every migration's name, in order (asked of a database where none has run). */
async function migrationNames(): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-empty-'))
  const db = openDatabase({ dataDir })
  try {
    return await pendingMigrations(db)
  } finally {
    await db.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

describe.each(engines)('the tests’ database template on %s', (engine) => {
  const made: TestDb[] = []
  afterEach(async () => {
    for (const db of made.splice(0)) await db.drop()
  })

  it('copies exactly the schema the migrations make', async () => {
    const copy = await createTestDb(engine)
    // Migrated here, to the last migration, as before templates (the `upTo` path).
    const last = (await migrationNames()).at(-1) as string
    const migrated = await createTestDb(engine, last)
    made.push(copy, migrated)
    const copied = await schemaOf(copy.db)
    expect(copied.length).toBeGreaterThan(100)
    expect(copied).toEqual(await schemaOf(migrated.db))
  })
})
