// The published figures are the enumeration's; the fast ways walk equals evaluating every
// window; a Monte-Carlo run of the real spin path agrees with the exact RTP; the catalog keeps
// its promises (9+ games, 3+ groups, both layouts, RTP 94–97 %, exact centavo arithmetic).
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { findGame, games, groups } from '../../contract/games/catalog.ts'
import { evaluate, type GameDef } from '../../contract/games/engine.ts'
import { spinOutcome } from '../../contract/games/fair.ts'
import { jackpotContribution, jackpotRule } from '../../contract/games/jackpot.ts'
import { published } from '../../contract/games/published.ts'
import { computeRtp, publishFigures } from './rtp.ts'
import { hmacSha256 } from './seeds.ts'

describe('exact RTP', () => {
  it.each(games.map((g) => [g.id, g] as const))('%s publishes the figures its enumeration gives', (_id, game) => {
    const report = computeRtp(game)
    expect(report.combinations).toBe(game.reels.reduce((n, strip) => n * strip.length, 1))
    expect(published[game.id]).toEqual(publishFigures(report))
  })

  it('the ways walk gives the same distribution as evaluating every window', () => {
    const tiny: GameDef = {
      ...(findGame('tesouro-maia') as GameDef),
      reels: ['AKWSX', 'KAWXQ', 'SXAWK', 'QKXAS', 'XAKJS'],
    }
    const walked = computeRtp(tiny)
    let sum = 0
    let squares = 0
    let hits = 0
    let max = 0
    const n = tiny.reels[0]?.length as number
    for (let i = 0; i < n ** 5; i++) {
      const stops = [0, 1, 2, 3, 4].map((reel) => Math.floor(i / n ** reel) % n)
      const units = evaluate(tiny, stops).units
      sum += units
      squares += units * units
      if (units > 0) hits++
      max = Math.max(max, units)
    }
    const combos = n ** 5
    expect(walked.baseRtp).toBeCloseTo(sum / combos / tiny.divisor, 12)
    expect(walked.hitFrequency).toBeCloseTo(hits / combos, 12)
    expect(walked.maxWin).toBe(max / tiny.divisor)
    const mean = sum / combos / tiny.divisor
    expect(walked.volatilityIndex).toBeCloseTo(Math.sqrt(squares / combos / tiny.divisor ** 2 - mean * mean), 10)
  })

  it.each(['fruta-fina', 'noite-de-carnaval'])(
    '%s: 200 000 provably fair spins land within the confidence interval of the exact RTP',
    (id) => {
      const game = findGame(id) as GameDef
      const report = computeRtp(game)
      const bet = game.betLevels[0] as number
      const spins = 200_000
      const serverSeed = randomBytes(32).toString('hex')
      let returned = 0
      for (let nonce = 0; nonce < spins; nonce++) {
        returned += spinOutcome(game, bet, { serverSeed, clientSeed: 'monte-carlo', nonce }, hmacSha256).win
      }
      const mean = returned / bet / spins
      // 4.5 standard errors: a false alarm about once in 150 000 runs.
      const margin = (4.5 * report.volatilityIndex) / Math.sqrt(spins)
      expect(Math.abs(mean - report.baseRtp)).toBeLessThan(margin)
    },
  )
})

describe('catalog', () => {
  it('has at least 9 games in at least 3 groups on both layouts, RTP between 94 and 97 %', () => {
    expect(games.length).toBeGreaterThanOrEqual(9)
    expect(groups.length).toBeGreaterThanOrEqual(3)
    expect(new Set(games.map((g) => g.layout))).toEqual(new Set(['classic-lines', 'video-ways']))
    for (const game of games) {
      const rtp = published[game.id]?.rtp as number
      expect(rtp, game.id).toBeGreaterThanOrEqual(94)
      expect(rtp, game.id).toBeLessThanOrEqual(97)
    }
  })

  it('every bet level pays and contributes whole centavos, and every strip symbol is drawn', () => {
    for (const game of games) {
      expect(new Set(games.map((g) => g.id)).size).toBe(games.length)
      for (const bet of game.betLevels) {
        expect(bet % game.divisor, `${game.id} ${bet}`).toBe(0)
        expect(Number.isInteger(jackpotContribution(jackpotRule, bet))).toBe(true)
      }
      const defined = new Set(game.symbols.map((s) => s.id))
      for (const strip of game.reels)
        for (const symbol of strip) expect(defined.has(symbol), `${game.id} ${symbol}`).toBe(true)
      for (const symbol of Object.keys(game.pays)) expect(defined.has(symbol)).toBe(true)
    }
  })
})
