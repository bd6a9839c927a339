// The rules a market's law sets on promotions, in one table keyed by the configured market
// (MARKET_COUNTRY): a promotion a market forbids is never offered or credited there, an operator
// cannot switch it on, and the console shows it as not available with the rule's name. No zod, so
// the console and the PWA import it too.
import type { PromotionKey } from './promotion-keys.ts'

export const markets = ['BR', 'MX', 'IN', 'NG'] as const
export type Market = (typeof markets)[number]

/** A promotion a market's rules forbid, and the rule that forbids it. */
export interface PromotionBan {
  key: PromotionKey
  rule: string
}

// Brazil: a bonus may not be conditioned on the bettor's deposits (Portaria SPA/MF 1.231/2024
// art. 42 § 1º I), nor given in advance to bet with (§ 1º II). The first-deposit bonus is both;
// the welcome gift and the install reward are bonus given before any bet, to bet with (II); an
// invite pays the inviter when the invitee's first deposit is paid, a bettor's deposit (I).
const depositAndAdvance = 'Portaria SPA/MF 1.231/2024, art. 42, § 1º, I e II'
const conditionedOnDeposit = 'Portaria SPA/MF 1.231/2024, art. 42, § 1º, I'
const advanceToBetWith = 'Portaria SPA/MF 1.231/2024, art. 42, § 1º, II'

export const marketPromotionBans: Record<Market, readonly PromotionBan[]> = {
  BR: [
    { key: 'first_deposit', rule: depositAndAdvance },
    { key: 'gift', rule: advanceToBetWith },
    { key: 'invites', rule: conditionedOnDeposit },
    { key: 'download', rule: advanceToBetWith },
  ],
  MX: [],
  IN: [],
  NG: [],
}

/** The rule that forbids this promotion in this market, or null when the market allows it. */
export function promotionBan(market: Market, key: PromotionKey): PromotionBan | null {
  return marketPromotionBans[market].find((ban) => ban.key === key) ?? null
}
