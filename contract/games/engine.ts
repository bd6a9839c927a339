// The slot engine, shared by the server (which decides every spin) and the browser (which
// replays a past spin on /verify). A game is data: reel strips, a layout (lines on a 3-reel
// classic, or 243 ways on a 5×3 video slot), a paytable, wild and scatter symbols and bet
// levels. `evaluate` turns reel stops into the visible window and its wins.

export type Layout = 'classic-lines' | 'video-ways'
export type Shape = 'circle' | 'diamond' | 'star' | 'square' | 'hexagon' | 'heart' | 'triangle' | 'bar' | 'shield'
export type Volatility = 'low' | 'medium' | 'high'

export interface SymbolDef {
  /** One character; the strips are strings of these. */
  id: string
  name: string
  shape: Shape
  color: string
  /** Short text drawn on the symbol (a letter, a number, "BAR"). */
  glyph: string
}

export interface GameTheme {
  background: string
  accent: string
  reelBackground: string
}

export interface GameDef {
  id: string
  /** Bumped whenever strips or pays change; recorded with every round. */
  version: number
  name: string
  /** The provider group, shown as a lobby tab (SPEC 6.1 `title`). */
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
  lineWins: LineWin[]
  waysWins: WaysWin[]
  scatter: { count: number; units: number; cells: [number, number][] } | null
  units: number
}

export function windowAt(game: GameDef, stops: readonly number[]): string[][] {
  return game.reels.map((strip, reel) => {
    const stop = stops[reel] ?? 0
    return Array.from({ length: game.rows }, (_, row) => strip[(stop + row) % strip.length] as string)
  })
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
    const cells: [number, number][] = []
    for (const [reel, column] of window.entries()) {
      const matching = column.flatMap((s, row) => (s === symbol || s === game.wild ? [row] : []))
      if (matching.length === 0) break
      ways *= matching.length
      count++
      for (const row of matching) cells.push([reel, row])
    }
    const pay = payFor(game, symbol, count)
    if (pay > 0) wins.push({ symbol, count, ways, units: pay * ways, cells })
  }
  return wins
}

export function evaluate(game: GameDef, stops: readonly number[]): Evaluation {
  const window = windowAt(game, stops)
  const lineWins = game.layout === 'classic-lines' ? evaluateLines(game, window) : []
  const waysWins = game.layout === 'video-ways' ? evaluateWays(game, window) : []
  let scatter: Evaluation['scatter'] = null
  if (game.scatter) {
    const cells: [number, number][] = []
    window.forEach((column, reel) => {
      column.forEach((s, row) => {
        if (s === game.scatter) cells.push([reel, row])
      })
    })
    const units = game.scatterPays[cells.length] ?? 0
    if (units > 0) scatter = { count: cells.length, units, cells }
  }
  const units =
    lineWins.reduce((sum, w) => sum + w.units, 0) +
    waysWins.reduce((sum, w) => sum + w.units, 0) +
    (scatter?.units ?? 0)
  return { window, lineWins, waysWins, scatter, units }
}

/** The centavos a bet wins for `units` (bet levels are multiples of the divisor, so this is exact). */
export function winAmount(game: GameDef, bet: number, units: number): number {
  return (units * bet) / game.divisor
}
