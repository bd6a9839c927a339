// Writes the API's OpenAPI document (what /api/openapi.json serves) to a file, from an app built
// on a throw-away SQLite database: `npm run openapi -- --out openapi.json`. `npm run openapi:lint`
// then lints it with Redocly's recommended rules.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { startLocalSandbox } from '../server/payments/sandbox/local.ts'
import { cliArgs } from './cli-args.ts'

const { values } = cliArgs(
  { options: { out: { type: 'string', default: 'openapi.json' } } },
  'usage: npm run openapi [-- --out <file>]',
)

const dataDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-openapi-'))
try {
  const db = openDatabase({ dataDir })
  await migrateToLatest(db)
  const env = { LOG_LEVEL: 'silent', DATA_DIR: dataDir, PAYMENT_PROVIDER: 'sandbox' }
  // The app needs its PSP's settings to start; a sandbox API Pix on a free port gives them.
  const sandbox = await startLocalSandbox({
    config: loadConfig(env),
    db: db.kysely,
    dir: path.join(dataDir, 'sandbox-pix'),
    port: 0,
    host: '127.0.0.1',
    webhookUrl: 'http://127.0.0.1/api/payments/webhook',
  })
  const app = await build({ config: loadConfig({ ...env, ...sandbox.env }), db, logger: false })
  await app.ready()
  writeFileSync(values.out, `${JSON.stringify(app.swagger(), null, 2)}\n`)
  await app.close()
  await sandbox.server.close()
  await db.close()
  console.log(`OpenAPI document written to ${values.out}`)
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
