// Operators from the command line, against the same DATA_DIR / DATABASE_URL as the server (it
// may be running):
//   npm run ops:operator -- create <email> <role> [--password P] [--name "N"]
//   npm run ops:operator -- list
//   npm run ops:operator -- disable <email>
// Without --password, `create` prints a one-time setup link (valid 24 h) where the operator
// chooses their password. Roles: support, payments, risk, admin. Recorded in the audit log.
import os from 'node:os'
import { operatorRoles } from '../contract/ops.ts'
import { writeAudit } from '../server/audit/audit.ts'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { createOperator, disableOperator, listOperators, setupLink } from '../server/ops/operators.ts'
import { publicUrlForCli } from '../server/public-url.ts'
import { Refusal } from '../server/refusal.ts'
import { cliArgs } from './cli-args.ts'

const usage = `usage:
  npm run ops:operator -- create <email> <role: ${operatorRoles.join('|')}> [--password P] [--name "N"]
  npm run ops:operator -- list
  npm run ops:operator -- disable <email>`

const { values, positionals } = cliArgs(
  { options: { password: { type: 'string' }, name: { type: 'string' } }, allowPositionals: true },
  usage,
)
const { password, name } = values
const [command, email, role] = positionals
if (positionals.length > 3) {
  console.error(usage)
  process.exit(2)
}

const config = loadConfig()
const db = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
// The audit names who ran it: the system account (USER is often unset under sudo or in
// containers, the account is not) on this host.
const actor = { id: null, name: `cli: ${systemUser()}@${os.hostname()}`, ip: 'local' }
let exitCode = 0

function systemUser(): string {
  try {
    return os.userInfo().username
  } catch {
    return process.env.USER ?? `uid ${process.getuid?.() ?? '?'}`
  }
}
try {
  await migrateToLatest(db, { timeZone: config.market.timeZone })
  const now = Date.now()
  if (command === 'create' && email && operatorRoles.includes(role as never)) {
    const created = await createOperator(
      db.kysely,
      { email, role: role as (typeof operatorRoles)[number], password, name },
      now,
    )
    await writeAudit(
      db.kysely,
      actor,
      { action: 'operator.create', objectType: 'operator', objectId: created.id, after: { email, role } },
      now,
    )
    console.log(`operator ${created.id} created: ${email} (${role})`)
    if (created.setupToken)
      console.log(`one-time setup link (valid 24 h):\n  ${setupLink(publicUrlForCli(config), created.setupToken)}`)
  } else if (command === 'list') {
    for (const o of await listOperators(db.kysely))
      console.log(
        `${o.id}\t${o.email}\t${o.role}\t${o.name}${o.totpEnabled ? '\tTOTP' : ''}${o.disabled ? '\tdisabled' : ''}`,
      )
  } else if (command === 'disable' && email) {
    const id = await disableOperator(db.kysely, email, now)
    await writeAudit(db.kysely, actor, { action: 'operator.disable', objectType: 'operator', objectId: id }, now)
    console.log(`operator ${email} disabled; their sessions ended`)
  } else {
    console.error(usage)
    exitCode = 2
  }
} catch (error) {
  console.error(error instanceof Refusal ? `refused: ${error.msgCode} ${JSON.stringify(error.data ?? {})}` : error)
  exitCode = 1
} finally {
  await db.close()
}
process.exit(exitCode)
