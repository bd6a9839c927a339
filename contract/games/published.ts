// Published figures of each game, written by `npm run rtp -- --write` from the exact enumeration
// (server/games/rtp.ts). A test recomputes them.
import type { PublishedFigures } from './figures.ts'

export type { PublishedFigures }

export const published: Record<string, PublishedFigures> = {
  'fruta-fina': {
    rtp: 96.89,
    baseRtp: 94.39,
    jackpotRtp: 2.5,
    hitFrequency: 38.4,
    volatilityIndex: 2.21,
    volatility: 'low',
    maxWin: 35.8,
  },
  'sete-da-sorte': {
    rtp: 95.59,
    baseRtp: 93.09,
    jackpotRtp: 2.5,
    hitFrequency: 49.2,
    volatilityIndex: 3.11,
    volatility: 'low',
    maxWin: 92.4,
  },
  'diamante-azul': {
    rtp: 94.34,
    baseRtp: 91.84,
    jackpotRtp: 2.5,
    hitFrequency: 38.7,
    volatilityIndex: 1.75,
    volatility: 'low',
    maxWin: 17,
  },
  'tesouro-maia': {
    rtp: 95.57,
    baseRtp: 93.07,
    jackpotRtp: 2.5,
    hitFrequency: 55.1,
    volatilityIndex: 1.83,
    volatility: 'low',
    maxWin: 68.64,
  },
  'dragao-dourado': {
    rtp: 94.84,
    baseRtp: 92.34,
    jackpotRtp: 2.5,
    hitFrequency: 58.5,
    volatilityIndex: 1.74,
    volatility: 'low',
    maxWin: 118.94,
  },
  'mar-aberto': {
    rtp: 95.99,
    baseRtp: 93.49,
    jackpotRtp: 2.5,
    hitFrequency: 54.4,
    volatilityIndex: 1.9,
    volatility: 'low',
    maxWin: 54.26,
  },
  'noite-de-carnaval': {
    rtp: 95.43,
    baseRtp: 92.93,
    jackpotRtp: 2.5,
    hitFrequency: 55.7,
    volatilityIndex: 1.86,
    volatility: 'low',
    maxWin: 101.78,
  },
  amazonia: {
    rtp: 96.43,
    baseRtp: 93.93,
    jackpotRtp: 2.5,
    hitFrequency: 54,
    volatilityIndex: 1.82,
    volatility: 'low',
    maxWin: 43.28,
  },
  'gol-de-placa': {
    rtp: 96.17,
    baseRtp: 93.67,
    jackpotRtp: 2.5,
    hitFrequency: 29.6,
    volatilityIndex: 2.22,
    volatility: 'low',
    maxWin: 56.6,
  },
}
