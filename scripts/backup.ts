// `npm run backup` — a consistent online copy of the database the server uses (same
// DATA_DIR / DATABASE_URL), while it runs:
//   npm run backup [-- --dir ./backups]                    one backup
//   npm run backup -- --every 60 --keep 48 [--dir <dir>]   one every 60 minutes, keeping the newest 48
// SQLite through node:sqlite's backup API; PostgreSQL through pg_dump (custom format).
import { setTimeout as sleep } from 'node:timers/promises'
import { loadConfig } from '../server/config.ts'
import { backupDatabase, pruneBackups } from '../server/db/backup.ts'
import { keepNewFilesPrivate } from '../server/lib/private-files.ts'
import { cliArgs } from './cli-args.ts'

// Backups hold what the database holds: 0600 files in a 0700 folder.
keepNewFilesPrivate()

const usage = 'usage: npm run backup -- [--dir <dir>] [--every <minutes> --keep <count>]'
const { values } = cliArgs(
  { options: { dir: { type: 'string' }, every: { type: 'string' }, keep: { type: 'string' } } },
  usage,
)
const dir = values.dir ?? process.env.BACKUP_DIR ?? './backups'
const everyMinutes = Number(values.every ?? 0)
const keep = Number(values.keep ?? 0)
if (!Number.isFinite(everyMinutes) || everyMinutes < 0 || !Number.isInteger(keep) || keep < 0) {
  console.error(usage)
  process.exit(2)
}
const config = loadConfig()
const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir }

async function once(): Promise<void> {
  const file = await backupDatabase(target, dir)
  const pruned = keep > 0 ? pruneBackups(dir, keep) : []
  console.log(`backup written: ${file}${pruned.length ? ` (removed ${pruned.length} older)` : ''}`)
}

try {
  await once()
  while (everyMinutes > 0) {
    await sleep(everyMinutes * 60_000)
    await once().catch((error: unknown) =>
      console.error(`backup failed: ${error instanceof Error ? error.message : error}`),
    )
  }
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
