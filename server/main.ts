// Starts the server: reads config, opens the database, runs migrations, listens, and prints
// the URL. Stops gracefully on SIGINT/SIGTERM (server/http/shutdown.ts): nothing in flight is lost.
import path from 'node:path'
import { build } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { ensureReadableDirectory, ensureWritableDirectory } from './config-paths.ts'
import { openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { gracefulShutdown } from './http/shutdown.ts'
import { firstAdminSetupToken, setupLink } from './ops/operators.ts'

type Config = ReturnType<typeof loadConfig>

/**
 * The sandbox PSP as its own API Pix server next to the app (HTTPS + mTLS + OAuth2 on
 * SANDBOX_PIX_PORT), with its certificates and client made at first start into DATA_DIR. It
 * keeps its books in the sandbox's own tables; with PAYMENT_PROVIDER=sandbox the app's
 * in-process sandbox settles them, with pix-api the server does.
 */
async function startSandboxPix(config: Config, db: ReturnType<typeof openDatabase>) {
  // Loaded only when used: a refused start-up stays quick, and a real PSP never loads them.
  const { startSandboxApiServer } = await import('./payments/sandbox/api-server.ts')
  const { loadOrCreateSandboxClient, loadOrCreateSandboxPki, pkiFiles } = await import('./payments/sandbox/pki.ts')
  const dir = path.join(config.dataDir, 'sandbox-pix')
  const pki = await loadOrCreateSandboxPki(dir)
  const client = loadOrCreateSandboxClient(dir)
  const server = await startSandboxApiServer(
    {
      db: db.kysely,
      pki,
      ...client,
      webhookSecret: config.payments.webhookSecret,
      merchantName: config.payments.merchantName,
      merchantCity: config.payments.merchantCity,
      receiverKey: config.payments.receiverKey,
      locationHost: `localhost:${config.payments.sandboxPixPort}`,
      bankUrl: `${config.publicUrl}/sandbox/bank`,
      payoutDelayMs: config.sandboxPayoutDelayMs,
      settle: config.payments.provider !== 'sandbox',
    },
    { port: config.payments.sandboxPixPort, host: '127.0.0.1' },
  )
  const file = (name: keyof typeof pkiFiles) => path.join(dir, pkiFiles[name])
  const env = [
    'PAYMENT_PROVIDER=pix-api',
    `PIX_API_BASE_URL=${server.url}`,
    `PIX_CLIENT_ID=${client.clientId}`,
    `PIX_CLIENT_SECRET=<in ${path.join(dir, 'oauth-client.secret')}>`,
    `PIX_CERT_FILE=${file('clientCert')}`,
    `PIX_KEY_FILE=${file('clientKey')}`,
    `PIX_CA_FILE=${file('caCert')}`,
    `PIX_RECEIVER_KEY=${config.payments.receiverKey}`,
    `PIX_WEBHOOK_URL=http://127.0.0.1:${config.port}/api/payments/webhook`,
    'PIX_WEBHOOK_SECRET=<the same secret for both>',
    `PIX_SANDBOX_BANK_URL=${server.url}/sandbox/bank`,
  ]
  return { server, env }
}

/** Whether the configured PSP is this machine's sandbox server (rather than a real one). */
function usesLocalSandbox(config: Config): boolean {
  if (config.payments.provider === 'sandbox') return true
  const base = config.payments.pixApi ? new URL(config.payments.pixApi.baseUrl) : null
  return (
    base !== null &&
    ['localhost', '127.0.0.1'].includes(base.hostname) &&
    Number(base.port) === config.payments.sandboxPixPort
  )
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
    if (!config.databaseUrl) ensureWritableDirectory('DATA_DIR', config.dataDir)
    ensureReadableDirectory('LOCALES_DIR', config.localesDir)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const db = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  await migrateToLatest(db, { timeZone: config.market.timeZone })
  // The sandbox server is a convenience next to the app: a port already taken (another instance
  // serves it) or an unwritable DATA_DIR leaves the app running without it, with a warning.
  const sandboxPix = usesLocalSandbox(config)
    ? await startSandboxPix(config, db).catch((error: unknown) => {
        console.warn(
          `Sandbox API Pix server not started on port ${config.payments.sandboxPixPort}: ${error instanceof Error ? error.message : error}`,
        )
        return null
      })
    : null
  const app = await build({ config, db })
  const close = async () => {
    // Whatever hangs (a socket that never closes), the process still ends.
    setTimeout(() => process.exit(1), config.shutdown.delayMs + config.shutdown.timeoutMs + 10_000).unref()
    try {
      await gracefulShutdown(app, config.shutdown)
      await sandboxPix?.server.close()
      await db.close()
      process.exit(0)
    } catch (error) {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    }
  }
  process.once('SIGINT', close)
  process.once('SIGTERM', close)
  await app.listen({ port: config.port, host: config.host })
  const where = db.engine === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL'
  const sandbox =
    config.payments.provider === 'sandbox'
      ? `\nSandbox PIX bank (no real money): ${config.publicUrl}/sandbox/bank  — or: npm run sandbox:pay -- <txid|code>`
      : ''
  const sandboxApi = sandboxPix
    ? `\nSandbox API Pix server (HTTPS + mTLS + OAuth2): ${sandboxPix.server.url}  — to reach it as a PSP:\n  ${sandboxPix.env.join('\n  ')}`
    : ''
  console.log(`\nJogo Limpo is running at ${config.publicUrl}  (database: ${where})${sandbox}${sandboxApi}\n`)
  // No operator yet: a one-time link (24 h) where the first admin names themself and picks a password.
  const firstAdmin = await firstAdminSetupToken(db.kysely, Date.now())
  if (firstAdmin)
    console.log(
      `No operator yet. Set up the first admin (one-time link, valid 24 h):\n  ${setupLink(config.publicUrl, firstAdmin)}\n`,
    )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
