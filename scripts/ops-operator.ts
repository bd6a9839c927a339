// Operators from the command line, against the same DATA_DIR / DATABASE_URL as the server (it
// may be running):
//   npm run ops:operator -- create <email> <role> [--password P] [--name "N"]
//   npm run ops:operator -- list
//   npm run ops:operator -- disable <email>
// Without --password, `create` e-mails a one-time setup link (valid 24 h) to the operator's own
// address, where they choose their password; the script prints only where it went (the mail
// outbox, which the running server — or the next start — delivers). Roles: support, payments,
// risk, admin. Recorded in the audit log and as a grant (four-eyes reads it).
import os from 'node:os'
import { operatorRoles } from '../contract/ops.ts'
import { writeAudit } from '../server/audit/audit.ts'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { queueMail } from '../server/mail/outbox.ts'
import { recordGrant } from '../server/ops/operator-grants.ts'
import {
  createOperator,
  disableOperator,
  listOperators,
  SETUP_LINK_TTL_MS,
  setupLink,
} from '../server/ops/operators.ts'
import { queueSetupMail } from '../server/ops/setup-mail.ts'
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
    const operatorRole = role as (typeof operatorRoles)[number]
    const expiresAt = now + SETUP_LINK_TTL_MS
    const dates = new Intl.DateTimeFormat(config.market.language, {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: config.market.timeZone,
    })
    const created = await createOperator(
      db.kysely,
      { email, role: operatorRole, password, name },
      now,
      async (trx, operator) => {
        if (operator.setupToken)
          await queueSetupMail(
            { queue: (t, message, at) => queueMail(t, message, at) },
            trx,
            config.market.language,
            {
              kind: 'create',
              to: operator.email,
              name: operator.name,
              by: actor.name,
              link: setupLink(publicUrlForCli(config), operator.setupToken),
              expiresAt: dates.format(expiresAt),
            },
            now,
          )
        await recordGrant(trx, { operatorId: operator.id, by: actor, kind: 'create', role: operatorRole }, now)
        await writeAudit(
          trx,
          actor,
          {
            action: 'operator.create',
            objectType: 'operator',
            objectId: operator.id,
            after: { email: operator.email, role, ...(operator.setupToken ? { setupLinkSentTo: operator.email } : {}) },
          },
          now,
        )
      },
    )
    console.log(`operator ${created.id} created: ${email} (${role})`)
    if (created.setupToken)
      console.log(
        `one-time setup link (valid 24 h) e-mailed to ${email}; the running server sends it (or the next start does)`,
      )
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
