// The sandbox PSP's certificates: a local CA, the server certificate (HTTPS, and the key that
// signs the charges' JWS) and the client certificate the app presents (mTLS), made with
// `selfsigned` (EC P-256: quick to make). Written once into a directory (DATA_DIR/sandbox-pix at
// `npm start`) and reused; kept in memory when no directory is given (tests).
import { randomBytes, X509Certificate } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface KeyAndCert {
  key: string
  cert: string
}

export interface SandboxPki {
  ca: KeyAndCert
  /** The PSP's server certificate: TLS, and the JWS of charge locations. */
  server: KeyAndCert
  /** The operator's (the app's) client certificate for mTLS. */
  client: KeyAndCert
}

const TEN_YEARS_MS = 10 * 365 * 24 * 3600 * 1000

// selfsigned is loaded on first use: the app's start-up does not pay for it.
const generator = async () => (await import('selfsigned')).generate

async function issue(commonName: string, ca: KeyAndCert, usage: 'server' | 'client'): Promise<KeyAndCert> {
  const generate = await generator()
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + TEN_YEARS_MS),
    ca,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      // The PSP's server certificate is also the client certificate it POSTs webhooks with (mTLS).
      { name: 'extKeyUsage', serverAuth: usage === 'server', clientAuth: true },
      ...(usage === 'server'
        ? [
            {
              name: 'subjectAltName' as const,
              altNames: [
                { type: 2 as const, value: 'localhost' },
                { type: 7 as const, ip: '127.0.0.1' },
                { type: 7 as const, ip: '::1' },
              ],
            },
          ]
        : []),
    ],
  })
  return { key: pems.private, cert: pems.cert }
}

export async function createSandboxPki(): Promise<SandboxPki> {
  const generate = await generator()
  const root = await generate([{ name: 'commonName', value: 'Jogo Limpo Sandbox PIX CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + TEN_YEARS_MS),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true },
    ],
  })
  const ca = { key: root.private, cert: root.cert }
  return {
    ca,
    server: await issue('localhost', ca, 'server'),
    client: await issue('jogo-limpo-app', ca, 'client'),
  }
}

/** The files a PSP would hand the operator, and the ones the sandbox keeps for itself. */
export const pkiFiles = {
  caCert: 'ca.crt',
  caKey: 'ca.key',
  serverCert: 'server.crt',
  serverKey: 'server.key',
  clientCert: 'client.crt',
  clientKey: 'client.key',
} as const

/** Reads the certificates from `dir`, making (with `make`) and writing them there first when absent. */
const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2'

export async function loadOrCreateSandboxPki(
  dir: string,
  make: () => Promise<SandboxPki> = createSandboxPki,
): Promise<SandboxPki> {
  const file = (name: keyof typeof pkiFiles) => path.join(dir, pkiFiles[name])
  const complete = Object.keys(pkiFiles).every((name) => existsSync(file(name as keyof typeof pkiFiles)))
  // A set made before the server certificate also served as the webhooks' client certificate
  // (clientAuth) is made again.
  const current = complete && new X509Certificate(readFileSync(file('serverCert'))).keyUsage?.includes(CLIENT_AUTH)
  if (!current) {
    const pki = await make()
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    // Certificates too: the data folder is the server account's alone.
    const write = (name: keyof typeof pkiFiles, text: string) => writeFileSync(file(name), text, { mode: 0o600 })
    write('caCert', pki.ca.cert)
    write('caKey', pki.ca.key)
    write('serverCert', pki.server.cert)
    write('serverKey', pki.server.key)
    write('clientCert', pki.client.cert)
    write('clientKey', pki.client.key)
    return pki
  }
  const read = (name: keyof typeof pkiFiles) => readFileSync(file(name), 'utf8')
  return {
    ca: { key: read('caKey'), cert: read('caCert') },
    server: { key: read('serverKey'), cert: read('serverCert') },
    client: { key: read('clientKey'), cert: read('clientCert') },
  }
}

let memory: Promise<SandboxPki> | undefined

/** One set of certificates per process, never written (tests, an app without a data directory). */
export function inMemorySandboxPki(): Promise<SandboxPki> {
  memory ??= createSandboxPki()
  return memory
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
