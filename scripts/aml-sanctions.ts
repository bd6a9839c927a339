// Loads the UN Security Council consolidated sanctions list (its published XML) into the database
// the server uses (DATA_DIR / DATABASE_URL; the server may be running), then screens every verified
// player against it — a strong match frozen into the verification queue, a weak one left for
// review on the console's screening page:
//   npm run aml:sanctions -- --file consolidated.xml [--no-screen]
// With --no-screen the server's AML worker screens them, a batch a turn. The same list twice (same
// hash) changes nothing. Recorded in the audit log.
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { AmlService } from '../server/aml/service.ts'
import { writeAudit } from '../server/audit/audit.ts'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { Refusal } from '../server/refusal.ts'
import { cliArgs } from './cli-args.ts'

const usage = 'usage: npm run aml:sanctions -- --file consolidated.xml [--no-screen]'
const { values } = cliArgs(
  { options: { file: { type: 'string' }, 'no-screen': { type: 'boolean', default: false } } },
  usage,
)
if (!values.file) {
  console.error(usage)
  process.exit(2)
}
const xml = readFileSync(values.file, 'utf8')
const config = loadConfig()
const db = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
let exitCode = 0
try {
  await migrateToLatest(db, { timeZone: config.market.timeZone })
  const aml = new AmlService(db.kysely, config, () => Date.now(), null)
  const loaded = await aml.loadList(xml, `file: ${values.file}`)
  await writeAudit(
    db.kysely,
    { id: null, name: `cli: ${os.userInfo().username}@${os.hostname()}`, ip: 'local' },
    {
      action: 'aml.sanctions_load',
      objectType: 'sanctions_list',
      objectId: loaded.list.id,
      after: { changed: loaded.changed, individuals: loaded.list.individuals, sha256: loaded.list.sha256 },
    },
    Date.now(),
  )
  console.log(
    `${loaded.changed ? 'Loaded' : 'Unchanged (already loaded)'}: list #${loaded.list.id} of ${loaded.list.generatedAt ?? '?'}, ${loaded.list.individuals} people, sha256 ${loaded.list.sha256}`,
  )
  if (!values['no-screen']) {
    const outcome = await aml.screenAll()
    console.log(
      `Screened: ${outcome.strong} strong matches (${outcome.frozen.length} accounts frozen and queued), ${outcome.weak} weak matches for review`,
    )
  }
} catch (error) {
  console.error(error instanceof Refusal ? `${error.msgCode} ${JSON.stringify(error.data ?? {})}` : error)
  exitCode = 1
} finally {
  await db.close()
}
process.exit(exitCode)
