// The annual AML report of a year that is over (Portaria SPA/MF 1.143/2024; sent by 1 February),
// made from the records of the database the server uses, kept in aml_reports and written out:
//   npm run aml:report -- --year 2026 [--format csv|json] [--out relatorio-pld-2026.csv]
// Without --out it goes to standard output. Recorded in the audit log.
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import { makeAnnualReport, reportCsv } from '../server/aml/report.ts'
import { writeAudit } from '../server/audit/audit.ts'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { localDate } from '../server/lib/periods.ts'
import { cliArgs } from './cli-args.ts'

const usage = 'usage: npm run aml:report -- --year YYYY [--format csv|json] [--out file]'
const { values } = cliArgs(
  { options: { year: { type: 'string' }, format: { type: 'string', default: 'csv' }, out: { type: 'string' } } },
  usage,
)
const year = Number(values.year)
if (!Number.isInteger(year) || year < 2024 || (values.format !== 'csv' && values.format !== 'json')) {
  console.error(usage)
  process.exit(2)
}
const config = loadConfig()
if (Number(localDate(Date.now(), config.market.timeZone).slice(0, 4)) <= year) {
  console.error(`${year} is not over yet: the annual report is made for a year that is over.`)
  process.exit(2)
}
const db = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
let exitCode = 0
try {
  await migrateToLatest(db, { timeZone: config.market.timeZone })
  const by = `cli: ${os.userInfo().username}@${os.hostname()}`
  const { report, sha256 } = await makeAnnualReport(db.kysely, year, config.market.timeZone, by, Date.now())
  await writeAudit(
    db.kysely,
    { id: null, name: by, ip: 'local' },
    { action: 'aml.report', objectType: 'aml_report', objectId: year, after: { format: values.format, sha256 } },
    Date.now(),
  )
  const text = values.format === 'json' ? `${JSON.stringify({ ...report, sha256 }, null, 2)}\n` : reportCsv(report)
  if (values.out) {
    writeFileSync(values.out, text)
    console.error(`Written: ${values.out} (sha256 of the report ${sha256})`)
  } else process.stdout.write(text)
} catch (error) {
  console.error(error)
  exitCode = 1
} finally {
  await db.close()
}
process.exit(exitCode)
