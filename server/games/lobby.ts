// What the lobby shows (SPEC 3, 6.1, 6.4): the catalog with each game's published figures and
// real plays (Popular is ordered by them), and the live figures — the jackpot pool, recent wins
// at or above the feed threshold with masked names, and the players with a game open now.
import { type Kysely, sql } from 'kysely'
import type { GameList, LiveView, WinItem } from '../../contract/games/api.ts'
import { coverUrl } from '../../contract/games/art.ts'
import { findGame, games, groups } from '../../contract/games/catalog.ts'
import { figuresKey } from '../../contract/games/figures.ts'
import { published } from '../../contract/games/published.ts'
import { publicUserNames } from '../accounts/players.ts'
import type { Database } from '../db/schema.ts'
import { jackpotView } from './jackpot.ts'
import { maskedPlayerName } from './rounds.ts'
import { playersByGame } from './sessions.ts'

const WEEK_MS = 7 * 24 * 3600_000
const FEED_WINDOW_MS = 24 * 3600_000
const FEED_SIZE = 10

export async function gameList(db: Kysely<Database>, now: number): Promise<GameList> {
  const rows = await db
    .selectFrom('game_rounds')
    .select(['game_id', (eb) => eb.fn.countAll().as('plays')])
    .where('created_at', '>', now - WEEK_MS)
    .groupBy('game_id')
    .execute()
  const plays = new Map(rows.map((row) => [row.game_id, Number(row.plays)]))
  const list = games.map((game) => ({
    id: game.id,
    name: game.name,
    iconUrl: coverUrl(game.id),
    title: game.group,
    layout: game.layout,
    // The card shows two decimals; the game's rules show four and the exact fraction.
    rtp: Number((published[figuresKey(game)]?.rtp ?? 0).toFixed(2)),
    volatility: published[figuresKey(game)]?.volatility ?? 'medium',
    minBet: Math.min(...game.betLevels),
    maxBet: Math.max(...game.betLevels),
    plays7d: plays.get(game.id) ?? 0,
  }))
  // A stable sort keeps catalog order among games with the same number of plays.
  const popular = [...list].sort((a, b) => b.plays7d - a.plays7d).map((game) => game.id)
  return { games: list, groups, popular }
}

async function recentWins(db: Kysely<Database>, now: number, threshold: number): Promise<WinItem[]> {
  const rows = await db
    .selectFrom('game_rounds')
    .select([
      'game_rounds.id',
      'game_rounds.player_id',
      'game_rounds.game_id',
      'game_rounds.win',
      'game_rounds.jackpot_win',
      'game_rounds.created_at',
    ])
    .where('game_rounds.created_at', '>', now - FEED_WINDOW_MS)
    .where(sql<number>`game_rounds.win + game_rounds.jackpot_win`, '>=', threshold)
    .orderBy('game_rounds.created_at', 'desc')
    .limit(FEED_SIZE)
    .execute()
  const names = await publicUserNames(db, [...new Set(rows.map((row) => Number(row.player_id)))])
  return rows.map((row) => ({
    roundId: row.id,
    playerName: maskedPlayerName(names.get(Number(row.player_id)) ?? null, Number(row.player_id)),
    gameId: row.game_id,
    gameName: findGame(row.game_id)?.name ?? row.game_id,
    amount: Number(row.win) + Number(row.jackpot_win),
    jackpot: Number(row.jackpot_win) > 0,
    createdAt: Number(row.created_at),
  }))
}

export async function liveView(db: Kysely<Database>, now: number, winFeedMin: number): Promise<LiveView> {
  const [jackpot, wins, open] = await Promise.all([
    jackpotView(db),
    recentWins(db, now, winFeedMin),
    playersByGame(db, now),
  ])
  const everyone = new Set(open.map((o) => o.playerId))
  const byGroup: Record<string, Set<number>> = Object.fromEntries(groups.map((g) => [g, new Set<number>()]))
  for (const { gameId, playerId } of open) {
    const group = findGame(gameId)?.group
    if (group) byGroup[group]?.add(playerId)
  }
  return {
    jackpot,
    wins,
    winThreshold: winFeedMin,
    playersNow: {
      popular: everyone.size,
      groups: Object.fromEntries(Object.entries(byGroup).map(([g, set]) => [g, set.size])),
    },
  }
}
