// Games' records as the harm watch (server/harm) reads them: the rounds of each player's own short
// span (losses before a deposit), the game sessions (length, how often, at night), the net loss and the time
// played over a span (the interventions' measured effect), and which players played over a span.
// Read from the records the spin already keeps, never on the spin's path.
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { Database } from '../db/schema.ts'

/**
 * Each player's rounds within their own span [from, to), oldest first (one query for a batch): the
 * harm watch asks only for the minutes before a player's recent deposits, not for every round of a
 * player who spins all day.
 */
export async function roundsWithinFor(db: Kysely<Database>, spans: ReadonlyMap<number, { from: number; to: number }>) {
  const byPlayer = new Map<number, { at: number; bet: number; win: number }[]>()
  if (spans.size === 0) return byPlayer
  const rows = await db
    .selectFrom('game_rounds')
    .select(['player_id', 'created_at', 'bet', 'win', 'jackpot_win'])
    .where((eb) =>
      eb.or(
        [...spans].map(([playerId, { from, to }]) =>
          eb.and([eb('player_id', '=', playerId), eb('created_at', '>=', from), eb('created_at', '<', to)]),
        ),
      ),
    )
    .orderBy('created_at')
    .execute()
  for (const row of rows) {
    const id = Number(row.player_id)
    const list = byPlayer.get(id) ?? []
    list.push({ at: Number(row.created_at), bet: Number(row.bet), win: Number(row.win) + Number(row.jackpot_win) })
    byPlayer.set(id, list)
  }
  return byPlayer
}

/** Net loss (stakes − wins) of the rounds in [from, to). */
export async function lossBetween(db: Kysely<Database>, playerId: number, from: number, to: number) {
  const row = await db
    .selectFrom('game_rounds')
    .select([
      (eb) => eb.fn.sum<number | string | null>('bet').as('bets'),
      sql<number | string | null>`sum(win + jackpot_win)`.as('wins'),
    ])
    .where('player_id', '=', playerId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow()
  return Number(row.bets ?? 0) - Number(row.wins ?? 0)
}

/** The game sessions the player had open since `since`: when each opened and when it last ran. */
export async function sessionsSince(db: Kysely<Database>, playerId: number, since: number, now: number) {
  return (await sessionsSinceFor(db, [playerId], since, now)).get(playerId) ?? []
}

/** Each of the players' game sessions open since `since`, by opening (one query for a batch). */
export async function sessionsSinceFor(db: Kysely<Database>, playerIds: readonly number[], since: number, now: number) {
  const byPlayer = new Map<number, { openedAt: number; endAt: number }[]>()
  if (playerIds.length === 0) return byPlayer
  const rows = await db
    .selectFrom('game_sessions')
    .select(['player_id', 'opened_at', 'last_seen_at', 'closed_at'])
    .where('player_id', 'in', playerIds)
    .where('opened_at', 'is not', null)
    .where('last_seen_at', '>=', since)
    .orderBy('opened_at')
    .execute()
  for (const row of rows) {
    const id = Number(row.player_id)
    const list = byPlayer.get(id) ?? []
    list.push({
      openedAt: Number(row.opened_at),
      endAt: Math.min(now, Number(row.closed_at ?? row.last_seen_at), Number(row.last_seen_at)),
    })
    byPlayer.set(id, list)
  }
  return byPlayer
}

/** Time with a game open in [from, to) (the union of the sessions' spans, so two tabs count once). */
export async function playedMsBetween(db: Kysely<Database>, playerId: number, from: number, to: number) {
  let total = 0
  let coveredTo = from
  for (const session of await sessionsSince(db, playerId, from, to)) {
    const end = Math.min(to, session.endAt)
    const start = Math.max(session.openedAt, coveredTo)
    if (end > start) total += end - start
    coveredTo = Math.max(coveredTo, end)
  }
  return total
}

/** Players whose game sessions ran in [from, to). */
export async function playersSeenBetween(db: Kysely<Database>, from: number, to: number): Promise<number[]> {
  const rows = await db
    .selectFrom('game_sessions')
    .select('player_id')
    .distinct()
    .where('last_seen_at', '>=', from)
    .where('last_seen_at', '<', to)
    .execute()
  return rows.map((row) => Number(row.player_id))
}
