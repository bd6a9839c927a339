// The play side of the player's activity view: rounds, bets and wins per local day
// from the day rows the spin keeps, and time played from the game sessions.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { playDaysSince } from './play-days.ts'

const DAY_MS = 24 * 3600_000

/**
 * Rounds, bets and wins since `since`, and per local day over the last 30 days at most, from the
 * day rows the spin keeps (play-days.ts): the cost follows the days, not the rounds.
 */
export async function roundActivity(
  db: Kysely<Database>,
  playerId: number,
  since: number,
  now: number,
  timeZone: string,
) {
  const chartSince = Math.max(since, now - 30 * DAY_MS)
  const [all, chart] = await Promise.all([
    playDaysSince(db, playerId, since, timeZone),
    chartSince === since ? undefined : playDaysSince(db, playerId, chartSince, timeZone),
  ])
  const sum = (key: 'rounds' | 'bets' | 'wins') => all.reduce((total, day) => total + day[key], 0)
  return {
    rounds: sum('rounds'),
    bets: sum('bets'),
    wins: sum('wins'),
    days: (chart ?? all).map(({ date, bets, wins }) => ({ date, bets, wins })),
  }
}

/** Time with a game open since `since` (the union of the sessions' spans, so two tabs count once). */
export async function timePlayedSince(db: Kysely<Database>, playerId: number, since: number, now: number) {
  const rows = await db
    .selectFrom('game_sessions')
    .select(['opened_at', 'last_seen_at', 'closed_at'])
    .where('player_id', '=', playerId)
    .where('opened_at', 'is not', null)
    .where('last_seen_at', '>=', since)
    .orderBy('opened_at')
    .execute()
  let total = 0
  let coveredTo = since
  for (const row of rows) {
    const end = Math.min(now, Number(row.closed_at ?? row.last_seen_at), Number(row.last_seen_at))
    const start = Math.max(Number(row.opened_at), coveredTo)
    if (end > start) total += end - start
    coveredTo = Math.max(coveredTo, end)
  }
  return total
}
