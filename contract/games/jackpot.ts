// The progressive jackpot's rule, the same for every game: a share of each bet moves
// to the pool, the pool starts from a seed paid by the house, and a spin wins the whole pool
// when its jackpot draw (a uniform 32-bit number) is below bet × oddsPerCentavo — so the chance
// grows in proportion to the bet. In the long run the pool pays back every contribution plus a
// seed per win, so its share of the RTP is shareBps/10000 + seed × oddsPerCentavo / 2^32.

export interface JackpotRule {
  /** Basis points of every bet that move to the pool (200 = 2 %). */
  shareBps: number
  /** Centavos the pool starts from, and restarts from after a win. */
  seed: number
  /** The chance of winning is bet × oddsPerCentavo / 2^32. */
  oddsPerCentavo: number
}

export const jackpotRule: JackpotRule = { shareBps: 200, seed: 20_000, oddsPerCentavo: 1074 }

export function jackpotContribution(rule: JackpotRule, bet: number): number {
  return (bet * rule.shareBps) / 10_000
}

export function jackpotChance(rule: JackpotRule, bet: number): number {
  return (bet * rule.oddsPerCentavo) / 2 ** 32
}

export function jackpotTriggered(rule: JackpotRule, bet: number, draw: number): boolean {
  return draw < bet * rule.oddsPerCentavo
}

/** The jackpot's long-run return per unit bet, as a fraction. */
export function jackpotRtp(rule: JackpotRule): number {
  return rule.shareBps / 10_000 + (rule.seed * rule.oddsPerCentavo) / 2 ** 32
}
