// Backups of a seeded year (npm run seed:year), timed, and the restore checked: the app's own
// backup (server/db/backup.ts: SQLite's online backup API; PostgreSQL's pg_dump, custom format)
// written while the database is open, then restored next to it (SQLite: the copy opened as a
// database of its own; PostgreSQL: pg_restore into a new database), and on the restored copy the
// ledger's audit (conservation: the balances sum to zero, each account is its transfers) and the
// transparency chain recomputed from its frozen days. On PostgreSQL also the physical backup: the
// year loaded into a cluster of its own (the shared server allows no replication connection, and
// a base backup copies a whole cluster), a base backup of it taken with pg_basebackup, and that
// copy started as a server of its own — the restore — and checked the same way. Prints times,
// sizes and the load average.
//
//   npm run bench:year-backup -- --sqlite /work/data-year/sqlite --dir /work/data-year/backups
//   npm run bench:year-backup -- --postgres postgres://postgres@127.0.0.1:5432/year_full --dir …
// (restored beside it: SQLite: the app's restore into a folder of its own.)
// --in-place (SQLite): the backup file itself moved into that folder and opened, not copied again.
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { verifyChain } from '../contract/transparency-chain.ts'
import { backupDatabase, restoreDatabase, SQLITE_FILE } from '../server/db/backup.ts'
import { type Db, openDatabase } from '../server/db/database.ts'
import { createTemporaryDatabase } from '../server/db/temporary-database.ts'
import { auditLedger } from '../server/ledger/audit.ts'
import { replicaUnavailable, startFromBaseBackup, startPrimary } from '../tests/support/pg-replica.ts'
import { cliArgs } from './cli-args.ts'

const usage =
  'usage: npm run bench:year-backup -- (--sqlite <dir> | --postgres <url>) --dir <backups dir> [--keep] [--in-place]'
const { values } = cliArgs(
  {
    options: {
      sqlite: { type: 'string' },
      postgres: { type: 'string' },
      dir: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'in-place': { type: 'boolean', default: false },
    },
  },
  usage,
)
if (!values.sqlite === !values.postgres || !values.dir) {
  console.error(usage)
  process.exit(2)
}
const dir = values.dir
mkdirSync(dir, { recursive: true })
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now()
  const result = await work()
  return { result, seconds: (performance.now() - started) / 1000 }
}

async function check(db: Db) {
  const audit = await timed(() => auditLedger(db.kysely))
  const rows = await db.kysely
    .selectFrom('transparency_snapshots')
    .select(['day', 'previous_hash', 'hash', 'figures'])
    .orderBy('day')
    .execute()
  const chain = verifyChain(
    rows.map((row) => ({
      day: row.day,
      previousHash: row.previous_hash,
      hash: row.hash,
      figures: JSON.parse(row.figures),
    })),
  )
  console.log(
    `restored copy: ledger audit ${audit.result.ok ? 'passes' : 'FAILS'} (${audit.result.transfers} transfers, sum of balances ${audit.result.sumOfBalances}, ${audit.result.mismatchedAccounts.length} accounts off) in ${audit.seconds.toFixed(1)} s; transparency chain ${chain.ok ? `verified over ${chain.days} days` : `FAILS at ${chain.day} (${chain.problem})`}; load ${loadAverage()}`,
  )
  return audit.result.ok && chain.ok
}

console.log(`backup of the year on ${values.postgres ? 'postgres' : 'sqlite'}; load ${loadAverage()}`)
const target = values.postgres ? { databaseUrl: values.postgres, dataDir: dir } : { dataDir: values.sqlite as string }
// The database stays open (a connection on it) while it is copied: an online backup.
const live = values.postgres
  ? openDatabase({ url: values.postgres })
  : openDatabase({ dataDir: values.sqlite as string })
await live.kysely.selectFrom('players').select('id').limit(1).execute()
const backup = await timed(() => backupDatabase(target, dir))
const size = statSync(backup.result).size / 1024 / 1024
console.log(
  `backup written: ${backup.result}, ${size.toFixed(0)} MB in ${backup.seconds.toFixed(1)} s; load ${loadAverage()}`,
)
await live.close()

/** The physical backup of a cluster holding the year: pg_basebackup, then the copy started and checked. */
async function baseBackup(dump: string): Promise<boolean> {
  const unavailable = replicaUnavailable()
  if (unavailable) {
    console.log(`base backup not measured: ${unavailable}`)
    return true
  }
  const primary = await startPrimary()
  let restored: Awaited<ReturnType<typeof startFromBaseBackup>> | undefined
  try {
    const admin = openDatabase({ url: primary.url })
    await admin.kysely.executeQuery(sql`create database year`.compile(admin.kysely))
    await admin.close()
    const yearUrl = primary.url.replace(/\/postgres$/, '/year')
    const loading = await timed(() => restoreDatabase({ databaseUrl: yearUrl, dataDir: dir }, dump))
    console.log(
      `the year loaded into a cluster of its own (pg_restore) in ${loading.seconds.toFixed(1)} s; load ${loadAverage()}`,
    )
    restored = await startFromBaseBackup(primary.url, 'restore')
    console.log(
      `base backup (pg_basebackup, WAL streamed): ${(restored.bytes / 1024 / 1024).toFixed(0)} MB in ${restored.backupSeconds.toFixed(1)} s; the copy started as a server of its own (the restore) in ${restored.startSeconds.toFixed(1)} s; load ${loadAverage()}`,
    )
    const db = openDatabase({ url: restored.server.urlFor(yearUrl) })
    const ok = await check(db)
    await db.close()
    return ok
  } finally {
    await restored?.server.remove()
    await primary.remove()
  }
}

let ok: boolean
if (values.postgres) {
  const copy = await createTemporaryDatabase(values.postgres, 'year_restore')
  try {
    const restore = await timed(() => restoreDatabase({ databaseUrl: copy.url, dataDir: dir }, backup.result))
    console.log(`pg_restore into a new database in ${restore.seconds.toFixed(1)} s; load ${loadAverage()}`)
    const db = openDatabase({ url: copy.url })
    ok = await check(db)
    await db.close()
  } finally {
    if (!values.keep) await copy.drop()
  }
  ok = (await baseBackup(backup.result)) && ok
} else {
  const restoredDir = path.join(dir, 'restored')
  mkdirSync(restoredDir, { recursive: true })
  if (values['in-place']) {
    // A disk with room for two copies of the year, not three: the backup file itself is moved
    // into a folder of its own and opened there as the database (the app's restore would copy
    // it again through the backup API; that copy's time is not measured then).
    renameSync(backup.result, path.join(restoredDir, SQLITE_FILE))
    console.log(`the backup moved into a folder of its own to be opened as the database; load ${loadAverage()}`)
  } else {
    const restore = await timed(() => restoreDatabase({ dataDir: restoredDir }, backup.result))
    console.log(
      `restored (the app's restore: SQLite's backup API back into place) in ${restore.seconds.toFixed(1)} s; load ${loadAverage()}`,
    )
  }
  const db = openDatabase({ dataDir: restoredDir })
  ok = await check(db)
  await db.close()
  if (!values.keep) rmSync(restoredDir, { recursive: true, force: true })
}
if (!values.keep) rmSync(backup.result, { force: true })
process.exitCode = ok ? 0 : 1
