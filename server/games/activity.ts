// The play side of the player's activity view (issue 17): rounds, bets and wins per local day
// from the rounds table, and time played from the game sessions.
import type { Kysely } from 'kysely'
import { localDate } from '../accounts/periods.ts'
import type { Database } from '../db/schema.ts'

const DAY_MS = 24 * 3600_000

export async function roundActivity(
  db: Kysely<Database>,
  playerId: number,
  since: number,
  now: number,
  timeZone: string,
) {
  const chartSince = Math.max(since, now - 30 * DAY_MS)
  const rows = await db
    .selectFrom('game_rounds')
    .select(['bet', 'win', 'jackpot_win', 'created_at'])
    .where('player_id', '=', playerId)
    .where('created_at', '>=', since)
    .execute()
  const days = new Map<string, { date: string; bets: number; wins: number }>()
  for (const row of rows) {
    if (Number(row.created_at) < chartSince) continue
    const date = localDate(Number(row.created_at), timeZone)
    const day = days.get(date) ?? { date, bets: 0, wins: 0 }
    day.bets += Number(row.bet)
    day.wins += Number(row.win) + Number(row.jackpot_win)
    days.set(date, day)
  }
  return { rounds: rows.length, days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)) }
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
