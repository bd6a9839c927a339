// The sandbox PSP next to the app: starts the sandbox API Pix server and answers the PIX_*
// settings with which the app reaches it through PixApiProvider, exactly as it would a real PSP
// (`PAYMENT_PROVIDER=sandbox` is shorthand for "pix-api against this server"). Used by the
// process entry (server/main.ts, certificates kept in DATA_DIR/sandbox-pix) and the test harness
// (certificates made once per process in a temporary folder).
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { Config } from '../../config.ts'
import type { Database } from '../../db/schema.ts'
import { type SandboxApiOptions, type SandboxApiServer, startSandboxApiServer } from './api-server.ts'
import {
  loadOrCreateSandboxClient,
  loadOrCreateSandboxPki,
  pkiFiles,
  type SandboxPki,
  sandboxClientFiles,
  signingHostOf,
} from './pki.ts'

export interface LocalSandboxOptions {
  /** The app's settings (merchant, receiver key, payout delay, market); PIX_* are filled from here. */
  config: Config
  db: Kysely<Database>
  /** Where the certificates and the OAuth2 client live (made at first start). */
  dir: string
  port: number
  host?: string
  /** Where the sandbox POSTs webhooks (PUT /webhook registers it again at the app's start). */
  webhookUrl: string
  /** Signs webhooks; random per start unless given (both sides learn it from the settings). */
  webhookSecret?: string
  now?: () => number
  deliver?: SandboxApiOptions['deliver']
  payerOf?: SandboxApiOptions['payerOf']
  holderNameOf?: SandboxApiOptions['holderNameOf']
  /** The host the charge locations name; SANDBOX_PIX_LOCATION_HOST by default. */
  locationHost?: string
  /** Makes the certificates when `dir` has none (tests: the process's in-memory set). */
  makePki?: (signingHost: string) => Promise<SandboxPki>
}

export interface LocalSandbox {
  server: SandboxApiServer
  /** The settings that point PixApiProvider at this server (PIX_* environment variables). */
  env: Record<string, string>
  /**
   * The sandbox CA and its server certificate and key (the app's webhook mTLS listener uses them),
   * and the file holding the OAuth2 client secret alone.
   */
  files: { ca: string; serverCert: string; serverKey: string; clientSecret: string }
  /** The shell expression that reads PIX_CLIENT_SECRET from its file (what start-up prints for it). */
  clientSecretInShell: string
}

/** `"$(cat '<file>')"`: a shell word that is the file's content, whatever the path holds. */
export function shellReadOf(file: string): string {
  return `"$(cat '${file.replaceAll("'", `'\\''`)}')"`
}

export async function startLocalSandbox(options: LocalSandboxOptions): Promise<LocalSandbox> {
  const locationHost = options.locationHost ?? options.config.payments.sandboxLocationHost
  // The signing certificate names the host the locations are served on (this server's when unset).
  const pki = await loadOrCreateSandboxPki(options.dir, options.makePki, signingHostOf(locationHost))
  const client = loadOrCreateSandboxClient(options.dir)
  const webhookSecret = options.webhookSecret ?? randomBytes(32).toString('hex')
  const { config } = options
  const server = await startSandboxApiServer(
    {
      db: options.db,
      pki,
      ...client,
      webhookSecret,
      merchantName: config.payments.merchantName,
      merchantCity: config.payments.merchantCity,
      receiverKey: config.payments.receiverKey,
      payoutDelayMs: config.sandboxPayoutDelayMs,
      config,
      ...(options.now ? { now: options.now } : {}),
      ...(options.deliver ? { deliver: options.deliver } : {}),
      ...(options.payerOf ? { payerOf: options.payerOf } : {}),
      ...(options.holderNameOf ? { holderNameOf: options.holderNameOf } : {}),
      locationHost,
    },
    { port: options.port, ...(options.host ? { host: options.host } : {}) },
  )
  const file = (name: keyof typeof pkiFiles) => path.join(options.dir, pkiFiles[name])
  return {
    server,
    env: {
      PIX_API_BASE_URL: server.url,
      PIX_CLIENT_ID: client.clientId,
      PIX_CLIENT_SECRET: client.clientSecret,
      PIX_CERT_FILE: file('clientCert'),
      PIX_KEY_FILE: file('clientKey'),
      PIX_CA_FILE: file('caCert'),
      PIX_RECEIVER_KEY: config.payments.receiverKey,
      PIX_WEBHOOK_URL: options.webhookUrl,
      PIX_WEBHOOK_SECRET: webhookSecret,
      PIX_SANDBOX_BANK_URL: `${server.url}/sandbox/bank`,
    },
    files: {
      ca: file('caCert'),
      serverCert: file('serverCert'),
      serverKey: file('serverKey'),
      clientSecret: path.join(options.dir, sandboxClientFiles.secret),
    },
    clientSecretInShell: shellReadOf(path.join(options.dir, sandboxClientFiles.secret)),
  }
}
