// Session tokens: 256 random bits given to the client once, stored only as a SHA-256 hash,
// with a sliding expiry and revocation on logout.
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

// Extending the expiry on every request would turn each read into a write; once a minute is
// precise enough for a 30-day window.
const SLIDE_GRANULARITY_MS = 60_000

/** SHA-256 as lowercase hex: how secrets handed to clients are stored, and how seeds are committed. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** 256 random bits, URL-safe: session tokens, launch tokens, game-session tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

export async function issueToken(db: Kysely<Database>, playerId: number, now: number, ttlSeconds: number) {
  const token = randomToken()
  await db
    .insertInto('session_tokens')
    .values({
      token_hash: sha256Hex(token),
      player_id: playerId,
      created_at: now,
      expires_at: now + ttlSeconds * 1000,
      revoked_at: null,
    })
    .execute()
  return token
}

/** The player the token belongs to, or undefined when it is unknown, expired or revoked. */
export async function verifyToken(
  db: Kysely<Database>,
  token: string,
  now: number,
  ttlSeconds: number,
): Promise<number | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined
  const tokenHash = sha256Hex(token)
  const row = await db
    .selectFrom('session_tokens')
    .select(['player_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!row || row.revoked_at !== null || Number(row.expires_at) <= now) return undefined
  const slidTo = now + ttlSeconds * 1000
  if (slidTo - Number(row.expires_at) > SLIDE_GRANULARITY_MS) {
    await db.updateTable('session_tokens').set({ expires_at: slidTo }).where('token_hash', '=', tokenHash).execute()
  }
  return Number(row.player_id)
}

export async function revokeToken(db: Kysely<Database>, token: string, now: number): Promise<void> {
  await db
    .updateTable('session_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', sha256Hex(token))
    .where('revoked_at', 'is', null)
    .execute()
}
