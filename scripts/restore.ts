// `npm run restore -- <file>` — replaces the database (DATA_DIR / DATABASE_URL) with a backup
// made by `npm run backup`, then runs the ledger's audit on it and says whether it passes.
// Stop the server first. SQLite keeps the replaced file beside it (.before-restore-<time>).
import { loadConfig } from '../server/config.ts'
import { restoreDatabase } from '../server/db/backup.ts'
import { openDatabase } from '../server/db/database.ts'
import { auditLedger } from '../server/ledger/audit.ts'
import { keepNewFilesPrivate } from '../server/lib/private-files.ts'
import { cliArgs } from './cli-args.ts'

// Backups hold what the database holds: 0600 files in a 0700 folder.
keepNewFilesPrivate()

const {
  positionals: [file],
} = cliArgs({ allowPositionals: true }, 'usage: npm run restore -- <backup file>')
if (!file) {
  console.error('usage: npm run restore -- <backup file>')
  process.exit(2)
}
const config = loadConfig()
try {
  await restoreDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, file)
  const db = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  try {
    const audit = await auditLedger(db.kysely)
    console.log(
      `restored ${file}: ${audit.transfers} transfers, sum of balances ${audit.sumOfBalances}, audit ${audit.ok ? 'passes' : 'FAILS'}`,
    )
    if (!audit.ok) process.exit(1)
  } finally {
    await db.close()
  }
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
