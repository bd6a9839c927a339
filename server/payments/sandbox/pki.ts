// The sandbox PSP's certificates, one for each job, all issued by its own local CA and made with
// `selfsigned` (EC P-256: quick to make): the TLS server certificate of its API (serverAuth, SAN
// for localhost and the loopback addresses), the client certificate it presents when it POSTs
// webhooks (clientAuth only), the certificate of the key that signs the charge locations' JWS
// (no TLS use; its SAN and CN name the locations' host), and the operator's (the app's) client
// certificate for mTLS. Written once into a directory (DATA_DIR/sandbox-pix at `npm start`) and
// reused; kept in memory when no directory is given (tests).
import { randomBytes, X509Certificate } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface KeyAndCert {
  key: string
  cert: string
}

export interface SandboxPki {
  ca: KeyAndCert
  /** The PSP's TLS server certificate (its API and the locations over HTTPS). */
  server: KeyAndCert
  /** The PSP's client certificate for the webhooks it POSTs (the receiver's mTLS). */
  webhook: KeyAndCert
  /** The certificate of the key that signs the locations' JWS, naming the locations' host. */
  signing: KeyAndCert
  /** The operator's (the app's) client certificate for mTLS. */
  client: KeyAndCert
}

const TEN_YEARS_MS = 10 * 365 * 24 * 3600 * 1000

/** The locations' host when none is given (the sandbox serves them itself, on localhost). */
export const DEFAULT_SIGNING_HOST = 'localhost'

// selfsigned is loaded on first use: the app's start-up does not pay for it.
const generator = async () => (await import('selfsigned')).generate

type Job = 'server' | 'webhook' | 'signing' | 'client'

const isIp = (host: string) => /^[\d.]+$/.test(host) || host.includes(':')

async function issue(commonName: string, ca: KeyAndCert, job: Job, host = DEFAULT_SIGNING_HOST): Promise<KeyAndCert> {
  const generate = await generator()
  const hostName = (name: string) =>
    isIp(name) ? { type: 7 as const, ip: name.replace(/^\[|\]$/g, '') } : { type: 2 as const, value: name }
  const altNames =
    job === 'server'
      ? [
          { type: 2 as const, value: 'localhost' },
          { type: 7 as const, ip: '127.0.0.1' },
          { type: 7 as const, ip: '::1' },
        ]
      : job === 'signing'
        ? [hostName(host)]
        : []
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + TEN_YEARS_MS),
    ca,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      // The signing certificate has no TLS use at all: it only signs the locations' JWS.
      ...(job === 'signing'
        ? []
        : [{ name: 'extKeyUsage' as const, serverAuth: job === 'server', clientAuth: job !== 'server' }]),
      ...(altNames.length > 0 ? [{ name: 'subjectAltName' as const, altNames }] : []),
    ],
  })
  return { key: pems.private, cert: pems.cert }
}

/** A new CA and the four certificates it issues; `signingHost` is the locations' host (no port). */
export async function createSandboxPki(signingHost = DEFAULT_SIGNING_HOST): Promise<SandboxPki> {
  const generate = await generator()
  const root = await generate([{ name: 'commonName', value: 'Jogo Limpo Sandbox PIX CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + TEN_YEARS_MS),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  })
  const ca = { key: root.private, cert: root.cert }
  return {
    ca,
    server: await issue('localhost', ca, 'server'),
    webhook: await issue('Jogo Limpo Sandbox PIX webhooks', ca, 'webhook'),
    signing: await issue(signingHost, ca, 'signing', signingHost),
    client: await issue('jogo-limpo-app', ca, 'client'),
  }
}

/** The files a PSP would hand the operator, and the ones the sandbox keeps for itself. */
export const pkiFiles = {
  caCert: 'ca.crt',
  caKey: 'ca.key',
  serverCert: 'server.crt',
  serverKey: 'server.key',
  webhookCert: 'webhook-client.crt',
  webhookKey: 'webhook-client.key',
  signingCert: 'jws-signing.crt',
  signingKey: 'jws-signing.key',
  clientCert: 'client.crt',
  clientKey: 'client.key',
} as const

const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2'

/** The locations' host without its port (what the signing certificate names). */
export function signingHostOf(locationHost: string | undefined): string {
  if (!locationHost) return DEFAULT_SIGNING_HOST
  return new URL(`https://${locationHost}`).hostname.replace(/^\[|\]$/g, '')
}

/** Whether a certificate names `host` in its subjectAltName. */
export function certificateNames(cert: string, host: string): boolean {
  const x509 = new X509Certificate(cert)
  return (isIp(host) ? x509.checkIP(host) : x509.checkHost(host)) !== undefined
}

/**
 * Reads the certificates from `dir`, making (with `make`) and writing them there first when
 * absent, or when the set there is of an older shape (one certificate doing every job). When only
 * the signing certificate names another host than `signingHost`, that one is issued again by the
 * same CA.
 */
export async function loadOrCreateSandboxPki(
  dir: string,
  make: (signingHost: string) => Promise<SandboxPki> = createSandboxPki,
  signingHost = DEFAULT_SIGNING_HOST,
): Promise<SandboxPki> {
  const file = (name: keyof typeof pkiFiles) => path.join(dir, pkiFiles[name])
  const complete = Object.keys(pkiFiles).every((name) => existsSync(file(name as keyof typeof pkiFiles)))
  const current = complete && !new X509Certificate(readFileSync(file('serverCert'))).keyUsage?.includes(CLIENT_AUTH)
  const read = (name: keyof typeof pkiFiles) => readFileSync(file(name), 'utf8')
  // Certificates too: the data folder is the server account's alone.
  const write = (name: keyof typeof pkiFiles, text: string) => writeFileSync(file(name), text, { mode: 0o600 })
  if (current && !certificateNames(read('signingCert'), signingHost)) {
    // Only the locations' host changed: the CA the app trusts, and every other certificate, stay.
    const ca = { key: read('caKey'), cert: read('caCert') }
    // `make`'s own certificate when it issues from this same CA (a test's PKI kept in memory),
    // so both name one certificate; otherwise one issued here.
    const made = await make(signingHost)
    const signing = made.ca.cert === ca.cert ? made.signing : await issue(signingHost, ca, 'signing', signingHost)
    write('signingCert', signing.cert)
    write('signingKey', signing.key)
  }
  if (!current) {
    const pki = await make(signingHost)
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    write('caCert', pki.ca.cert)
    write('caKey', pki.ca.key)
    write('serverCert', pki.server.cert)
    write('serverKey', pki.server.key)
    write('webhookCert', pki.webhook.cert)
    write('webhookKey', pki.webhook.key)
    write('signingCert', pki.signing.cert)
    write('signingKey', pki.signing.key)
    write('clientCert', pki.client.cert)
    write('clientKey', pki.client.key)
    return pki
  }
  return {
    ca: { key: read('caKey'), cert: read('caCert') },
    server: { key: read('serverKey'), cert: read('serverCert') },
    webhook: { key: read('webhookKey'), cert: read('webhookCert') },
    signing: { key: read('signingKey'), cert: read('signingCert') },
    client: { key: read('clientKey'), cert: read('clientCert') },
  }
}

let memory: Promise<SandboxPki> | undefined
const signingByHost = new Map<string, Promise<KeyAndCert>>()

/**
 * One CA and set of certificates per process, never written (tests, an app without a data
 * directory); the signing certificate is issued by that CA for the locations' host asked for.
 */
export async function inMemorySandboxPki(signingHost = DEFAULT_SIGNING_HOST): Promise<SandboxPki> {
  memory ??= createSandboxPki()
  const pki = await memory
  if (signingHost === DEFAULT_SIGNING_HOST) return pki
  let signing = signingByHost.get(signingHost)
  if (!signing) {
    signing = issue(signingHost, pki.ca, 'signing', signingHost)
    signingByHost.set(signingHost, signing)
  }
  return { ...pki, signing: await signing }
}

/**
 * The OAuth2 client the sandbox accepts, made once and kept next to the certificates. Where the sandbox's OAuth2 client lives: its id, and its secret alone in a file of its own
 * (so `PIX_CLIENT_SECRET="$(cat …/oauth-client.secret)"` is the secret, nothing around it).
 */
export const sandboxClientFiles = { id: 'oauth-client.id', secret: 'oauth-client.secret' } as const

export function loadOrCreateSandboxClient(dir: string): { clientId: string; clientSecret: string } {
  const idFile = path.join(dir, sandboxClientFiles.id)
  const secretFile = path.join(dir, sandboxClientFiles.secret)
  if (existsSync(secretFile)) {
    const text = readFileSync(secretFile, 'utf8').trim()
    // A directory made before the secret had its own file kept both as JSON there: split them.
    const client = text.startsWith('{')
      ? (JSON.parse(text) as { clientId: string; clientSecret: string })
      : { clientId: existsSync(idFile) ? readFileSync(idFile, 'utf8').trim() : 'jogo-limpo', clientSecret: text }
    if (text.startsWith('{') || !existsSync(idFile)) writeClient(dir, client)
    return client
  }
  const client = { clientId: 'jogo-limpo', clientSecret: randomBytes(24).toString('hex') }
  writeClient(dir, client)
  return client
}

function writeClient(dir: string, client: { clientId: string; clientSecret: string }) {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  writeFileSync(path.join(dir, sandboxClientFiles.id), `${client.clientId}\n`, { mode: 0o600 })
  writeFileSync(path.join(dir, sandboxClientFiles.secret), client.clientSecret, { mode: 0o600 })
}
