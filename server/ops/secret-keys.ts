// Operators' TOTP secrets are sealed at rest (AES-256-GCM, bound to the operator's row) with a key
// that is not in the database: SECRETS_KEY (base64 keys, comma-separated) or the file
// SECRETS_KEY_FILE (one base64 key per line, 0600; by default DATA_DIR/secrets.key, made at first
// need). The first key seals; every listed key opens, so keys rotate without a stop: each start
// (and `npm run ops:rotate-secrets`) seals again, under the first key, every secret that is still
// plain text (a database from before) or under another key.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

const PREFIX = 'v1'

export interface KeySource {
  /** SECRETS_KEY: base64 keys of 32 bytes, comma-separated, the sealing key first. */
  keys?: string | undefined
  /** SECRETS_KEY_FILE, else `DATA_DIR/secrets.key`. */
  keyFile?: string | undefined
  dataDir: string
}

/** A key's id in the sealed text: not the key, only which one opens it. */
const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8)

/** Base64 keys of 32 bytes each, or an error naming what is wrong. */
export function parseKeys(text: string): Buffer[] {
  const keys = text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => Buffer.from(item, 'base64'))
  if (keys.length === 0) throw new Error('no key')
  if (keys.some((key) => key.length !== 32)) throw new Error('each key must be 32 bytes in base64')
  return keys
}

export class SecretKeyring {
  readonly #keys: Map<string, Buffer>
  readonly currentId: string

  constructor(keys: Buffer[]) {
    const [first] = keys
    if (!first) throw new Error('no key')
    this.currentId = keyId(first)
    this.#keys = new Map(keys.map((key) => [keyId(key), key]))
  }

  /** `v1.<key id>.<iv>.<ciphertext+tag>`; `context` (the row it belongs to) must match to open it. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.#keys.get(this.currentId) as Buffer, iv)
    cipher.setAAD(Buffer.from(context))
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
    return [PREFIX, this.currentId, iv.toString('base64url'), body.toString('base64url')].join('.')
  }

  /** The plain secret, or null when no listed key opens it (or it was moved to another row). */
  open(sealed: string, context: string): string | null {
    const [prefix, id, iv, body] = sealed.split('.')
    const key = id ? this.#keys.get(id) : undefined
    if (prefix !== PREFIX || !key || !iv || !body) return null
    try {
      const data = Buffer.from(body, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(context))
      decipher.setAuthTag(data.subarray(data.length - 16))
      return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
    } catch {
      return null
    }
  }

  /** Whether a stored value is sealed under the current key (nothing to do at rotation). */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`${PREFIX}.${this.currentId}.`)
  }
}

/** Whether a stored value is sealed at all (a database from before holds base32 text). */
export const isSealed = (stored: string) => stored.startsWith(`${PREFIX}.`)

/** The keyring from SECRETS_KEY, else from the key file (made 0600 with one new key at first need). */
export function loadKeyring(source: KeySource): SecretKeyring {
  if (source.keys) return new SecretKeyring(parseKeys(source.keys))
  const file = source.keyFile ?? path.join(source.dataDir, 'secrets.key')
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    // `wx`: two instances starting at once keep the first key written.
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  if ((statSync(file).mode & 0o077) !== 0) throw new Error(`${file} must be readable by its owner only (chmod 600)`)
  return new SecretKeyring(parseKeys(readFileSync(file, 'utf8')))
}

/** What an operator's sealed TOTP secret is bound to: it opens on this row only. */
export const totpContext = (operatorId: number | bigint) => `operator:${operatorId}:totp`

/**
 * Seals every TOTP secret that is plain text or under a key other than the first; answers how
 * many it sealed and how many no listed key opens (left as they are, named in the log).
 */
export async function sealTotpSecrets(
  db: Kysely<Database>,
  keyring: () => SecretKeyring,
): Promise<{ sealed: number; unreadable: number[] }> {
  const rows = await db
    .selectFrom('operators')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .execute()
  if (rows.length === 0) return { sealed: 0, unreadable: [] }
  const ring = keyring()
  let sealed = 0
  const unreadable: number[] = []
  for (const row of rows) {
    const stored = row.totp_secret as string
    if (ring.isCurrent(stored)) continue
    const context = totpContext(row.id)
    const plain = isSealed(stored) ? ring.open(stored, context) : stored
    if (plain === null) {
      unreadable.push(Number(row.id))
      continue
    }
    // Only if nobody changed it meanwhile (another instance sealing it at the same start).
    const done = await db
      .updateTable('operators')
      .set({ totp_secret: ring.seal(plain, context) })
      .where('id', '=', row.id)
      .where('totp_secret', '=', stored)
      .executeTakeFirst()
    if (done.numUpdatedRows > 0n) sealed++
  }
  return { sealed, unreadable }
}
