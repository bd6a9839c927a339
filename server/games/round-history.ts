// A player's rounds to read back: a page of their history (newest first), one round to verify
// (its server seed shown once revealed), and whether they have played at all.
import type { Kysely } from 'kysely'
import { type PageRequest, pageNewestFirst } from '../db/keyset.ts'
import type { Database } from '../db/schema.ts'
import { roundTotal } from './play-days.ts'
import { roundView } from './round-views.ts'

type RoundRow = Database['game_rounds']

/** A player's rounds with their seed pair, whose server seed is shown only once revealed. */
function playerRounds(db: Kysely<Database>, playerId: number) {
  return db
    .selectFrom('game_rounds')
    .innerJoin('fair_seeds', 'fair_seeds.id', 'game_rounds.seed_id')
    .selectAll('game_rounds')
    .select(['fair_seeds.server_seed', 'fair_seeds.revealed_at'])
    .where('game_rounds.player_id', '=', playerId)
}

type RoundWithSeed = Awaited<ReturnType<ReturnType<typeof playerRounds>['executeTakeFirstOrThrow']>>

const revealedView = (row: RoundWithSeed) => roundView(row, row.revealed_at === null ? null : row.server_seed)

/**
 * One page of a player's game history, newest first: by cursor (keyset on created_at, id) or by
 * page number. The total comes from the day rows (play-days.ts), not from counting every round.
 */
export async function roundHistory(db: Kysely<Database>, playerId: number, request: PageRequest) {
  const [page, total] = await Promise.all([
    pageNewestFirst(db.selectFrom('game_rounds').selectAll().where('player_id', '=', playerId), request),
    roundTotal(db, playerId),
  ])
  const rounds = await withSeeds(db, page.rows)
  return { rounds, total, pageNum: request.pageNum, pageSize: request.pageSize, nextCursor: page.nextCursor }
}

/** The rounds' views, each with its server seed once revealed (one look-up of the page's seeds). */
async function withSeeds(db: Kysely<Database>, rows: RoundRow[]) {
  const seedIds = [...new Set(rows.map((row) => Number(row.seed_id)))]
  const seeds =
    seedIds.length === 0
      ? []
      : await db
          .selectFrom('fair_seeds')
          .select(['id', 'server_seed', 'revealed_at'])
          .where('id', 'in', seedIds)
          .execute()
  const revealed = new Map(seeds.filter((seed) => seed.revealed_at !== null).map((seed) => [Number(seed.id), seed]))
  return rows.map((row) => roundView(row, revealed.get(Number(row.seed_id))?.server_seed ?? null))
}

/** One of the player's rounds (undefined when it is not theirs or does not exist). */
export async function playerRound(db: Kysely<Database>, playerId: number, roundId: string) {
  const row = await playerRounds(db, playerId).where('game_rounds.id', '=', roundId).executeTakeFirst()
  return row ? revealedView(row) : undefined
}

/** Whether the player has played any round. */
export async function hasPlayed(db: Kysely<Database>, playerId: number): Promise<boolean> {
  // limit 1: executeTakeFirst alone still reads every matching row. Ordered as the player's page
  // index (player_id, created_at, id): PostgreSQL otherwise bets a sequential scan finds a row
  // soon, and for a player who never played it reads the whole table.
  const row = await db
    .selectFrom('game_rounds')
    .select('id')
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
