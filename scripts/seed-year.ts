// Writes a year of play (scripts/year/seed.ts) into a new database: a SQLite file in the given
// directory, or a PostgreSQL database created at the given URL. Migrates it first, then seeds,
// then prints the time, the rows, the rate, the database's size and its size per million rounds,
// with the load average (a shared machine: the figures move with it).
//
//   npm run seed:year -- --sqlite /work/data-year/sqlite
//   npm run seed:year -- --postgres postgres://postgres@127.0.0.1:5432/year_full
//   npm run seed:year -- --sqlite /tmp/y --players 2000 --rounds 40000
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import pg from 'pg'
import { openDatabase } from '../server/db/database.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { cliArgs } from './cli-args.ts'
import { seedYear } from './year/seed.ts'

const usage =
  'usage: npm run seed:year -- (--sqlite <dir> | --postgres <url of a database to create>) [--players 1000000] [--rounds 20000000]'
const { values } = cliArgs(
  {
    options: {
      sqlite: { type: 'string' },
      postgres: { type: 'string' },
      players: { type: 'string', default: '1000000' },
      rounds: { type: 'string', default: '20000000' },
    },
  },
  usage,
)
if (!values.sqlite === !values.postgres) {
  console.error(usage)
  process.exit(2)
}
const players = Number(values.players)
const rounds = Number(values.rounds)
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')

if (values.postgres) {
  const url = new URL(values.postgres)
  const name = url.pathname.slice(1)
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`)
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
} else if (existsSync(path.join(values.sqlite as string, 'jogo-limpo.sqlite'))) {
  throw new Error(`${values.sqlite} already holds a database`)
} else mkdirSync(values.sqlite as string, { recursive: true })

const db = values.postgres
  ? openDatabase({ url: values.postgres, poolSize: 4 })
  : openDatabase({ dataDir: values.sqlite as string })
await migrateToLatest(db)
await sql`select 1`.execute(db.kysely)
console.log(`seeding ${players} players, ${rounds} rounds on ${db.engine}; load ${load()}`)
const started = performance.now()
const counts = await seedYear(db, {
  players,
  rounds,
  onDay: (day, c) => {
    if (day % 10 === 9 || day === 364) {
      const s = (performance.now() - started) / 1000
      console.log(
        `day ${day + 1}: ${c.rounds} rounds, ${c.transfers} transfers, ${c.deposits} deposits, ${c.withdrawals} withdrawals in ${s.toFixed(0)} s (${Math.round(c.rounds / s)} rounds/s); load ${load()}`,
      )
    }
  },
})
const seconds = (performance.now() - started) / 1000
let bytes: number
if (db.engine === 'postgres') {
  const row = await sql<{ size: string }>`select pg_database_size(current_database()) as size`.execute(db.kysely)
  bytes = Number(row.rows[0]?.size)
} else {
  await sql`pragma wal_checkpoint(truncate)`.execute(db.kysely)
  const dir = values.sqlite as string
  bytes = readdirSync(dir).reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0)
}
await db.close()
const mb = bytes / 1024 / 1024
console.log(
  `seeded on ${db.engine} in ${seconds.toFixed(0)} s: ${JSON.stringify(counts)}; ${Math.round(counts.rounds / seconds)} rounds/s; database ${mb.toFixed(0)} MB (${(mb / (counts.rounds / 1e6)).toFixed(0)} MB per million rounds); load ${load()}`,
)
