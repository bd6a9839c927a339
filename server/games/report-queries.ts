// What the finance and regulatory reports read from games: which game each round was (the
// ledger's bets and wins name their round, `round:<id>`, and the finance report joins this
// query to count GGR per game), and every round of a period, streamed in pages by time and id.
import type { Kysely } from 'kysely'
import type { Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'

/**
 * The round → game look-up the ledger joins (as a subquery) to its bet and win transfers. On
 * PostgreSQL the rounds are partitioned by month and a round id alone would be looked for in every
 * month (or every round read into a hash); the rounds' key table holds each round's game, one row
 * per round id.
 */
export function roundGamesQuery(db: Kysely<Database>, engine: Engine) {
  return engine === 'postgres'
    ? db.selectFrom('game_round_keys').select(['game_round_keys.id as round_id', 'game_round_keys.game_id as game_id'])
    : db.selectFrom('game_rounds').select(['game_rounds.id as round_id', 'game_rounds.game_id as game_id'])
}

export interface ReportRound {
  id: string
  playerId: number
  gameId: string
  gameVersion: number
  bet: number
  win: number
  jackpotWin: number
  createdAt: number
}

/**
 * Every round played in [start, end), oldest first, read `pageSize` at a time (never the period at
 * once); after `from` (a round's time and id) when given.
 */
export async function* roundsBetween(
  db: Kysely<Database>,
  start: number,
  end: number,
  pageSize = 500,
  from: { at: number; id: string } | null = null,
): AsyncGenerator<ReportRound> {
  // The cursor starts just before the period's first instant (every id sorts after ''), or after
  // the round a caller resuming a stream stopped at.
  let after = from ?? { at: start, id: '' }
  for (;;) {
    const cursor = after
    const rows = await db
      .selectFrom('game_rounds')
      .select(['id', 'player_id', 'game_id', 'game_version', 'bet', 'win', 'jackpot_win', 'created_at'])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .where((eb) =>
        eb.or([eb('created_at', '>', cursor.at), eb.and([eb('created_at', '=', cursor.at), eb('id', '>', cursor.id)])]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(pageSize)
      .execute()
    for (const r of rows)
      yield {
        id: r.id,
        playerId: Number(r.player_id),
        gameId: r.game_id,
        gameVersion: Number(r.game_version),
        bet: Number(r.bet),
        win: Number(r.win),
        jackpotWin: Number(r.jackpot_win),
        createdAt: Number(r.created_at),
      }
    const last = rows.at(-1)
    if (rows.length < pageSize || !last) return
    after = { at: Number(last.created_at), id: last.id }
  }
}
