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
//   npm run bench:year-backup -- --physical --dir /work/year-physical [--players N --rounds N]
// (restored beside it: SQLite: the app's restore into a folder of its own.)
// --in-place (SQLite): the backup file itself moved into that folder and opened, not copied again.
// --physical (PostgreSQL, a disk with room for one year and its compressed backup): the year
// seeded straight into a cluster of its own in --dir, its days frozen, a base backup of it written
// as zstd-compressed archives, the cluster deleted — the disaster the backup is for — and the
// archives unpacked and started as a server of its own, then checked as above. A run that stops
// before the backup replaced the cluster keeps it (stopped); --cluster <its folder> starts from it.
import { spawn } from 'node:child_process'
import { mkdirSync, renameSync, rmSync, statfsSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { verifyChain } from '../contract/transparency-chain.ts'
import { backupDatabase, restoreDatabase, SQLITE_FILE } from '../server/db/backup.ts'
import { type Db, openDatabase } from '../server/db/database.ts'
import { createTemporaryDatabase } from '../server/db/temporary-database.ts'
import { auditLedger } from '../server/ledger/audit.ts'
import {
  type BaseBackupArchive,
  baseBackupArchive,
  replicaUnavailable,
  serverBinariesMissing,
  startFromArchive,
  startFromBaseBackup,
  startPrimary,
} from '../tests/support/pg-replica.ts'
import { buildTestApp } from '../tests/support/server.ts'
import { cliArgs } from './cli-args.ts'

const usage =
  'usage: npm run bench:year-backup -- (--sqlite <dir> | --postgres <url> | --physical [--players N] [--rounds N] [--cluster <kept cluster>]) --dir <backups dir> [--keep] [--in-place]'
const { values } = cliArgs(
  {
    options: {
      sqlite: { type: 'string' },
      postgres: { type: 'string' },
      dir: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'in-place': { type: 'boolean', default: false },
      physical: { type: 'boolean', default: false },
      cluster: { type: 'string' },
      players: { type: 'string', default: '1000000' },
      rounds: { type: 'string', default: '20000000' },
    },
  },
  usage,
)
if ([values.sqlite, values.postgres, values.physical].filter(Boolean).length !== 1 || !values.dir) {
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

/** The app's own backup of the year at --sqlite or --postgres, restored beside it and checked. */
async function logicalBackup(): Promise<boolean> {
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
  return ok
}

/** Free bytes on the disk holding `folder`. */
const freeBytes = (folder: string) => {
  const disk = statfsSync(folder)
  return disk.bavail * disk.bsize
}
const megabytes = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`

/** Stops before a step that would fill the disk: a full disk under PostgreSQL is a crash, not a figure. */
function roomFor(bytes: number, step: string) {
  const free = freeBytes(dir)
  if (free < bytes) throw new Error(`${step} needs about ${megabytes(bytes)} and the disk has ${megabytes(free)} free`)
}

/**
 * The year written straight into a cluster of its own (no second copy through a dump), its due
 * days frozen, a compressed base backup of it taken, the cluster deleted, the archives restored as
 * a server of its own and checked: what an operator whose primary's disk is lost does.
 */
async function physicalBackup(): Promise<boolean> {
  const missing = serverBinariesMissing()
  if (missing) {
    console.log(`base backup not measured: ${missing}`)
    return false
  }
  console.log(`the year in a cluster of its own in ${dir}; ${megabytes(freeBytes(dir))} free; load ${loadAverage()}`)
  // The partitioned year measured 2.8–2.9 GB per million rounds (docs/performance.md).
  if (!values.cluster) roomFor((Number(values.rounds) / 1e6) * 3 * 1024 ** 3, 'the seed')
  // A seed's bulk load: checkpoints spaced by WAL volume, not every few hundred megabytes.
  const primary = await startPrimary({
    under: dir,
    existing: values.cluster,
    config: ['shared_buffers = 1GB', 'max_wal_size = 8GB', 'maintenance_work_mem = 512MB'],
  })
  let archive: BaseBackupArchive | undefined
  let restored: Awaited<ReturnType<typeof startFromArchive>> | undefined
  let originalGone = false
  let seeded = Boolean(values.cluster)
  try {
    const yearUrl = primary.url.replace(/\/postgres$/, '/year')
    if (!values.cluster) {
      const seeding = await timed(
        () =>
          new Promise<void>((resolve, reject) => {
            const seed = spawn(
              process.execPath,
              ['scripts/seed-year.ts', '--postgres', yearUrl, '--players', values.players, '--rounds', values.rounds],
              { stdio: 'inherit' },
            )
            seed.once('error', reject)
            seed.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed:year exited with ${code}`))))
          }),
      )
      console.log(`seeded in ${seeding.seconds.toFixed(1)} s; load ${loadAverage()}`)
      seeded = true
    }
    const db = openDatabase({ url: yearUrl })
    const app = await buildTestApp(db, { HARM_POLL_MS: '0' })
    const freezing = await timed(() => app.transparency.freezeDue())
    await app.close()
    await db.close()
    console.log(`${freezing.result} due days frozen in ${freezing.seconds.toFixed(1)} s; load ${loadAverage()}`)
    const size = await clusterBytes(primary.url)
    // zstd made a seeded year's cluster 4.3 times smaller; a quarter and 2 GB is the room asked.
    roomFor(size / 4 + 2 * 1024 ** 3, 'the base backup')
    archive = await baseBackupArchive(primary.url, dir)
    console.log(
      `base backup (pg_basebackup -F tar --compress=server-zstd, WAL streamed) of a ${megabytes(size)} cluster: ${megabytes(archive.bytes)} in ${archive.seconds.toFixed(1)} s; load ${loadAverage()}`,
    )
    // The restore unpacks the cluster into the room the original leaves: what it needs beyond
    // that is asked before the original goes.
    roomFor(size * 0.02 + 2 * 1024 ** 3, 'the restore, beyond the room the original leaves,')
    await primary.remove()
    originalGone = true
    console.log(`the original cluster deleted; ${megabytes(freeBytes(dir))} free`)
    restored = await startFromArchive(archive, dir)
    console.log(
      `restored: archives unpacked into ${megabytes(restored.bytes)} in ${restored.unpackSeconds.toFixed(1)} s, started as a server of its own (WAL replayed to the backup's end) in ${restored.startSeconds.toFixed(1)} s; load ${loadAverage()}`,
    )
    const copy = openDatabase({ url: restored.server.urlFor(yearUrl) })
    const ok = await check(copy)
    await copy.close()
    return ok
  } finally {
    // A year that took an hour to seed is kept when the run stops before its backup replaced it;
    // a seed that failed part-way is of no use.
    if (!originalGone && seeded) {
      await primary.stop()
      console.log(`the seeded cluster is kept in ${primary.dir}: --cluster ${primary.dir} runs from it again`)
    } else if (!originalGone) await primary.remove()
    if (!values.keep) {
      await restored?.server.remove()
      if (archive) rmSync(path.dirname(archive.dir), { recursive: true, force: true })
    } else await restored?.server.stop()
  }
}

/** Bytes of every database of the cluster at `url`. */
async function clusterBytes(url: string): Promise<number> {
  const db = openDatabase({ url })
  const { rows } = await sql<{ bytes: string }>`select sum(pg_database_size(oid)) as bytes from pg_database`.execute(
    db.kysely,
  )
  await db.close()
  return Number(rows[0]?.bytes ?? 0)
}

process.exitCode = (values.physical ? await physicalBackup() : await logicalBackup()) ? 0 : 1
