// What the lobby shows: the catalog with each game's published figures and
// real plays (Popular is ordered by them), and the live figures — the jackpot pool, recent wins
// at or above the feed threshold (and above their bet) with masked names, and the players with a game open now.
import { type Kysely, sql } from 'kysely'
import type { GameList, LiveView, WinItem } from '../../contract/games/api.ts'
import { coverUrl } from '../../contract/games/art.ts'
import { findGame, games, groups } from '../../contract/games/catalog.ts'
import { figuresKey } from '../../contract/games/figures.ts'
import { published } from '../../contract/games/published.ts'
import type { GameOffReason } from '../../contract/ops.ts'
import { publicUserNames } from '../accounts/players.ts'
import type { Database } from '../db/schema.ts'
import { jackpotView } from './jackpot.ts'
import type { PlayCounts } from './play-counts.ts'
import { maskedPlayerName } from './round-views.ts'
import { offReason, playersByGame } from './sessions.ts'

const FEED_WINDOW_MS = 24 * 3600_000
const FEED_SIZE = 10
/** A spin's round may commit this long after its `created_at`. */
const SETTLE_MS = 60_000

export async function gameList(
  db: Kysely<Database>,
  now: number,
  playCounts: PlayCounts,
  gamesOff: Record<string, { reason: GameOffReason }> = {},
): Promise<GameList> {
  const plays = await playCounts.lastWeek(db, now)
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
    unavailable: offReason(gamesOff, game.id),
  }))
  // A stable sort keeps catalog order among games with the same number of plays.
  const popular = [...list].sort((a, b) => b.plays7d - a.plays7d).map((game) => game.id)
  return { games: list, groups, popular }
}

type WinRow = { id: string; player_id: number; game_id: string; win: number; jackpot_win: number; created_at: number }

function winsSince(db: Kysely<Database>, since: number, threshold: number) {
  return (
    db
      .selectFrom('game_rounds')
      .select(['id', 'player_id', 'game_id', 'win', 'jackpot_win', 'created_at'])
      .where('created_at', '>', since)
      .where(sql<number>`win + jackpot_win`, '>=', threshold)
      // A return at or below the bet is a loss, never a win in the feed.
      .where((eb) => eb(sql<number>`win + jackpot_win`, '>', eb.ref('bet')))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(FEED_SIZE)
      .execute()
  )
}

/**
 * The feed of recent big wins, kept between requests: each read scans only the rounds since the
 * last read (less a margin for spins that commit a little after their `created_at`), not the
 * whole day's, and merges them into the ten it has.
 */
export class WinFeed {
  #rows: WinRow[] = []
  #scannedTo: number | null = null
  #threshold: number | null = null

  async rows(db: Kysely<Database>, now: number, threshold: number): Promise<WinRow[]> {
    const windowStart = now - FEED_WINDOW_MS
    const fresh = this.#scannedTo === null || this.#threshold !== threshold || now < this.#scannedTo
    const since = fresh ? windowStart : Math.max(windowStart, (this.#scannedTo as number) - SETTLE_MS)
    const found = await winsSince(db, since, threshold)
    const byId = new Map((fresh ? [] : this.#rows).map((row) => [row.id, row]))
    for (const row of found) byId.set(row.id, row)
    this.#rows = [...byId.values()]
      .filter((row) => Number(row.created_at) > windowStart)
      .sort((a, b) => Number(b.created_at) - Number(a.created_at) || (a.id < b.id ? 1 : -1))
      .slice(0, FEED_SIZE)
    this.#scannedTo = now
    this.#threshold = threshold
    return this.#rows
  }
}

async function recentWins(db: Kysely<Database>, now: number, threshold: number, feed: WinFeed): Promise<WinItem[]> {
  const rows = await feed.rows(db, now, threshold)
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

export async function liveView(
  db: Kysely<Database>,
  now: number,
  winFeedMin: number,
  feed: WinFeed,
): Promise<LiveView> {
  const [jackpot, wins, open] = await Promise.all([
    jackpotView(db),
    recentWins(db, now, winFeedMin, feed),
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
