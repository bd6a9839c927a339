// The AML risk class of a bettor (Portaria SPA/MF 1.143/2024 art. 8: qualification and risk
// classification of bettors): pure rules over the facts facts.ts reads, each a named reason with
// the figures that fired it and the class it alone puts the bettor in; the class is the highest
// of them, low when none fires. Thresholds come from the settings (config.aml); docs/aml.md says
// each rule in words.
import { BlockList, isIPv4, isIPv6, SocketAddress } from 'node:net'
import type { AmlClass, AmlReason } from '../../contract/aml.ts'
import type { Config } from '../config.ts'

export type AmlThresholds = Config['aml']

export interface AmlFacts {
  /** The identity bureau said the bettor is a politically exposed person. */
  pep: boolean
  /** Paid deposits in the look-back window (centavos) and how many. */
  deposited: number
  deposits: number
  /**
   * The bettor's declared monthly profile: their own monthly deposit limit, else their monthly loss
   * limit, else thirty times their daily loss limit (declared at registration); null when none.
   */
  declaredMonthly: number | null
  /** Payers (CPFs as their banks reported them) other than the bettor, in the window. */
  otherPayers: number
  /** Distinct PIX keys the bettor withdrew to in the window. */
  payoutKeys: number
  /** Money-watch flags raised in the window, still open, and cases reported to COAF. */
  flags: number
  openFlags: number
  reportedCases: number
  /** Client addresses the bettor signed in from in the window. */
  addresses: string[]
  /** Sanctions matches waiting for an operator (weak) or confirmed/frozen (strong). */
  sanctionsMatches: number
}

const rank: Record<AmlClass, number> = { low: 0, medium: 1, high: 2 }

export function highestClass(reasons: readonly Pick<AmlReason, 'level'>[]): AmlClass {
  return reasons.reduce<AmlClass>((top, r) => (rank[r.level] > rank[top] ? r.level : top), 'low')
}

/** Which high-risk jurisdiction an address is in, from the configured networks. */
export function countryOf(address: string, networks: AmlThresholds['countryNetworks']): string | null {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address
  const family = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : null
  if (!family) return null
  for (const { country, cidr } of networks) {
    const [network, bits] = cidr.split('/') as [string, string]
    const netFamily = isIPv4(network) ? 'ipv4' : 'ipv6'
    if (netFamily !== family) continue
    const list = new BlockList()
    list.addSubnet(new SocketAddress({ address: network, family: netFamily }), Number(bits))
    if (list.check(plain, family)) return country
  }
  return null
}

export function amlReasons(facts: AmlFacts, t: AmlThresholds): AmlReason[] {
  const reasons: AmlReason[] = []
  const days = t.lookbackDays
  if (facts.pep) reasons.push({ code: 'pep', level: 'high', figures: {} })
  if (facts.deposited >= t.volumeMedium)
    reasons.push({
      code: 'volume',
      level: facts.deposited >= t.volumeHigh ? 'high' : 'medium',
      figures: {
        deposited: facts.deposited,
        deposits: facts.deposits,
        medium: t.volumeMedium,
        high: t.volumeHigh,
        days,
      },
    })
  if (facts.declaredMonthly !== null && facts.deposited > 0) {
    // The window's deposits against the profile over as many months as the window spans.
    const profile = Math.round((facts.declaredMonthly * days) / 30)
    if (facts.deposited > profile)
      reasons.push({
        code: 'volume_over_profile',
        level: facts.deposited > profile * t.profileHighMultiple ? 'high' : 'medium',
        figures: { deposited: facts.deposited, profile, multiple: t.profileHighMultiple, days },
      })
  }
  if (facts.otherPayers >= t.payersMedium)
    reasons.push({
      code: 'payers',
      level: facts.otherPayers >= t.payersHigh ? 'high' : 'medium',
      figures: { otherPayers: facts.otherPayers, medium: t.payersMedium, high: t.payersHigh, days },
    })
  if (facts.payoutKeys >= t.payoutKeysMedium)
    reasons.push({
      code: 'payout_keys',
      level: facts.payoutKeys >= t.payoutKeysHigh ? 'high' : 'medium',
      figures: { payoutKeys: facts.payoutKeys, medium: t.payoutKeysMedium, high: t.payoutKeysHigh, days },
    })
  if (facts.flags > 0 || facts.openFlags > 0 || facts.reportedCases > 0)
    reasons.push({
      code: 'money_watch',
      level: facts.reportedCases > 0 || facts.flags >= t.flagsHigh ? 'high' : 'medium',
      figures: { flags: facts.flags, open: facts.openFlags, reported: facts.reportedCases, high: t.flagsHigh, days },
    })
  const countries = [...new Set(facts.addresses.flatMap((a) => countryOf(a, t.countryNetworks) ?? []))]
  if (countries.length > 0)
    reasons.push({ code: 'country', level: 'high', figures: { countries: countries.join(',') } })
  if (facts.sanctionsMatches > 0)
    reasons.push({ code: 'sanctions_review', level: 'high', figures: { matches: facts.sanctionsMatches } })
  return reasons
}

/**
 * When an operator must next review a bettor in this class: a class with no reviews (0 days) has
 * none; entering a reviewed class (or a higher one) gives the first-review window; otherwise the
 * class's period counted from the last review.
 */
export function reviewDueAt(
  cls: AmlClass,
  t: AmlThresholds,
  previous: { class: AmlClass; reviewedAt: number | null; reviewDueAt: number | null } | null,
  now: number,
): number | null {
  const days = t.reviewDays[cls]
  if (days === 0) return null
  const day = 24 * 3600_000
  const first = now + t.firstReviewDays * day
  if (!previous || rank[cls] > rank[previous.class] || previous.reviewDueAt === null) return first
  return previous.reviewedAt === null ? previous.reviewDueAt : previous.reviewedAt + days * day
}
