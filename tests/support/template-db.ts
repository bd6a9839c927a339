// The latest schema, migrated once and copied for each test: a test's fresh database is a copy of
// a template instead of every migration run again. SQLite: one migrated file per test file (VACUUM
// INTO), copied. PostgreSQL: one template database per set of migrations (its name carries their hash,
// so a changed migration makes a new one), made by the first test process that needs it under an
// advisory lock, and copied by `create database … template`. Each copy's schema is renamed to the
// copy's own name, so a test still finds its connections by that name.
import { createHash } from 'node:crypto'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { type Db, openDatabase } from '../../server/db/database.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'

const SQLITE_FILE = 'jogo-limpo.sqlite'
const TEMPLATE_SCHEMA = 'jl_template'
/** Taken while a template database is made, so two test processes never make it twice. */
const TEMPLATE_LOCK = 730517

/** What the migrations are: the template made from them is reused only while they are the same. */
function migrationsHash(): string {
  const dbDir = path.resolve(import.meta.dirname, '../../server/db')
  const hash = createHash('sha256').update(readFileSync(path.join(dbDir, 'migrate.ts')))
  const folder = path.join(dbDir, 'migrations')
  for (const name of readdirSync(folder).sort()) hash.update(name).update(readFileSync(path.join(folder, name)))
  return hash.digest('hex').slice(0, 16)
}

let sqliteTemplate: Promise<string> | undefined

/** A new SQLite database in `dataDir`, a copy of this process's migrated template file. */
export async function copySqliteTemplate(dataDir: string): Promise<void> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-template-'))
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    const db = openDatabase({ dataDir: dir })
    await migrateToLatest(db)
    // The whole database written out as one file by SQLite itself: a checkpoint can come back
    // busy (the checkpointer thread's own connection may be in the WAL), VACUUM INTO cannot miss a page.
    const template = path.join(dir, 'template.sqlite')
    await sql`vacuum into ${sql.lit(template)}`.execute(db.kysely)
    await db.close()
    return template
  })()
  copyFileSync(await sqliteTemplate, path.join(dataDir, SQLITE_FILE))
}

async function query(url: string, statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(statement, values)).rows
  } finally {
    await client.end()
  }
}

function databaseUrl(baseUrl: string, name: string, applicationName?: string): string {
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  if (applicationName) url.searchParams.set('application_name', applicationName)
  return url.toString()
}

let postgresTemplate: Promise<string> | undefined

/** The template database for today's migrations, made first if no test process has made it. */
function templateDatabase(baseUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `jl_template_${migrationsHash()}`
    const lock = new pg.Client({ connectionString: baseUrl })
    await lock.connect()
    try {
      await lock.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK])
      const found = await lock.query('select 1 from pg_database where datname = $1', [name])
      if (found.rowCount === 0) {
        // Made under another name and renamed when whole: a process killed half-way leaves no template.
        const building = `${name}_building`
        await lock.query(`drop database if exists ${building} with (force)`)
        await lock.query(`create database ${building}`)
        await query(databaseUrl(baseUrl, building), `create schema ${TEMPLATE_SCHEMA}`)
        const db = openDatabase({ url: databaseUrl(baseUrl, building), schema: TEMPLATE_SCHEMA })
        try {
          await migrateToLatest(db)
        } finally {
          await db.close()
        }
        await lock.query(`alter database ${building} rename to ${name}`)
      }
      return name
    } finally {
      await lock.end() // ending the session releases the lock
    }
  })()
  return postgresTemplate
}

export interface PostgresCopy {
  db: Db
  /** The copy's own database (its schema and connections' application_name are `name`). */
  url: string
  drop(): Promise<void>
}

/** A new PostgreSQL database `name`, a copy of the template, its schema renamed to `name`. */
export async function copyPostgresTemplate(baseUrl: string, name: string, poolSize: number): Promise<PostgresCopy> {
  const template = await templateDatabase(baseUrl)
  await query(baseUrl, `create database ${name} template ${template}`)
  const url = databaseUrl(baseUrl, name, name)
  await query(url, `alter schema ${TEMPLATE_SCHEMA} rename to ${name}`)
  const db = openDatabase({ url, schema: name, poolSize })
  return {
    db,
    url,
    drop: async () => {
      await db.close()
      await query(baseUrl, `drop database ${name} with (force)`)
    },
  }
}
