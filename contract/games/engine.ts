// The slot engine, shared by the server (which decides every spin) and the browser (which
// replays a past spin on /verify). A game is data: reel strips, a layout (lines on a 3×3
// classic, or 243 ways on a 5×3 video slot), a paytable, wild and scatter symbols, bet levels,
// and optionally free spins (awarded by scatters, played on their own strips) and a full-window
// multiplier. `evaluate` turns reel stops into the visible window and its wins.
import type { Language } from '../languages.ts'

export type Layout = 'classic-lines' | 'video-ways'
export type Volatility = 'low' | 'medium' | 'high'
/** A text in each of the product's languages. */
export type Localized = Record<Language, string>

export interface SymbolDef {
  /** One character; the strips are strings of these. */
  id: string
  name: Localized
  /** The illustration: an icon of the art set (Fluent Emoji Flat) or one of our own drawings (`own:…`). */
  art: string
  /** Turns the illustration's colours to this hue (degrees), for gems of one cut in several colours. */
  hue?: number
}

export interface GameTheme {
  background: string
  accent: string
  reelBackground: string
  /** Illustrations scattered over the game's background and its lobby cover. */
  scenery: string[]
}

export interface FreeSpinsDef {
  /** awards[n]: free spins for n scatters in the base window (0 or missing: none). */
  awards: number[]
  /** The strips free spins are played on (same symbols, rows and paytable; no scatter, so no retrigger). */
  reels: string[]
  /** Every free-spin win (lines, ways and scatter) is multiplied by this. */
  multiplier: number
}

export interface GameDef {
  id: string
  /** Bumped whenever strips or pays change; recorded with every round. */
  version: number
  name: string
  /** The provider group, shown as a lobby tab (the legacy client's `title`). */
  group: string
  layout: Layout
  theme: GameTheme
  symbols: SymbolDef[]
  /** One strip per reel; each character is a symbol id. The window shows `rows` symbols from the stop down. */
  reels: string[]
  rows: number
  wild: string | null
  scatter: string | null
  /** pays[symbol][n - 1]: units paid for n in a row from the left (per line, or per way). */
  pays: Record<string, number[]>
  /** scatterPays[n]: units paid for n scatters anywhere in the window. */
  scatterPays: number[]
  /** classic-lines: the row of each reel on each line. */
  lines: number[][]
  /** A unit is bet / divisor (a line bet on classic games, a coin on ways games). */
  divisor: number
  /** Allowed total bets in centavos; each a multiple of `divisor`. */
  betLevels: number[]
  freeSpins?: FreeSpinsDef
  /** When every cell shows one symbol (wilds included), the line or ways wins are multiplied by this. */
  fullWindowMultiplier?: number
}

export interface LineWin {
  line: number
  symbol: string
  count: number
  units: number
  /** [reel, row] of the winning symbols. */
  cells: [number, number][]
}

export interface WaysWin {
  symbol: string
  count: number
  ways: number
  units: number
  cells: [number, number][]
}

export interface Evaluation {
  /** window[reel][row]: the symbol ids the player sees. */
  window: string[][]
  /** Line and ways wins before the multiplier. */
  lineWins: LineWin[]
  waysWins: WaysWin[]
  scatter: { count: number; units: number; cells: [number, number][] } | null
  /** What the line and ways wins are multiplied by (a full window, free spins — which multiply the scatter too). */
  multiplier: number
  /** Free spins this window awards (0 on free spins themselves). */
  freeSpins: number
  units: number
}

export function windowAt(game: GameDef, stops: readonly number[], reels: readonly string[] = game.reels): string[][] {
  const window: string[][] = []
  for (const [reel, strip] of reels.entries()) {
    const stop = stops[reel] ?? 0
    const column: string[] = []
    for (let row = 0; row < game.rows; row++) column.push(strip[(stop + row) % strip.length] as string)
    window.push(column)
  }
  return window
}

function payFor(game: GameDef, symbol: string, count: number): number {
  return game.pays[symbol]?.[count - 1] ?? 0
}

function evaluateLines(game: GameDef, window: string[][]): LineWin[] {
  const wins: LineWin[] = []
  game.lines.forEach((rows, line) => {
    const symbols = rows.map((row, reel) => window[reel]?.[row] as string)
    // A line pays the better of its leading wilds alone or the first other symbol they stand for.
    let wildRun = 0
    while (wildRun < symbols.length && symbols[wildRun] === game.wild) wildRun++
    const wildPay = game.wild ? payFor(game, game.wild, wildRun) : 0
    const base = symbols[wildRun]
    let count = wildRun
    let symbolPay = 0
    if (base !== undefined && base !== game.scatter) {
      while (count < symbols.length && (symbols[count] === base || symbols[count] === game.wild)) count++
      symbolPay = payFor(game, base, count)
    }
    const [symbol, n, units] =
      symbolPay >= wildPay && symbolPay > 0
        ? [base as string, count, symbolPay]
        : [game.wild as string, wildRun, wildPay]
    if (units > 0) {
      wins.push({ line, symbol, count: n, units, cells: rows.slice(0, n).map((row, reel) => [reel, row]) })
    }
  })
  return wins
}

function evaluateWays(game: GameDef, window: string[][]): WaysWin[] {
  const wins: WaysWin[] = []
  for (const symbol of Object.keys(game.pays)) {
    if (symbol === game.wild || symbol === game.scatter) continue
    let ways = 1
    let count = 0
    for (const column of window) {
      let matching = 0
      for (const s of column) if (s === symbol || s === game.wild) matching++
      if (matching === 0) break
      ways *= matching
      count++
    }
    const pay = payFor(game, symbol, count)
    if (pay === 0) continue
    const cells: [number, number][] = []
    for (let reel = 0; reel < count; reel++) {
      ;(window[reel] as string[]).forEach((s, row) => {
        if (s === symbol || s === game.wild) cells.push([reel, row])
      })
    }
    wins.push({ symbol, count, ways, units: pay * ways, cells })
  }
  return wins
}

/** True when every cell shows the same symbol or a wild (a scatter breaks it). */
export function isFullWindow(game: GameDef, window: string[][]): boolean {
  let shown: string | null = null
  for (const column of window) {
    for (const symbol of column) {
      if (symbol === game.wild) continue
      if (symbol === game.scatter || (shown !== null && symbol !== shown)) return false
      shown = symbol
    }
  }
  return true
}

function evaluateWindow(game: GameDef, window: string[][], freeSpin: boolean): Evaluation {
  const lineWins = game.layout === 'classic-lines' ? evaluateLines(game, window) : []
  const waysWins = game.layout === 'video-ways' ? evaluateWays(game, window) : []
  let scatter: Evaluation['scatter'] = null
  let scatterCount = 0
  if (game.scatter) {
    const cells: [number, number][] = []
    window.forEach((column, reel) => {
      column.forEach((s, row) => {
        if (s === game.scatter) cells.push([reel, row])
      })
    })
    scatterCount = cells.length
    const units = game.scatterPays[cells.length] ?? 0
    if (units > 0) scatter = { count: cells.length, units, cells }
  }
  const full = game.fullWindowMultiplier && isFullWindow(game, window) ? game.fullWindowMultiplier : 1
  const freeMultiplier = freeSpin ? (game.freeSpins?.multiplier ?? 1) : 1
  const wins = lineWins.reduce((sum, w) => sum + w.units, 0) + waysWins.reduce((sum, w) => sum + w.units, 0)
  const freeSpins = freeSpin ? 0 : (game.freeSpins?.awards[scatterCount] ?? 0)
  const units = (wins * full + (scatter?.units ?? 0)) * freeMultiplier
  return { window, lineWins, waysWins, scatter, multiplier: full * freeMultiplier, freeSpins, units }
}

/** The base game's window at these stops and what it wins. */
export function evaluate(game: GameDef, stops: readonly number[]): Evaluation {
  return evaluateWindow(game, windowAt(game, stops), false)
}

/** A free spin: the free-spin strips, their multiplier, no further free spins. */
export function evaluateFreeSpin(game: GameDef, stops: readonly number[]): Evaluation {
  const reels = game.freeSpins?.reels ?? game.reels
  return evaluateWindow(game, windowAt(game, stops, reels), true)
}

/** The centavos a bet wins for `units` (bet levels are multiples of the divisor, so this is exact). */
export function winAmount(game: GameDef, bet: number, units: number): number {
  return (units * bet) / game.divisor
}
