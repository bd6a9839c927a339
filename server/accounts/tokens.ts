// Session tokens: 256 random bits given to the client once, stored only as a SHA-256 hash,
// tied to the device they were issued to, with a sliding expiry and revocation (logout, device
// revoked).
import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { randomToken, sha256Hex } from '../lib/secrets.ts'

// Extending the expiry on every request would turn each read into a write; once a minute is
// precise enough for a 30-day window.
const SLIDE_GRANULARITY_MS = 60_000

export async function issueToken(
  db: Kysely<Database>,
  playerId: number,
  deviceId: number,
  now: number,
  ttlSeconds: number,
): Promise<string> {
  const token = randomToken()
  await db
    .insertInto('session_tokens')
    .values({
      token_hash: sha256Hex(token),
      player_id: playerId,
      device_id: deviceId,
      created_at: now,
      expires_at: now + ttlSeconds * 1000,
      revoked_at: null,
    })
    .execute()
  return token
}

export interface Session {
  playerId: number
  /** The device row the token was issued to (null only for tokens older than devices). */
  deviceId: number | null
  tokenHash: string
}

/** The session behind the token, or undefined when it is unknown, expired or revoked. */
export async function verifyToken(
  db: Kysely<Database>,
  token: string,
  now: number,
  ttlSeconds: number,
): Promise<Session | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined
  const tokenHash = sha256Hex(token)
  const row = await db
    .selectFrom('session_tokens')
    .select(['player_id', 'device_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!row || row.revoked_at !== null || Number(row.expires_at) <= now) return undefined
  const slidTo = now + ttlSeconds * 1000
  const deviceId = row.device_id === null ? null : Number(row.device_id)
  if (slidTo - Number(row.expires_at) > SLIDE_GRANULARITY_MS) {
    await db.updateTable('session_tokens').set({ expires_at: slidTo }).where('token_hash', '=', tokenHash).execute()
    // The device list's "last seen", as precise as the expiry.
    if (deviceId !== null)
      await db.updateTable('devices').set({ last_seen_at: now }).where('id', '=', deviceId).execute()
  }
  return { playerId: Number(row.player_id), deviceId, tokenHash }
}

/**
 * True while the session token whose hash is in `hashColumn` still authenticates its player (not
 * revoked, not expired): for what another module lets live only as long as that token, checked
 * in the same statement (a primary-key probe) so every instance sees a revocation at once.
 */
export function tokenLive(hashColumn: string, now: number) {
  return sql<SqlBool>`exists (select 1 from session_tokens where session_tokens.token_hash = ${sql.ref(hashColumn)} and session_tokens.revoked_at is null and session_tokens.expires_at > ${now})`
}

/** Revokes one token; answers its hash (what push sockets are keyed by). */
export async function revokeToken(db: Kysely<Database>, token: string, now: number): Promise<string> {
  const tokenHash = sha256Hex(token)
  await db
    .updateTable('session_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute()
  return tokenHash
}

/** Revokes every live token of a device; answers their hashes. */
export async function revokeDeviceTokens(
  db: Kysely<Database> | Transaction<Database>,
  deviceId: number,
  now: number,
): Promise<string[]> {
  const rows = await db
    .updateTable('session_tokens')
    .set({ revoked_at: now })
    .where('device_id', '=', deviceId)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute()
  return rows.map((row) => row.token_hash)
}

/** Of these token hashes, the ones no longer valid (revoked, expired or unknown). */
export async function invalidTokenHashes(db: Kysely<Database>, hashes: string[], now: number): Promise<string[]> {
  if (hashes.length === 0) return []
  const live = await db
    .selectFrom('session_tokens')
    .select('token_hash')
    .where('token_hash', 'in', hashes)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute()
  const valid = new Set(live.map((row) => row.token_hash))
  return hashes.filter((hash) => !valid.has(hash))
}
