// Accounts' responsible-gaming records as the harm watch (server/harm) reads them: limits the
// player loosened (a raise or removal waits its 24 hours, so its history entry carries a pending
// change), reality checks answered "continue", the daily loss limit in force, and which players'
// limits or answers changed over a span.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { readSettings, settingsOf } from './limits.ts'

/** Limits the player raised or removed since `since` (each a history entry with a pending change). */
export async function limitRaisesSince(db: Kysely<Database>, playerId: number, since: number): Promise<number> {
  return (await limitRaisesSinceFor(db, [playerId], since)).get(playerId) ?? 0
}

/** `limitRaisesSince` for a batch of players in one query (absent: none). */
export async function limitRaisesSinceFor(db: Kysely<Database>, playerIds: readonly number[], since: number) {
  const counts = new Map<number, number>()
  if (playerIds.length === 0) return counts
  const rows = await db
    .selectFrom('limit_events')
    .select(['player_id', 'kind', 'detail'])
    .where('player_id', 'in', playerIds)
    .where('actor', '=', 'player')
    .where('created_at', '>=', since)
    .execute()
  for (const row of rows) {
    if (row.kind === 'registration' || row.kind === 'self_exclusion') continue
    const detail = JSON.parse(row.detail) as { pending?: unknown }
    if (detail.pending === null || detail.pending === undefined) continue
    counts.set(Number(row.player_id), (counts.get(Number(row.player_id)) ?? 0) + 1)
  }
  return counts
}

/** Reality checks the player answered "continue" since `since`. */
export async function realityDismissalsSince(db: Kysely<Database>, playerId: number, since: number): Promise<number> {
  return (await realityDismissalsSinceFor(db, [playerId], since)).get(playerId) ?? 0
}

/** `realityDismissalsSince` for a batch of players in one query (absent: none). */
export async function realityDismissalsSinceFor(db: Kysely<Database>, playerIds: readonly number[], since: number) {
  if (playerIds.length === 0) return new Map<number, number>()
  const rows = await db
    .selectFrom('reality_checks')
    .select(['player_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('player_id', 'in', playerIds)
    .where('answer', '=', 'continue')
    .where('answered_at', '>=', since)
    .groupBy('player_id')
    .execute()
  return new Map(rows.map((row) => [Number(row.player_id), Number(row.n)]))
}

/** The daily loss limit in force at `now` (centavos), or null. */
export async function dailyLossLimit(db: Kysely<Database>, playerId: number, now: number): Promise<number | null> {
  return (await readSettings(db, playerId, now))('loss_day').value
}

/** Each player's daily loss limit in force at `now` (absent: none), in one query for a batch. */
export async function dailyLossLimitFor(db: Kysely<Database>, playerIds: readonly number[], now: number) {
  const limits = new Map<number, number | null>()
  if (playerIds.length === 0) return limits
  const rows = await db
    .selectFrom('player_limits')
    .selectAll()
    .where('player_id', 'in', playerIds)
    .where('kind', '=', 'loss_day')
    .execute()
  for (const row of rows) limits.set(Number(row.player_id), settingsOf([row], now)('loss_day').value)
  return limits
}

/** Players who changed a limit or answered a reality check in [from, to). */
export async function playersWithLimitEventsBetween(db: Kysely<Database>, from: number, to: number) {
  const [events, answers] = await Promise.all([
    db
      .selectFrom('limit_events')
      .select('player_id')
      .distinct()
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .execute(),
    db
      .selectFrom('reality_checks')
      .select('player_id')
      .distinct()
      .where('answered_at', '>=', from)
      .where('answered_at', '<', to)
      .execute(),
  ])
  return [...events, ...answers].map((row) => Number(row.player_id))
}
