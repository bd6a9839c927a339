// The figures a game publishes (percentages; maxWin in multiples of the bet), from the exact
// enumeration in server/games/rtp.ts.
import type { Volatility } from './engine.ts'

export interface PublishedFigures {
  /** Return to player in percent, 4 decimals: base game, free spins and jackpot together. */
  rtp: number
  /** The same, exactly: a reduced fraction "numerator/denominator" of 1 (not of 100). */
  rtpFraction: string
  baseRtp: number
  freeSpinsRtp: number
  jackpotRtp: number
  /** Percent of spins that win anything. */
  hitFrequency: number
  /** Standard deviation of a spin's win in multiples of the bet. */
  volatilityIndex: number
  /**
   * Variance of one spin's game win (base and free spins, jackpot apart) per unit bet, 6 decimals:
   * the exact enumeration's, from which the transparency page draws its 95 % interval.
   */
  winVariance: number
  volatility: Volatility
  /** The largest win of one spin (with its free spins), in multiples of the bet. */
  maxWin: number
  /** Percent of spins that award free spins (0 for games without them). */
  freeSpinsFrequency: number
}

/** Figures are published per version: "fruta-fina@1". */
export function figuresKey(game: { id: string; version: number }): string {
  return `${game.id}@${game.version}`
}
