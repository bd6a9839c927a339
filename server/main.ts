// Starts the server: reads config, opens the database, runs migrations, listens, and prints
// the URL. Stops gracefully on SIGINT/SIGTERM (server/http/shutdown.ts): nothing in flight is lost.
import { build } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { ensureReadableDirectory, ensureWritableDirectory } from './config-paths.ts'
import { openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { gracefulShutdown } from './http/shutdown.ts'

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
  await migrateToLatest(db)
  const app = await build({ config, db })
  const close = async () => {
    // Whatever hangs (a socket that never closes), the process still ends.
    setTimeout(() => process.exit(1), config.shutdown.delayMs + config.shutdown.timeoutMs + 10_000).unref()
    try {
      await gracefulShutdown(app, config.shutdown)
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
  console.log(`\nJogo Limpo is running at ${config.publicUrl}  (database: ${where})${sandbox}\n`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
