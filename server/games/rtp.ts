// Exact return-to-player and the other published figures, from every combination of
// reel stops — without visiting them one by one where the layout allows it.
//
// Classic 3×3 games (a few ten thousand combinations) go through the engine's own `evaluate`.
// Ways games walk the reels left to right carrying a state: the running number of ways of every
// symbol still in a run, and the scatters seen so far. Whatever the earlier reels were, the rest
// of the walk depends only on that state, so the figures of each state's remaining reels are
// computed once and shared (a memoised recursion). Stops whose windows count the same are
// grouped. Each state answers a tally — combinations, sum and sum of squares of the win, the
// chance of winning nothing, the largest win — which is all the figures need.
//
// Free spins are a round of their own: their strips are walked the same way to the distribution
// of one free spin (mean, second moment, chance of nothing, maximum), and a round of n spins is n
// independent draws of it (closed form: mean n·μ, second moment n·m₂ + n(n−1)·μ², nothing with
// chance p₀ⁿ). The base walk ends each combination with its scatter count, so the round it
// starts is added exactly there. No Monte-Carlo anywhere; the RTP is also kept as an exact
// fraction (integers throughout), and the ways RTP has a closed form (reels are independent)
// that a test holds the walk to.
import { evaluate, evaluateFreeSpin, type GameDef, type Volatility } from '../../contract/games/engine.ts'
import type { PublishedFigures } from '../../contract/games/figures.ts'
import { jackpotRtp, jackpotRule } from '../../contract/games/jackpot.ts'

/** A reduced fraction of big integers. */
export interface Fraction {
  numerator: bigint
  denominator: bigint
}

export interface RtpReport {
  gameId: string
  version: number
  /** Base-game combinations of reel stops. */
  combinations: number
  /** The whole RTP (base game, free spins, jackpot) as an exact fraction. */
  rtpExact: Fraction
  /** Return per unit bet (fractions of 1): base spins, free spins, jackpot, all together. */
  baseRtp: number
  freeSpinsRtp: number
  jackpotRtp: number
  rtp: number
  /** Share of spins that win anything (free spins included). */
  hitFrequency: number
  /** Standard deviation of a spin's win (base and free spins) per unit bet. */
  volatilityIndex: number
  volatility: Volatility
  /** The largest win of one spin with its free spins, in multiples of the bet. */
  maxWin: number
  /** Chance that a spin awards free spins (0 for games without them). */
  freeSpinsFrequency: number
  /** Standard deviation of the free spins' part of a spin's win, per unit bet. */
  freeSpinsDeviation: number
  millis: number
}

/** Figures of a set of equally likely outcomes (each a combination, possibly ending in a random round). */
interface Tally {
  weight: number
  /** Sum over combinations of the expected win (units). */
  sum: number
  sumSquares: number
  /** Sum over combinations of the chance of winning nothing. */
  zeros: number
  max: number
  /** Sum of the wins decided by the combinations themselves (no free spins): an exact integer. */
  fixedSum: number
}

/** The distribution of a random amount added at the end of a combination (a free-spin round). */
interface RoundSummary {
  mean: number
  meanSquare: number
  zeroChance: number
  max: number
}

const emptyTally = (): Tally => ({ weight: 0, sum: 0, sumSquares: 0, zeros: 0, max: 0, fixedSum: 0 })

/** Adds `times` copies of `child` with `units` more won in front of each. */
function addShifted(into: Tally, child: Tally, units: number, times: number): void {
  into.weight += child.weight * times
  into.sum += (child.sum + units * child.weight) * times
  into.sumSquares += (child.sumSquares + 2 * units * child.sum + units * units * child.weight) * times
  if (units === 0) into.zeros += child.zeros * times
  into.fixedSum += (child.fixedSum + units * child.weight) * times
  if (child.weight > 0 && child.max + units > into.max) into.max = child.max + units
}

/** One combination that wins `units` and then, maybe, a round. */
function leafTally(units: number, round: RoundSummary | null): Tally {
  const mean = round?.mean ?? 0
  const meanSquare = round?.meanSquare ?? 0
  return {
    weight: 1,
    sum: units + mean,
    sumSquares: units * units + 2 * units * mean + meanSquare,
    zeros: units === 0 ? (round?.zeroChance ?? 1) : 0,
    max: units + (round?.max ?? 0),
    fixedSum: units,
  }
}

type LeafOf = (scatters: number) => { units: number; round: RoundSummary | null }

function countScatters(game: GameDef, window: string[][]): number {
  let n = 0
  for (const column of window) for (const s of column) if (s === game.scatter) n++
  return n
}

/** Every combination through `evaluate` (classic games; any rule, including the full-window multiplier). */
function linesTally(game: GameDef, reels: readonly string[], freeSpin: boolean, leafOf: LeafOf): Tally {
  const tally = emptyTally()
  const lengths = reels.map((strip) => strip.length)
  const stops = lengths.map(() => 0)
  const evaluateAt = freeSpin ? evaluateFreeSpin : evaluate
  for (;;) {
    const evaluation = evaluateAt(game, stops)
    const leaf = leafOf(countScatters(game, evaluation.window))
    // Tallies count free spins before their multiplier (the round's summary applies it).
    const units = evaluation.units / (freeSpin ? (game.freeSpins?.multiplier ?? 1) : 1)
    addShifted(tally, leafTally(leaf.units, leaf.round), units - (evaluation.scatter?.units ?? 0), 1)
    let reel = stops.length - 1
    while (reel >= 0 && stops[reel] === (lengths[reel] as number) - 1) {
      stops[reel] = 0
      reel--
    }
    if (reel < 0) return tally
    stops[reel] = (stops[reel] as number) + 1
  }
}

/** The stops of one reel grouped by what the walk needs: per symbol the cells it or a wild covers, and the scatters. */
function reelGroups(game: GameDef, strip: string, symbols: string[]) {
  const groups = new Map<string, { counts: number[]; scatters: number; times: number }>()
  for (let stop = 0; stop < strip.length; stop++) {
    const counts = symbols.map(() => 0)
    let scatters = 0
    for (let row = 0; row < game.rows; row++) {
      const cell = strip[(stop + row) % strip.length]
      if (cell === game.scatter) scatters++
      symbols.forEach((s, i) => {
        if (cell === s || cell === game.wild) counts[i] = (counts[i] as number) + 1
      })
    }
    const key = `${counts.join(',')}|${scatters}`
    const group = groups.get(key)
    if (group) group.times++
    else groups.set(key, { counts, scatters, times: 1 })
  }
  return [...groups.values()]
}

/** Ways games: the memoised walk described at the top. */
function waysTally(game: GameDef, reels: readonly string[], leafOf: LeafOf): Tally {
  if (game.fullWindowMultiplier) throw new Error(`${game.id}: the ways walk has no full-window rule`)
  const symbols = Object.keys(game.pays).filter((s) => s !== game.wild && s !== game.scatter)
  const last = reels.length - 1
  const pays = symbols.map((s) => Array.from({ length: reels.length + 1 }, (_, n) => game.pays[s]?.[n - 1] ?? 0))
  const groups = reels.map((strip) => reelGroups(game, strip, symbols))
  const leaves = new Map<number, Tally>()
  const leafAt = (scatters: number): Tally => {
    let leaf = leaves.get(scatters)
    if (!leaf) {
      const { units, round } = leafOf(scatters)
      leaf = leafTally(units, round)
      leaves.set(scatters, leaf)
    }
    return leaf
  }
  const memo = new Map<string, Tally>()

  const walk = (reel: number, scatters: number, running: number[]): Tally => {
    const key = `${reel}|${scatters}|${running.join(',')}`
    const known = memo.get(key)
    if (known) return known
    const tally = emptyTally()
    for (const group of groups[reel] as ReturnType<typeof reelGroups>) {
      let units = 0
      const next = running.map((ways, i) => {
        if (ways === 0) return 0
        const c = group.counts[i] as number
        if (c === 0) {
          // The run of symbol i ended after `reel` reels.
          units += ((pays[i] as number[])[reel] as number) * ways
          return 0
        }
        return ways * c
      })
      const seen = scatters + group.scatters
      if (reel === last) {
        for (const [i, ways] of next.entries()) units += ((pays[i] as number[])[reels.length] as number) * ways
        addShifted(tally, leafAt(seen), units, group.times)
      } else {
        addShifted(tally, walk(reel + 1, seen, next), units, group.times)
      }
    }
    memo.set(key, tally)
    return tally
  }
  return walk(
    0,
    0,
    symbols.map(() => 1),
  )
}

function tallyOf(game: GameDef, reels: readonly string[], freeSpin: boolean, leafOf: LeafOf): Tally {
  return game.layout === 'video-ways' ? waysTally(game, reels, leafOf) : linesTally(game, reels, freeSpin, leafOf)
}

/** How many base combinations show n scatters, for each n (reels are independent: a convolution). */
export function scatterHistogram(game: GameDef): number[] {
  let histogram = [1]
  for (const strip of game.reels) {
    const counts = Array.from({ length: game.rows + 1 }, () => 0)
    for (let stop = 0; stop < strip.length; stop++) {
      let n = 0
      for (let row = 0; row < game.rows; row++) if (strip[(stop + row) % strip.length] === game.scatter) n++
      counts[n] = (counts[n] as number) + 1
    }
    const next = Array.from({ length: histogram.length + game.rows }, () => 0)
    histogram.forEach((a, i) => {
      counts.forEach((b, j) => {
        next[i + j] = (next[i + j] as number) + a * b
      })
    })
    histogram = next
  }
  return histogram
}

/** One free spin's distribution in units (multiplier applied), or null for games without free spins. */
export function freeSpinDistribution(game: GameDef): { summary: RoundSummary; tally: Tally } | null {
  const free = game.freeSpins
  if (!free) return null
  const tally = tallyOf(game, free.reels, true, (scatters) => ({ units: game.scatterPays[scatters] ?? 0, round: null }))
  const m = free.multiplier
  return {
    tally,
    summary: {
      mean: (m * tally.sum) / tally.weight,
      meanSquare: (m * m * tally.sumSquares) / tally.weight,
      zeroChance: tally.zeros / tally.weight,
      max: m * tally.max,
    },
  }
}

/** A round of n independent free spins. */
export function freeSpinRound(spin: RoundSummary, n: number): RoundSummary {
  return {
    mean: n * spin.mean,
    meanSquare: n * spin.meanSquare + n * (n - 1) * spin.mean * spin.mean,
    zeroChance: spin.zeroChance ** n,
    max: n * spin.max,
  }
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b]
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

export function fraction(numerator: bigint, denominator: bigint): Fraction {
  const g = gcd(numerator, denominator)
  return { numerator: numerator / g, denominator: denominator / g }
}

function exactInteger(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value)) throw new Error(`${what} is not an exact integer: ${value}`)
  return BigInt(value)
}

/** The ways RTP in closed form: each symbol's runs as products of per-reel counts (reels are independent). */
export function waysBaseSum(game: GameDef): bigint {
  const symbols = Object.keys(game.pays).filter((s) => s !== game.wild && s !== game.scatter)
  const lengths = game.reels.map((strip) => BigInt(strip.length))
  let total = 0n
  for (const symbol of symbols) {
    // covered[r]: cells showing the symbol or a wild over all stops of reel r; misses[r]: stops without any.
    const covered: bigint[] = []
    const misses: bigint[] = []
    for (const strip of game.reels) {
      let cells = 0
      let none = 0
      for (let stop = 0; stop < strip.length; stop++) {
        let here = 0
        for (let row = 0; row < game.rows; row++) {
          const cell = strip[(stop + row) % strip.length]
          if (cell === symbol || cell === game.wild) here++
        }
        cells += here
        if (here === 0) none++
      }
      covered.push(BigInt(cells))
      misses.push(BigInt(none))
    }
    for (let n = 1; n <= game.reels.length; n++) {
      const pay = BigInt(game.pays[symbol]?.[n - 1] ?? 0)
      if (pay === 0n) continue
      let ways = pay
      for (let r = 0; r < n; r++) ways *= covered[r] as bigint
      if (n < game.reels.length) ways *= misses[n] as bigint
      for (let r = n + 1; r < game.reels.length; r++) ways *= lengths[r] as bigint
      total += ways
    }
  }
  scatterHistogram(game).forEach((count, n) => {
    total += BigInt(game.scatterPays[n] ?? 0) * BigInt(count)
  })
  return total
}

function volatilityOf(index: number): Volatility {
  if (index < 4) return 'low'
  if (index < 9) return 'medium'
  return 'high'
}

export function computeRtp(game: GameDef): RtpReport {
  const started = performance.now()
  const free = freeSpinDistribution(game)
  const awards = game.freeSpins?.awards ?? []
  const tally = tallyOf(game, game.reels, false, (scatters) => {
    const n = awards[scatters] ?? 0
    return {
      units: game.scatterPays[scatters] ?? 0,
      round: free && n > 0 ? freeSpinRound(free.summary, n) : null,
    }
  })
  const combinations = tally.weight
  const d = game.divisor
  const mean = tally.sum / combinations / d
  const volatilityIndex = Math.sqrt(Math.max(0, tally.sumSquares / combinations / (d * d) - mean * mean))

  // Exact parts: the base sum and, per scatter count, the combinations that start a round.
  const histogram = scatterHistogram(game)
  const triggering = histogram.reduce((sum, count, n) => sum + ((awards[n] ?? 0) > 0 ? count : 0), 0)
  const spinsAwarded = histogram.reduce((sum, count, n) => sum + BigInt(count) * BigInt(awards[n] ?? 0), 0n)
  const baseSum = exactInteger(tally.fixedSum, `${game.id} base sum`)
  const combos = exactInteger(combinations, `${game.id} combinations`)
  const freeSum = free
    ? exactInteger(free.tally.fixedSum, `${game.id} free-spin sum`) * BigInt(game.freeSpins?.multiplier ?? 1)
    : 0n
  const freeCombos = free ? exactInteger(free.tally.weight, `${game.id} free-spin combinations`) : 1n
  // game RTP = (baseSum · freeCombos + freeSum · spinsAwarded) / (combos · freeCombos · d)
  const gameNumerator = baseSum * freeCombos + freeSum * spinsAwarded
  const gameDenominator = combos * freeCombos * BigInt(d)
  const twoTo32 = 2n ** 32n
  const jackpotNumerator =
    BigInt(jackpotRule.shareBps) * twoTo32 + 10_000n * BigInt(jackpotRule.seed * jackpotRule.oddsPerCentavo)
  const jackpotDenominator = 10_000n * twoTo32
  const rtpExact = fraction(
    gameNumerator * jackpotDenominator + jackpotNumerator * gameDenominator,
    gameDenominator * jackpotDenominator,
  )

  const baseRtp = Number(baseSum) / combinations / d
  const freeSpinsRtp = Number(freeSum * spinsAwarded) / Number(freeCombos) / combinations / d
  let freeSquares = 0
  if (free) {
    histogram.forEach((count, n) => {
      if ((awards[n] ?? 0) > 0) freeSquares += count * freeSpinRound(free.summary, awards[n] as number).meanSquare
    })
  }
  const freeMean = freeSpinsRtp
  const freeSpinsDeviation = Math.sqrt(Math.max(0, freeSquares / combinations / (d * d) - freeMean * freeMean))
  const jackpot = jackpotRtp(jackpotRule)
  return {
    gameId: game.id,
    version: game.version,
    combinations,
    rtpExact,
    baseRtp,
    freeSpinsRtp,
    jackpotRtp: jackpot,
    rtp: mean + jackpot,
    hitFrequency: (combinations - tally.zeros) / combinations,
    volatilityIndex,
    volatility: volatilityOf(volatilityIndex),
    maxWin: tally.max / d,
    freeSpinsFrequency: triggering / combinations,
    freeSpinsDeviation,
    millis: performance.now() - started,
  }
}

/** The figures shown to players: percentages with 4 decimals (hit frequency 2), the exact RTP as "p/q". */
export function publishFigures(report: RtpReport): PublishedFigures {
  const round = (value: number, decimals: number) => Number(value.toFixed(decimals))
  return {
    rtp: round(report.rtp * 100, 4),
    rtpFraction: `${report.rtpExact.numerator}/${report.rtpExact.denominator}`,
    baseRtp: round(report.baseRtp * 100, 4),
    freeSpinsRtp: round(report.freeSpinsRtp * 100, 4),
    jackpotRtp: round(report.jackpotRtp * 100, 4),
    hitFrequency: round(report.hitFrequency * 100, 2),
    volatilityIndex: round(report.volatilityIndex, 2),
    winVariance: round(report.volatilityIndex ** 2, 6),
    volatility: report.volatility,
    maxWin: round(report.maxWin, 2),
    freeSpinsFrequency: round(report.freeSpinsFrequency * 100, 4),
  }
}
