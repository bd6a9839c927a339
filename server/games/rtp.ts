// Exact return-to-player by enumerating every combination of reel stops (SPEC 6.2). Classic
// games go through the engine's own `evaluate` for each combination; ways games (tens of
// millions of combinations) walk the reels depth-first, carrying each symbol's running number
// of ways, which gives every combination's exact win without re-evaluating the window — a test
// checks it against `evaluate` on a small game. The jackpot's share is added from its rule.
import { evaluate, type GameDef, type Volatility } from '../../contract/games/engine.ts'
import { jackpotRtp, jackpotRule } from '../../contract/games/jackpot.ts'
import type { PublishedFigures } from '../../contract/games/published.ts'

export interface RtpReport {
  gameId: string
  combinations: number
  /** Base game return per unit bet (fraction), exact up to floating-point division. */
  baseRtp: number
  jackpotRtp: number
  rtp: number
  /** Share of combinations that win anything. */
  hitFrequency: number
  /** Standard deviation of the base game's win per unit bet. */
  volatilityIndex: number
  volatility: Volatility
  /** The largest base-game win, in multiples of the bet. */
  maxWin: number
  millis: number
}

interface Tally {
  combinations: number
  sum: number
  sumSquares: number
  hits: number
  max: number
}

function add(tally: Tally, units: number, count = 1): void {
  tally.combinations += count
  if (units === 0) return
  tally.sum += units * count
  tally.sumSquares += units * units * count
  tally.hits += count
  if (units > tally.max) tally.max = units
}

function enumerateByEvaluation(game: GameDef, tally: Tally): void {
  const lengths = game.reels.map((strip) => strip.length)
  const stops = lengths.map(() => 0)
  for (;;) {
    add(tally, evaluate(game, stops).units)
    let reel = stops.length - 1
    while (reel >= 0 && stops[reel] === (lengths[reel] as number) - 1) {
      stops[reel] = 0
      reel--
    }
    if (reel < 0) return
    stops[reel] = (stops[reel] as number) + 1
  }
}

function enumerateWays(game: GameDef, tally: Tally): void {
  const symbols = Object.keys(game.pays).filter((s) => s !== game.wild && s !== game.scatter)
  const reelsCount = game.reels.length
  // counts[reel][stop * S + s]: how many cells of that window show symbol s or a wild.
  const counts = game.reels.map((strip) => {
    const table = new Int32Array(strip.length * symbols.length)
    const scatters = new Int32Array(strip.length)
    for (let stop = 0; stop < strip.length; stop++) {
      for (let row = 0; row < game.rows; row++) {
        const cell = strip[(stop + row) % strip.length]
        if (cell === game.scatter) scatters[stop] = (scatters[stop] as number) + 1
        symbols.forEach((s, i) => {
          if (cell === s || cell === game.wild)
            table[stop * symbols.length + i] = (table[stop * symbols.length + i] as number) + 1
        })
      }
    }
    return { table, scatters, length: strip.length }
  })
  const pays = symbols.map((s) => Array.from({ length: reelsCount + 1 }, (_, n) => game.pays[s]?.[n - 1] ?? 0))
  const ways = Array.from({ length: reelsCount + 1 }, () => new Float64Array(symbols.length))
  ;(ways[0] as Float64Array).fill(1)

  const walk = (reel: number, units: number, scatterCount: number): void => {
    const { table, scatters, length } = counts[reel] as (typeof counts)[number]
    const before = ways[reel] as Float64Array
    const after = ways[reel + 1] as Float64Array
    const last = reel === reelsCount - 1
    for (let stop = 0; stop < length; stop++) {
      let u = units
      for (let i = 0; i < symbols.length; i++) {
        const running = before[i] as number
        if (running === 0) {
          after[i] = 0
          continue
        }
        const c = table[stop * symbols.length + i] as number
        if (c === 0) {
          // The run of symbol i ended at `reel` matching reels.
          u += ((pays[i] as number[])[reel] as number) * running
          after[i] = 0
        } else {
          after[i] = running * c
          if (last) u += ((pays[i] as number[])[reelsCount] as number) * running * c
        }
      }
      const sc = scatterCount + (scatters[stop] as number)
      if (last) add(tally, u + (game.scatterPays[sc] ?? 0))
      else walk(reel + 1, u, sc)
    }
  }
  walk(0, 0, 0)
}

function volatilityOf(index: number): Volatility {
  if (index < 4) return 'low'
  if (index < 9) return 'medium'
  return 'high'
}

export function computeRtp(game: GameDef): RtpReport {
  const started = performance.now()
  const tally: Tally = { combinations: 0, sum: 0, sumSquares: 0, hits: 0, max: 0 }
  if (game.layout === 'video-ways') enumerateWays(game, tally)
  else enumerateByEvaluation(game, tally)
  const mean = tally.sum / tally.combinations / game.divisor
  const meanSquares = tally.sumSquares / tally.combinations / (game.divisor * game.divisor)
  const volatilityIndex = Math.sqrt(meanSquares - mean * mean)
  const jackpot = jackpotRtp(jackpotRule)
  return {
    gameId: game.id,
    combinations: tally.combinations,
    baseRtp: mean,
    jackpotRtp: jackpot,
    rtp: mean + jackpot,
    hitFrequency: tally.hits / tally.combinations,
    volatilityIndex,
    volatility: volatilityOf(volatilityIndex),
    maxWin: tally.max / game.divisor,
    millis: performance.now() - started,
  }
}

/** The figures shown to players, rounded as published (percentages with two decimals). */
export function publishFigures(report: RtpReport): PublishedFigures {
  const round = (value: number, decimals: number) => Number(value.toFixed(decimals))
  return {
    rtp: round(report.rtp * 100, 2),
    baseRtp: round(report.baseRtp * 100, 2),
    jackpotRtp: round(report.jackpotRtp * 100, 2),
    hitFrequency: round(report.hitFrequency * 100, 1),
    volatilityIndex: round(report.volatilityIndex, 2),
    volatility: report.volatility,
    maxWin: round(report.maxWin, 2),
  }
}
