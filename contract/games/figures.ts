// The figures a game publishes (percentages; maxWin in multiples of the bet), from the exact
// enumeration in server/games/rtp.ts.
import { z } from 'zod'

export const publishedFigures = z
  .object({
    rtp: z
      .number()
      .meta({ description: 'Return to player in percent, 4 decimals: base game, free spins and jackpot.' }),
    rtpFraction: z
      .string()
      .meta({ description: 'The same, exactly: a reduced fraction "numerator/denominator" of 1.' }),
    baseRtp: z.number(),
    freeSpinsRtp: z.number(),
    jackpotRtp: z.number(),
    hitFrequency: z.number().meta({ description: 'Percent of spins that win anything.' }),
    volatilityIndex: z.number().meta({ description: "Standard deviation of a spin's win in multiples of the bet." }),
    winVariance: z.number().meta({
      description: "Variance of one spin's game win per unit bet, 6 decimals (the transparency page's 95 % interval).",
    }),
    volatility: z.enum(['low', 'medium', 'high']),
    maxWin: z
      .number()
      .meta({ description: 'The largest win of one spin (with its free spins), in multiples of the bet.' }),
    freeSpinsFrequency: z.number().meta({ description: 'Percent of spins that award free spins.' }),
  })
  .meta({ id: 'PublishedFigures' })
export type PublishedFigures = z.infer<typeof publishedFigures>

/** Figures are published per version: "fruta-fina@1". */
export function figuresKey(game: { id: string; version: number }): string {
  return `${game.id}@${game.version}`
}
