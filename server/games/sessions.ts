// Game sessions: `/game/forward` creates a session and a launch token that opens it
// once, within a minute; the game page trades it for a game-session token that only plays this
// game (the player's own session token never reaches the game page). A session counts as a
// player "now" while it is open and was seen in the last two minutes. A game session ends with the
// player's session token that launched it (logout, device revoked, an operator ending every
// session, expiry): every game-page call checks that token in the same statement.
import { randomBytes } from 'node:crypto'
import type { ExpressionBuilder, Kysely } from 'kysely'
import type { GameOffReason } from '../../contract/ops.ts'
import { refuseIfHeld } from '../accounts/account-holds.ts'
import { activeSelfExclusion, mandatoryLimitsSet } from '../accounts/limits.ts'
import { adultConfirmed } from '../accounts/players.ts'
import { noteActivity, tokenLive } from '../accounts/tokens.ts'
import type { Database } from '../db/schema.ts'
import { randomToken, sha256Hex } from '../lib/secrets.ts'
import { Refusal } from '../refusal.ts'
import { refuseIfRegisterBlocked } from '../sigap/gate.ts'
import { refuseOverTimeLimit } from './play-limits.ts'

export const LAUNCH_TOKEN_TTL_MS = 60_000
/** A session not seen for this long no longer counts as playing now. */
export const SESSION_IDLE_MS = 120_000
/** A session token stops working after this long without a call. */
export const SESSION_EXPIRY_MS = 12 * 3600_000

export interface GameSessionRow {
  id: string
  playerId: number
  gameId: string
}

/** A new session of the game, launched with the player's session token whose hash is `accessTokenHash`. */
export async function createSession(
  db: Kysely<Database>,
  playerId: number,
  gameId: string,
  accessTokenHash: string,
  now: number,
) {
  const launchToken = randomToken()
  const id = randomBytes(12).toString('hex')
  await db
    .insertInto('game_sessions')
    .values({
      id,
      player_id: playerId,
      game_id: gameId,
      launch_token_hash: sha256Hex(launchToken),
      launch_expires_at: now + LAUNCH_TOKEN_TTL_MS,
      session_token_hash: null,
      opened_at: null,
      last_seen_at: now,
      closed_at: null,
      created_at: now,
      access_token_hash: accessTokenHash,
    })
    .execute()
  return { sessionId: id, launchToken }
}

/** Trades a launch token (once, before it expires) for a game-session token. */
export async function openSession(db: Kysely<Database>, launchToken: string, now: number) {
  const sessionToken = randomToken()
  const row = await db
    .updateTable('game_sessions')
    .set({ session_token_hash: sha256Hex(sessionToken), opened_at: now, last_seen_at: now })
    .where('launch_token_hash', '=', sha256Hex(launchToken))
    .where('launch_expires_at', '>', now)
    .where('opened_at', 'is', null)
    .where('closed_at', 'is', null)
    .where(tokenLive('game_sessions.access_token_hash', now))
    .returning(['id', 'player_id', 'game_id'])
    .executeTakeFirst()
  if (!row) return null
  return { id: row.id, playerId: Number(row.player_id), gameId: row.game_id, sessionToken }
}

/**
 * The open session a game-session token belongs to, marked seen (one statement): the game
 * page's calls. A spin looks it up and marks it lazily instead (`sessionLookup`, `sessionSeenLazily`).
 */
export async function authenticateSession(
  db: Kysely<Database>,
  sessionToken: string,
  now: number,
  idleMs = 0,
): Promise<GameSessionRow | null> {
  const rows = await sessionTouch(db, sessionToken, now).execute()
  // A game in progress is activity: the player's session that launched it does not end idle.
  const launchedWith = rows[0]?.access_token_hash
  if (launchedWith) await noteActivity(db, launchedWith, now, idleMs)
  return sessionOf(rows)
}

/**
 * The session a game-session token (by its hash) names, if it is open, has not expired and the
 * player's session token that launched it still stands.
 */
const openWithToken = (tokenHash: string, now: number) => (eb: ExpressionBuilder<Database, 'game_sessions'>) =>
  eb.and([
    eb('session_token_hash', '=', tokenHash),
    eb('closed_at', 'is', null),
    eb('last_seen_at', '>', now - SESSION_EXPIRY_MS),
    tokenLive('game_sessions.access_token_hash', now),
  ])

/** `authenticateSession`'s one statement. */
function sessionTouch(db: Kysely<Database>, sessionToken: string, now: number) {
  return db
    .updateTable('game_sessions')
    .set({ last_seen_at: now })
    .where(openWithToken(sha256Hex(sessionToken), now))
    .returning(['id', 'player_id', 'game_id', 'access_token_hash'])
}

/**
 * A spin writes its session's `last_seen_at` only when it is this old: the column is indexed, so
 * each write is a new row version with new index entries — on every spin, the largest write a
 * losing spin made after its round. Time played counts the spin's own session up to the spin
 * (`playTimeOf`), so nothing a limit or a reality check reads is later; "players now" (two
 * minutes) and the session's expiry (hours) see it at most this late.
 */
export const SEEN_WRITE_EVERY_MS = 10_000

/** The open session a game-session token (by its SHA-256 hash) belongs to, without marking it seen (`sessionOf`). */
export function sessionLookup(db: Kysely<Database>, tokenHash: string, now: number) {
  return db.selectFrom('game_sessions').select(['id', 'player_id', 'game_id']).where(openWithToken(tokenHash, now))
}

/** Marks the token's open session seen if it was last marked `SEEN_WRITE_EVERY_MS` ago or more. */
export function sessionSeenLazily(db: Kysely<Database>, tokenHash: string, now: number) {
  return db
    .updateTable('game_sessions')
    .set({ last_seen_at: now })
    .where(openWithToken(tokenHash, now))
    .where('last_seen_at', '<=', now - SEEN_WRITE_EVERY_MS)
    .returning('id')
}

type TouchedRow = { id: string; player_id: number | string; game_id: string }

/** The session `sessionTouch` touched, or null when the token names no open session. */
export function sessionOf(rows: readonly TouchedRow[]): GameSessionRow | null {
  const row = rows[0]
  return row ? { id: row.id, playerId: Number(row.player_id), gameId: row.game_id } : null
}

/**
 * The player closes a game (the frame's close, "parar" at a reality check). Time played counts a
 * session up to its last sign of life (`last_seen_at`), which a spin writes only every few seconds:
 * the close is one too, so the span reaches it — unless the page had not been seen for
 * `SESSION_IDLE_MS` (hidden or asleep: its pings stopped), when nobody was playing until the close.
 */
export async function closeSession(db: Kysely<Database>, playerId: number, sessionId: string, now: number) {
  const result = await db
    .updateTable('game_sessions')
    .set((eb) => ({
      closed_at: now,
      last_seen_at: eb
        .case()
        .when('last_seen_at', '>', now - SESSION_IDLE_MS)
        .then(now)
        .else(eb.ref('last_seen_at'))
        .end(),
    }))
    .where('id', '=', sessionId)
    .where('player_id', '=', playerId)
    .where('closed_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Closes every open game session launched with one of these (revoked) session tokens, so the
 * player is no longer counted as playing; answers how many. (The game-page calls already refuse
 * them: `openWithToken`.)
 */
export async function closeSessionsLaunchedWith(
  db: Kysely<Database>,
  accessTokenHashes: string[],
  now: number,
): Promise<number> {
  if (accessTokenHashes.length === 0) return 0
  const result = await db
    .updateTable('game_sessions')
    .set({ closed_at: now })
    .where('access_token_hash', 'in', accessTokenHashes)
    .where('closed_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Distinct players with an open, recently seen session, per game. */
export async function playersByGame(
  db: Kysely<Database>,
  now: number,
): Promise<{ gameId: string; playerId: number }[]> {
  const rows = await db
    .selectFrom('game_sessions')
    .select(['game_id', 'player_id'])
    .distinct()
    .where('closed_at', 'is', null)
    .where('opened_at', 'is not', null)
    .where('last_seen_at', '>', now - SESSION_IDLE_MS)
    .execute()
  return rows.map((row) => ({ gameId: row.game_id, playerId: Number(row.player_id) }))
}

/** An operator switched the game off: nothing opens it and nothing spins in it until it is back on. */
export function refuseIfSwitchedOff(reason: GameOffReason | null): void {
  if (reason !== null) throw new Refusal('game_switched_off', { reason })
}

/** Why the game is switched off in the running settings (`config.gamesOff`), or null. */
export const offReason = (gamesOff: Record<string, { reason: GameOffReason }>, gameId: string) =>
  gamesOff[gameId]?.reason ?? null

/** The open-game gate: an adult not on a break and within their time limits may open a game. */
export async function launchSession(
  db: Kysely<Database>,
  playerId: number,
  gameId: string,
  accessTokenHash: string,
  now: number,
  timeZone: string,
) {
  if (!(await adultConfirmed(db, playerId))) throw new Refusal('age_not_confirmed')
  await refuseIfRegisterBlocked(db, playerId)
  await refuseIfHeld(db, playerId)
  const exclusion = await activeSelfExclusion(db, playerId, now)
  if (exclusion) throw new Refusal('self_excluded', { until: exclusion.until ?? 0 })
  // The registration's mandatory limits come before any play (Portaria SPA/MF 2.579/2025).
  if (!(await mandatoryLimitsSet(db, playerId, now))) throw new Refusal('registration_limits_required')
  await refuseOverTimeLimit(db, playerId, now, timeZone)
  return createSession(db, playerId, gameId, accessTokenHash, now)
}
