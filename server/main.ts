// Starts the server: reads config, opens the database, runs migrations, listens, and prints
// the URL. Stops gracefully on SIGINT/SIGTERM (server/http/shutdown.ts): nothing in flight is lost.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from './app.ts'
import { ConfigError, loadConfig, requireOutsideServicesInProduction } from './config.ts'
import { ensurePrivateDirectory, ensureReadableDirectory, ensureWritableDirectory } from './config-paths.ts'
import { openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { gracefulShutdown } from './http/shutdown.ts'
import { offsetClock } from './lib/offset-clock.ts'
import { keepNewFilesPrivate } from './lib/private-files.ts'
import { firstAdminSetupToken, setupLink } from './ops/operators.ts'
import { localBankCustomers } from './payments/local-bank-customers.ts'
import { startWebhookMtlsListener, type WebhookMtlsListener } from './payments/webhook-mtls.ts'
import { listeningUrl, recordPublicUrl } from './public-url.ts'

type Config = ReturnType<typeof loadConfig>

/**
 * The sandbox PSP as its own API Pix server next to the app (HTTPS + mTLS + OAuth2 on
 * SANDBOX_PIX_PORT, certificates and OAuth2 client made at first start in DATA_DIR/sandbox-pix),
 * keeping its books in its own tables. The app reaches it through PixApiProvider with the PIX_*
 * settings it answers, as it would a real PSP: this file is the only one in the app that loads
 * sandbox code, and only when the sandbox is the PSP.
 */
async function startSandboxPix(config: Config, db: ReturnType<typeof openDatabase>) {
  // Loaded only when used: a refused start-up stays quick, and a real PSP never loads them.
  const { startLocalSandbox } = await import('./payments/sandbox/local.ts')
  const appHost = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host
  return startLocalSandbox({
    config,
    db: db.kysely,
    dir: path.join(config.dataDir, 'sandbox-pix'),
    port: config.payments.sandboxPixPort,
    host: '127.0.0.1',
    webhookUrl: config.payments.pixApi?.webhookUrl ?? `http://${appHost}:${config.port}/api/payments/webhook`,
    ...localBankCustomers(db.kysely),
    // Both sides share PIX_WEBHOOK_SECRET when configured (instances behind a proxy, pix-api pointed
    // here by hand), a random one per start otherwise.
    webhookSecret: config.payments.webhookSecret,
  })
}

/**
 * The sandbox barred-person register (SIGAP's Módulo de Impedidos) as its own HTTP server next to
 * the app, when SIGAP_URL names no register (never in production): the app then asks it through
 * the same adapter it would use for SIGAP.
 */
async function startSandboxRegister(config: Config) {
  const { startSandboxRegister: start } = await import('./sigap/sandbox/server.ts')
  return start({ port: config.sigap.sandboxPort, host: '127.0.0.1', token: config.sigap.token })
}

/**
 * The sandbox face provider as its own HTTP server next to the app, when FACE_URL names no
 * provider: the app then asks it through the Datavalid adapter it would use for the real one.
 */
async function startSandboxFace(config: Config) {
  const { startSandboxFace: start } = await import('./accounts/sandbox/face-server.ts')
  return start({ port: config.face.sandboxPort, host: '127.0.0.1' })
}

/** Whether PAYMENT_PROVIDER=pix-api points at this machine's sandbox port (started here too). */
function pointsAtLocalSandbox(config: Config): boolean {
  const base =
    config.payments.provider === 'pix-api' && config.payments.pixApi ? new URL(config.payments.pixApi.baseUrl) : null
  return (
    base !== null &&
    ['localhost', '127.0.0.1'].includes(base.hostname) &&
    Number(base.port) === config.payments.sandboxPixPort
  )
}

/**
 * The sandbox mailbox next to the app when no SMTP server is configured (never in production): a
 * local SMTP server and its page (SANDBOX_SMTP_PORT, SANDBOX_MAILBOX_PORT), reached by the app through its SMTP adapter
 * with the SMTP_URL it answers, and its sandbox SMS API through the SMS adapter.
 */
async function startSandboxMailbox(config: Config) {
  const { startSandboxMailbox: start } = await import('./mail/sandbox/mailbox.ts')
  return start({ smtpPort: config.mail.sandboxSmtpPort, httpPort: config.mail.sandboxMailboxPort, host: '127.0.0.1' })
}

async function main(): Promise<void> {
  // Before anything is written: the database, its -wal/-shm, keys and certificates are 0600.
  keepNewFilesPrivate()
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
    requireOutsideServicesInProduction(process.env, config)
    if (!config.databaseUrl) ensureWritableDirectory('DATA_DIR', config.dataDir)
    // A data folder from before (0755 with 0644 files) is closed to other local users.
    ensurePrivateDirectory('DATA_DIR', config.dataDir)
    ensureReadableDirectory('LOCALES_DIR', config.localesDir)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const db = openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteCacheMb: config.sqliteCacheMb,
    ...(config.databaseReplica
      ? { replicaUrl: config.databaseReplica.url, replicaMaxLagSeconds: config.databaseReplica.maxLagSeconds }
      : {}),
  })
  await migrateToLatest(db, { timeZone: config.market.timeZone })
  // PAYMENT_PROVIDER=sandbox: the sandbox server is the PSP, so the app does not start without it
  // (a port taken by another instance is a clear error naming SANDBOX_PIX_PORT). Pointed at by
  // hand (pix-api), it is a convenience: a port already taken leaves the app running, warned.
  let sandboxPix: Awaited<ReturnType<typeof startSandboxPix>> | null = null
  let webhookListener: WebhookMtlsListener | null = null
  let sandboxPixEnv: Record<string, string> = {}
  if (config.payments.provider === 'sandbox' && !config.payments.pixApi) {
    sandboxPix = await startSandboxPix(config, db).catch((error: unknown) => {
      console.error(
        `SANDBOX_PIX_PORT: the sandbox API Pix server could not start on port ${config.payments.sandboxPixPort}: ${error instanceof Error ? error.message : error}`,
      )
      process.exit(1)
    })
    // Its webhooks come over mTLS, as a PSP's: a listener that takes only its certificate
    // (PIX_WEBHOOK_MTLS_PORT, an ephemeral port unless given), with the sandbox's server
    // certificate for its own side of the TLS.
    const { files } = sandboxPix
    webhookListener = await startWebhookMtlsListener({
      port: Number(process.env.PIX_WEBHOOK_MTLS_PORT ?? 0),
      host: '127.0.0.1',
      ca: readFileSync(files.ca, 'utf8'),
      cert: readFileSync(files.serverCert, 'utf8'),
      key: readFileSync(files.serverKey, 'utf8'),
    })
    sandboxPix.env.PIX_WEBHOOK_URL = `https://localhost:${webhookListener.port}/api/payments/webhook`
    sandboxPixEnv = {
      ...sandboxPix.env,
      PIX_WEBHOOK_MTLS_PORT: String(webhookListener.port),
      PIX_WEBHOOK_CA_FILE: files.ca,
      PIX_WEBHOOK_TLS_CERT_FILE: files.serverCert,
      PIX_WEBHOOK_TLS_KEY_FILE: files.serverKey,
    }
    config = loadConfig({ ...process.env, ...sandboxPixEnv })
  } else if (pointsAtLocalSandbox(config)) {
    sandboxPix = await startSandboxPix(config, db).catch((error: unknown) => {
      console.warn(
        `Sandbox API Pix server not started on port ${config.payments.sandboxPixPort}: ${error instanceof Error ? error.message : error}`,
      )
      return null
    })
  }
  // Outside production only: there an unset SMTP server stopped start-up above.
  let mailbox: Awaited<ReturnType<typeof startSandboxMailbox>> | null = null
  if (!config.mail.smtp) {
    mailbox = await startSandboxMailbox(config).catch((error: unknown) => {
      console.error(
        `SANDBOX_SMTP_PORT / SANDBOX_MAILBOX_PORT: the sandbox mailbox could not start (ports ${config.mail.sandboxSmtpPort}, ${config.mail.sandboxMailboxPort}): ${error instanceof Error ? error.message : error}`,
      )
      process.exit(1)
    })
    const smsSet = Boolean(process.env.SMS_API_URL)
    config = loadConfig({
      ...process.env,
      ...sandboxPixEnv,
      SMTP_URL: mailbox.env.SMTP_URL,
      ...(smsSet ? {} : mailbox.env),
    })
  }
  // Outside production only: there an unset SIGAP_URL stopped start-up above.
  let sandboxRegister: Awaited<ReturnType<typeof startSandboxRegister>> | null = null
  if (!config.sigap.url) {
    sandboxRegister = await startSandboxRegister(config).catch((error: unknown) => {
      console.error(
        `SANDBOX_SIGAP_PORT: the sandbox barred-person register could not start on port ${config.sigap.sandboxPort}: ${error instanceof Error ? error.message : error}`,
      )
      process.exit(1)
    })
    process.env.SIGAP_URL = sandboxRegister.url
    config = { ...config, sigap: { ...config.sigap, url: sandboxRegister.url } }
  }
  let sandboxFace: Awaited<ReturnType<typeof startSandboxFace>> | null = null
  if (!config.face.url && config.face.check) {
    sandboxFace = await startSandboxFace(config).catch((error: unknown) => {
      console.error(
        `SANDBOX_FACE_PORT: the sandbox face server could not start on port ${config.face.sandboxPort}: ${error instanceof Error ? error.message : error}`,
      )
      process.exit(1)
    })
    process.env.FACE_URL = sandboxFace.url
    config = { ...config, face: { ...config.face, url: sandboxFace.url } }
  }
  // No SANCTIONS_LIST_URL: the sandbox list (the sample in the UN's format) is published beside the
  // app, and the worker fetches it over HTTP as it would the UN's.
  let sanctionsSandbox: { url: string; base: string; close(): Promise<void> } | null = null
  if (!config.aml.sanctionsListUrl) {
    const { startSandboxSanctionsList } = await import('./aml/sandbox/list-server.ts')
    sanctionsSandbox = await startSandboxSanctionsList({
      port: config.aml.sandboxSanctionsPort,
      host: '127.0.0.1',
      file: fileURLToPath(new URL('../tests/fixtures/un-consolidated-sample.xml', import.meta.url)),
    }).catch((error: unknown) => {
      console.error(
        `SANDBOX_SANCTIONS_PORT: the sandbox sanctions list could not start on port ${config.aml.sandboxSanctionsPort}: ${error instanceof Error ? error.message : error}`,
      )
      process.exit(1)
    })
    config = { ...config, aml: { ...config.aml, sanctionsListUrl: sanctionsSandbox.url } }
  }
  const mtls = config.payments.webhookMtls
  if (!webhookListener && mtls) {
    webhookListener = await startWebhookMtlsListener({
      port: mtls.port,
      host: config.host,
      ca: readFileSync(mtls.caFile, 'utf8'),
      cert: readFileSync(mtls.certFile, 'utf8'),
      key: readFileSync(mtls.keyFile, 'utf8'),
    })
  }
  // No SIGAP_FILES_URL outside production: the sandbox receiver takes the daily files, checking
  // them as the regulator's would; the app reaches it over HTTP like the real one.
  let sigapSandbox: { url: string; close(): Promise<void> } | null = null
  if (config.regulatoryFiles.sandbox) {
    const { startSandboxReceiver } = await import('./regulatory-files/sandbox/receiver.ts')
    const receiver = await startSandboxReceiver({
      port: config.regulatoryFiles.sandboxPort,
      host: '127.0.0.1',
      timeZone: config.market.timeZone,
    }).catch((error: unknown) => {
      console.error(
        `SANDBOX_SIGAP_FILES_PORT: the sandbox SIGAP receiver could not start on port ${config.regulatoryFiles.sandboxPort}: ${error instanceof Error ? error.message : error}`,
      )
      process.exit(1)
    })
    sigapSandbox = receiver
    config = { ...config, regulatoryFiles: { ...config.regulatoryFiles, url: receiver.url, token: receiver.token } }
  }
  // No TRANSPARENCY_TSA_URL outside production: the sandbox time-stamping authority stamps each
  // frozen day, its CA made at first start in DATA_DIR/sandbox-tsa (the certificate to trust).
  let sandboxTsa: { url: string; caFile: string; close(): Promise<void> } | null = null
  if (config.transparency.sandboxTsa) {
    const { startSandboxTsa } = await import('./transparency/sandbox/tsa.ts')
    sandboxTsa = await startSandboxTsa({
      dir: path.join(config.dataDir, 'sandbox-tsa'),
      port: config.transparency.sandboxTsaPort,
    }).catch((error: unknown) => {
      console.error(
        `SANDBOX_TSA_PORT: the sandbox time-stamping authority could not start on port ${config.transparency.sandboxTsaPort}: ${error instanceof Error ? error.message : error}`,
      )
      process.exit(1)
    })
    config = {
      ...config,
      transparency: { ...config.transparency, tsaUrl: sandboxTsa.url, tsaCertFile: sandboxTsa.caFile },
    }
  }
  // End-to-end tests move time forward through a file (never in production: the config refuses it).
  const clock = config.testClockFile ? offsetClock(config.testClockFile) : undefined
  const app = await build({ config, db, ...(clock ? { clock } : {}) })
  webhookListener?.attach(app)
  const close = async () => {
    // Whatever hangs (a socket that never closes), the process still ends.
    setTimeout(() => process.exit(1), config.shutdown.delayMs + config.shutdown.timeoutMs + 10_000).unref()
    try {
      await gracefulShutdown(app, config.shutdown)
      await webhookListener?.close()
      await sandboxPix?.server.close()
      await mailbox?.close()
      await sigapSandbox?.close()
      await sandboxTsa?.close()
      await sandboxRegister?.close()
      await sandboxFace?.close()
      await sanctionsSandbox?.close()
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
  const address = app.server.address()
  const url = listeningUrl(config, typeof address === 'object' && address ? address.port : config.port)
  recordPublicUrl(config, url)
  const where = db.engine === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL'
  const bankUrl = config.payments.provider === 'sandbox' ? config.payments.pixApi?.bankUrl : null
  const sandbox = bankUrl
    ? `\nSandbox PIX bank (no real money; its certificate is the sandbox CA's): ${bankUrl}  — or: npm run sandbox:pay -- <txid|code>`
    : ''
  const webhooks = webhookListener
    ? `\nPSP webhooks over mTLS (client certificate from PIX_WEBHOOK_CA_FILE): https://localhost:${webhookListener.port}/api/payments/webhook`
    : ''
  // The secret itself is not printed: a shell reads it from the file that holds it and nothing else.
  const secretNote: Record<string, string> = {
    ...(sandboxPix ? { PIX_CLIENT_SECRET: sandboxPix.clientSecretInShell } : {}),
    PIX_WEBHOOK_SECRET: '<as configured, or random per start; shared by both>',
  }
  const sandboxApi = sandboxPix
    ? `\nSandbox API Pix server (HTTPS + mTLS + OAuth2): ${sandboxPix.server.url}  — the app reaches it with:\n  ${Object.entries(
        sandboxPix.env,
      )
        .map(([name, value]) => `${name}=${secretNote[name] ?? value}`)
        .join('\n  ')}`
    : ''
  const mailNote = mailbox
    ? `\nSandbox mailbox (e-mail and SMS the app sends; nothing leaves this machine): ${mailbox.url}/sandbox/mailbox  — SMTP on 127.0.0.1:${mailbox.smtpPort}`
    : ''
  const sigap = sigapSandbox
    ? `\nSandbox SIGAP receiver (the daily regulatory files; checks structure and quality): ${sigapSandbox.url}/arquivos`
    : ''
  const registerLine = sandboxRegister
    ? `\nSandbox barred-person register (SIGAP Módulo de Impedidos; test CPFs in docs/compliance.md): ${sandboxRegister.url}  — add a CPF: POST ${sandboxRegister.url}/sandbox/impedidos {"cpf":"…","motivo":"social_benefit"}`
    : ''
  const tsaLine = sandboxTsa
    ? `\nSandbox time-stamping authority (RFC 3161; stamps each frozen transparency day): ${sandboxTsa.url}  — trust ${sandboxTsa.caFile}: npm run transparency:verify -- ${url} --tsa-cert=${sandboxTsa.caFile}`
    : ''
  const faceLine = sandboxFace
    ? `\nSandbox face provider (Datavalid's API; any picture; test CPFs in docs/identity.md): ${sandboxFace.url}`
    : ''
  const sanctionsLine = sanctionsSandbox
    ? `\nSandbox sanctions list (UN consolidated list format; invented people): ${sanctionsSandbox.url}  — publish another: POST ${sanctionsSandbox.base}/sandbox/list (the XML as body)`
    : ''
  console.log(
    `\nJogo Limpo is running at ${url}  (database: ${where})${sandbox}${sandboxApi}${webhooks}${mailNote}${sigap}${registerLine}${tsaLine}${faceLine}${sanctionsLine}\n`,
  )
  // No operator yet: a one-time link (24 h) where the first admin names themself and picks a password.
  const firstAdmin = await firstAdminSetupToken(db.kysely, Date.now())
  if (firstAdmin)
    console.log(
      `No operator yet. Set up the first admin (one-time link, valid 24 h):\n  ${setupLink(url, firstAdmin)}\n`,
    )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
