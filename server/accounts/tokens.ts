// Session tokens: 256 random bits given to the client once, stored only as a SHA-256 hash,
// tied to the device they were issued to, with a sliding expiry, revocation (logout, device
// revoked) and an end for want of activity: `idle_at` moves forward with each authenticated call
// (and each call of a game the session launched), and a token past it is dead everywhere it is
// checked — the API's hook, the game page's calls and the push hub's sweep of every instance.
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
  idleMs = 0,
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
      idle_at: idleMs > 0 ? now + idleMs : null,
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

/** Why a token no longer authenticates: `idle` when its session ended for want of activity. */
export interface DeadSession {
  ended: 'idle' | 'invalid'
  tokenHash?: string
  deviceId?: number | null
}

/**
 * The session behind the token, marked active (its expiry and idle end moved forward, once a
 * minute); or why it is dead. A token found past its idle end is revoked here, and its device
 * must then log in with a passkey or the password (`idle_ended_at`).
 */
export async function verifyToken(
  db: Kysely<Database>,
  token: string,
  now: number,
  ttlSeconds: number,
  idleMs = 0,
): Promise<Session | DeadSession> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ended: 'invalid' }
  const tokenHash = sha256Hex(token)
  const row = await db
    .selectFrom('session_tokens')
    .select(['player_id', 'device_id', 'expires_at', 'revoked_at', 'idle_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!row || row.revoked_at !== null || Number(row.expires_at) <= now) return { ended: 'invalid' }
  const deviceId = row.device_id === null ? null : Number(row.device_id)
  if (row.idle_at !== null && Number(row.idle_at) <= now) {
    await endIdle(db, tokenHash, deviceId, Number(row.idle_at))
    return { ended: 'idle', tokenHash, deviceId }
  }
  const slidTo = now + ttlSeconds * 1000
  const idleTo = idleMs > 0 ? now + idleMs : null
  const idleStale = idleTo !== null && (row.idle_at === null || idleTo - Number(row.idle_at) > SLIDE_GRANULARITY_MS)
  if (slidTo - Number(row.expires_at) > SLIDE_GRANULARITY_MS || idleStale) {
    await db
      .updateTable('session_tokens')
      .set({ expires_at: slidTo, idle_at: idleTo })
      .where('token_hash', '=', tokenHash)
      .execute()
    // The device list's "last seen", as precise as the expiry.
    if (deviceId !== null)
      await db.updateTable('devices').set({ last_seen_at: now }).where('id', '=', deviceId).execute()
  }
  return { playerId: Number(row.player_id), deviceId, tokenHash }
}

/** True for a live session, false for a dead one's reason. */
export function isLive(session: Session | DeadSession): session is Session {
  return !('ended' in session)
}

/**
 * Ends a session that passed its idle end: the token is revoked as of that moment, and its device
 * no longer logs in by its id and secret alone (a passkey or the password clears that).
 */
async function endIdle(db: Kysely<Database>, tokenHash: string, deviceId: number | null, at: number): Promise<void> {
  await db
    .updateTable('session_tokens')
    .set({ revoked_at: at })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute()
  if (deviceId !== null) await db.updateTable('devices').set({ idle_ended_at: at }).where('id', '=', deviceId).execute()
}

/**
 * A call of a game this session launched is activity: moves the launching token's idle end
 * forward (at most one write a minute), unless it already passed.
 */
export async function noteActivity(db: Kysely<Database>, tokenHash: string, now: number, idleMs: number) {
  if (idleMs <= 0) return
  await db
    .updateTable('session_tokens')
    .set({ idle_at: now + idleMs })
    .where('token_hash', '=', tokenHash)
    .where('idle_at', '>', now)
    .where('idle_at', '<', now + idleMs - SLIDE_GRANULARITY_MS)
    .execute()
}

/**
 * True while the session token whose hash is in `hashColumn` still authenticates its player (not
 * revoked, not expired): for what another module lets live only as long as that token, checked
 * in the same statement (a primary-key probe) so every instance sees a revocation at once.
 */
export function tokenLive(hashColumn: string, now: number) {
  return sql<SqlBool>`exists (select 1 from session_tokens where session_tokens.token_hash = ${sql.ref(hashColumn)} and session_tokens.revoked_at is null and session_tokens.expires_at > ${now} and (session_tokens.idle_at is null or session_tokens.idle_at > ${now}))`
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

/** Of these token hashes, the ones no longer valid (revoked, expired, idle past their end, or unknown). */
export async function invalidTokenHashes(db: Kysely<Database>, hashes: string[], now: number): Promise<string[]> {
  if (hashes.length === 0) return []
  const live = await db
    .selectFrom('session_tokens')
    .select('token_hash')
    .where('token_hash', 'in', hashes)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where((eb) => eb.or([eb('idle_at', 'is', null), eb('idle_at', '>', now)]))
    .execute()
  const valid = new Set(live.map((row) => row.token_hash))
  return hashes.filter((hash) => !valid.has(hash))
}
