// The figures a game publishes (percentages; maxWin in multiples of the bet), from the exact
// enumeration in server/games/rtp.ts.
import type { Volatility } from './engine.ts'

export interface PublishedFigures {
  rtp: number
  baseRtp: number
  jackpotRtp: number
  hitFrequency: number
  volatilityIndex: number
  volatility: Volatility
  maxWin: number
}
