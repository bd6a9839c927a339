// What the public transparency page reads from the games: each game version's rounds, bets,
// wins and jackpot movements over a period [from, to) (from the rounds' time index), and the
// latest jackpot wins with masked names (from a partial index of the rounds that won it).
import { type Kysely, sql } from 'kysely'
import { findGame } from '../../contract/games/catalog.ts'
import type { GameRoundFigures, JackpotWinView } from '../../contract/transparency.ts'
import { publicUserNames } from '../accounts/players.ts'
import type { Database } from '../db/schema.ts'
import { maskedPlayerName } from './round-views.ts'

export async function roundFigures(
  db: Kysely<Database>,
  period: { from: number; to: number },
): Promise<GameRoundFigures[]> {
  const rows = await db
    .selectFrom('game_rounds')
    .select((eb) => [
      'game_id',
      'game_version',
      eb.fn.countAll<number>().as('rounds'),
      eb.fn.sum<number>('bet').as('bets'),
      eb.fn.sum<number>('win').as('wins'),
      eb.fn.sum<number>(sql`bet * bet`).as('bet_squares'),
      eb.fn.sum<number>('jackpot_contribution').as('contributions'),
      eb.fn.sum<number>(sql`case when jackpot_win > 0 then 1 else 0 end`).as('jackpot_wins'),
      eb.fn.sum<number>('jackpot_win').as('jackpot_won'),
    ])
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.to)
    .groupBy(['game_id', 'game_version'])
    .execute()
  return rows
    .map((r) => ({
      gameId: r.game_id,
      version: Number(r.game_version),
      rounds: Number(r.rounds),
      bets: Number(r.bets),
      wins: Number(r.wins),
      betSquares: Number(r.bet_squares),
      jackpotContributions: Number(r.contributions),
      jackpotWins: Number(r.jackpot_wins),
      jackpotWon: Number(r.jackpot_won),
    }))
    .sort((a, b) => a.gameId.localeCompare(b.gameId) || a.version - b.version)
}

/** The latest jackpot wins, newest first, with the winner's name masked. */
export async function lastJackpotWins(db: Kysely<Database>, limit: number): Promise<JackpotWinView[]> {
  const rows = await db
    .selectFrom('game_rounds')
    .select(['id', 'player_id', 'game_id', 'jackpot_win', 'created_at'])
    .where('jackpot_win', '>', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  const names = await publicUserNames(db, [...new Set(rows.map((row) => Number(row.player_id)))])
  return rows.map((row) => ({
    player: maskedPlayerName(names.get(Number(row.player_id)) ?? null, Number(row.player_id)),
    gameName: findGame(row.game_id)?.name ?? row.game_id,
    amount: Number(row.jackpot_win),
    at: Number(row.created_at),
  }))
}
