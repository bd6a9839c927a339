// The transparency page's figures, each read through the module that owns the data: a frozen
// day's (dayFigures) and the page's (pageView: rolling 24 h / 7 days / 30 days, the games over the
// last 30 local days — the frozen days' sums and today's rounds — the jackpot, six months of
// safer play). Local days and months are the market's (MARKET_TIME_ZONE).
import type { Kysely } from 'kysely'
import { games as currentGames, findGame } from '../../contract/games/catalog.ts'
import { figuresKey } from '../../contract/games/figures.ts'
import { jackpotRule } from '../../contract/games/jackpot.ts'
import { published } from '../../contract/games/published.ts'
import {
  type DayFigures,
  type GameRoundFigures,
  type GameView,
  LIMIT_CHANGES_RULE,
  type MonthFigures,
  rtpInterval,
  type TransparencyView,
} from '../../contract/transparency.ts'
import { saferPlayFigures } from '../accounts/transparency-queries.ts'
import type { Database } from '../db/schema.ts'
import { jackpotPool } from '../games/jackpot.ts'
import { lastJackpotWins, roundFigures } from '../games/transparency-queries.ts'
import { localDate, periodStart } from '../lib/periods.ts'
import {
  depositReturnFigures,
  type Period,
  paidWithdrawalCount,
  withdrawalFigures,
} from '../payments/transparency-queries.ts'
import { supportFigures } from '../support/transparency-queries.ts'

const HOUR = 3600_000
const DAY = 24 * HOUR
export const GAME_DAYS = 30
export const SAFER_PLAY_MONTHS = 6
export const LAST_JACKPOT_WINS = 5

/** A local date's bounds [start, next midnight) in the zone. */
export function dayPeriod(day: string, timeZone: string): Period {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  // Noon UTC falls on the same calendar date in every zone the market can be in (UTC−12…+11).
  const from = periodStart('day', Date.UTC(y, m - 1, d, 12), timeZone)
  const to = periodStart('day', Date.UTC(y, m - 1, d + 1, 12), timeZone)
  return { from, to }
}

/** The calendar date `n` days after (or before, when negative) `day`. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10)
}

export async function dayFigures(db: Kysely<Database>, period: Period): Promise<DayFigures> {
  return {
    withdrawals: await withdrawalFigures(db, period),
    depositReturns: await depositReturnFigures(db, period),
    games: await roundFigures(db, period),
    support: await supportFigures(db, period),
    saferPlay: { ...(await saferPlayFigures(db, period)), limitChangesRule: LIMIT_CHANGES_RULE },
  }
}

/** Adds up game figures of several periods, per game and version. */
export function sumGames(parts: readonly (readonly GameRoundFigures[])[]): GameRoundFigures[] {
  const sums = new Map<string, GameRoundFigures>()
  for (const part of parts) {
    for (const g of part) {
      const key = `${g.gameId}@${g.version}`
      const into = sums.get(key)
      if (!into) sums.set(key, { ...g })
      else {
        into.rounds += g.rounds
        into.bets += g.bets
        into.wins += g.wins
        into.betSquares += g.betSquares
        into.jackpotContributions += g.jackpotContributions
        into.jackpotWins += g.jackpotWins
        into.jackpotWon += g.jackpotWon
      }
    }
  }
  return [...sums.values()].sort((a, b) => a.gameId.localeCompare(b.gameId) || a.version - b.version)
}

const round4 = (value: number) => Number(value.toFixed(4))

/** Every current game (rounds or not) and every earlier version that has rounds, with its published figures. */
export function gameViews(sums: readonly GameRoundFigures[]): GameView[] {
  const keyed = new Map(sums.map((g) => [`${g.gameId}@${g.version}`, g]))
  for (const game of currentGames) {
    const key = figuresKey(game)
    if (!keyed.has(key))
      keyed.set(key, {
        gameId: game.id,
        version: game.version,
        rounds: 0,
        bets: 0,
        wins: 0,
        betSquares: 0,
        jackpotContributions: 0,
        jackpotWins: 0,
        jackpotWon: 0,
      })
  }
  const views: GameView[] = []
  for (const g of keyed.values()) {
    const game = findGame(g.gameId, g.version)
    const figures = game ? published[figuresKey(game)] : undefined
    if (!game || !figures) continue
    const gameRtp = (figures.baseRtp + figures.freeSpinsRtp) / 100
    const interval = rtpInterval(gameRtp, figures.winVariance, g.rounds, g.bets, g.betSquares)
    views.push({
      gameId: g.gameId,
      name: game.name,
      version: g.version,
      publishedRtp: figures.rtp,
      publishedGameRtp: round4(gameRtp * 100),
      rounds: g.rounds,
      bets: g.bets,
      wins: g.wins,
      realisedRtp: g.bets > 0 ? round4((g.wins / g.bets) * 100) : null,
      interval: interval ? { low: round4(interval.low * 100), high: round4(interval.high * 100) } : null,
    })
  }
  return views.sort((a, b) => a.name.localeCompare(b.name) || b.version - a.version)
}

export interface PageInputs {
  now: number
  timeZone: string
  /** The frozen days of the last 30 local days (today excluded), and the chain's summary. */
  frozen: { day: string; games: GameRoundFigures[] }[]
  chain: TransparencyView['chain']
  liabilities: TransparencyView['liabilities']
}

export async function pageView(db: Kysely<Database>, input: PageInputs): Promise<TransparencyView> {
  const { now, timeZone } = input
  const end = now + 1
  const last = (ms: number): Period => ({ from: end - ms, to: end })
  const month = last(30 * DAY)

  const today = localDate(now, timeZone)
  const since = addDays(today, -(GAME_DAYS - 1))
  const frozen = input.frozen.filter((f) => f.day >= since && f.day < today)
  // Rounds after the last frozen day (today, and a day not frozen yet) are read live.
  const lastFrozen = frozen.at(-1)?.day
  const liveFrom = dayPeriod(lastFrozen ? addDays(lastFrozen, 1) : since, timeZone).from
  const live = await roundFigures(db, { from: liveFrom, to: end })
  const games = sumGames([...frozen.map((f) => f.games), live])

  const saferPlay: MonthFigures[] = []
  let monthStart = periodStart('month', now, timeZone)
  let monthEnd = end
  for (let i = 0; i < SAFER_PLAY_MONTHS; i++) {
    const figures = await saferPlayFigures(db, { from: monthStart, to: monthEnd })
    saferPlay.unshift({ month: localDate(monthStart, timeZone).slice(0, 7), ...figures })
    monthEnd = monthStart
    monthStart = periodStart('month', monthStart - 1, timeZone)
  }

  return {
    computedAt: now,
    timeZone,
    paid: {
      last24h: await paidWithdrawalCount(db, last(DAY)),
      last7d: await paidWithdrawalCount(db, last(7 * DAY)),
      last30d: await paidWithdrawalCount(db, month),
    },
    withdrawals: await withdrawalFigures(db, month),
    depositReturns: await depositReturnFigures(db, month),
    games: gameViews(games),
    gamesSince: since,
    jackpot: {
      pool: await jackpotPool(db),
      contributed30d: games.reduce((sum, g) => sum + g.jackpotContributions, 0),
      won30d: games.reduce((sum, g) => sum + g.jackpotWon, 0),
      wins30d: games.reduce((sum, g) => sum + g.jackpotWins, 0),
      lastWins: await lastJackpotWins(db, LAST_JACKPOT_WINS),
      rule: jackpotRule,
    },
    support: await supportFigures(db, month),
    saferPlay,
    chain: input.chain,
    liabilities: input.liabilities,
  }
}
