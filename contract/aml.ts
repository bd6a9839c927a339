// Anti-money-laundering as the console sees it (Portaria SPA/MF 1.143/2024): each bettor's risk
// class with the reasons that set it and the review clock, the staff and partners classified
// the same way, the sanctions list's screening results, and the annual report. Plain types and
// constants only (no zod), so the console imports them as they are.

export const amlClasses = ['low', 'medium', 'high'] as const
export type AmlClass = (typeof amlClasses)[number]

/**
 * Why a bettor is in their class: a politically exposed person (the identity bureau said so), money
 * in over their declared profile or over the volume thresholds, deposits paid by several people,
 * withdrawals to several payout keys, money-watch flags, a country signal (a phone outside the
 * market, or in a high-risk country), an open sanctions-screening match.
 */
export const amlReasonCodes = [
  'pep',
  'volume',
  'volume_over_profile',
  'payers',
  'payout_keys',
  'money_watch',
  'country',
  'sanctions_review',
] as const
export type AmlReasonCode = (typeof amlReasonCodes)[number]

export interface AmlReason {
  code: AmlReasonCode
  /** The class this reason alone puts the bettor in. */
  level: Exclude<AmlClass, 'low'>
  /** The figures that fired it, thresholds included (centavos, counts, days, codes). */
  figures: Record<string, number | string>
}

/** The rules' version: a class computed by an older version is recomputed. */
export const AML_RULES_VERSION = 1

export interface AmlClassItem {
  playerId: number
  playerName: string | null
  class: AmlClass
  reasons: AmlReason[]
  computedAt: number
  /** When an operator must review it next (null: the daily recomputation is its review). */
  reviewDueAt: number | null
  reviewedAt: number | null
  reviewedBy: string | null
}

export interface AmlWorklist {
  total: number
  items: AmlClassItem[]
  counts: Record<AmlClass, number>
  now: number
}

export const amlReviewOutcomes = ['keep', 'escalate_coaf', 'exit_relationship'] as const
export type AmlReviewOutcome = (typeof amlReviewOutcomes)[number]

/** Staff (operators and employees), partners (affiliates, agents) and outsourced service providers. */
export const amlPartyKinds = ['staff', 'partner', 'provider'] as const
export type AmlPartyKind = (typeof amlPartyKinds)[number]

export interface AmlParty {
  id: number
  kind: AmlPartyKind
  name: string
  document: string
  role: string
  handlesMoney: boolean
  accessToPersonalData: boolean
  pep: boolean
  country: string
  class: AmlClass
  reasons: string[]
  reviewDueAt: number
  createdAt: number
  sanctionsMatch: boolean
}

export const screeningStrengths = ['strong', 'weak'] as const
export type ScreeningStrength = (typeof screeningStrengths)[number]
export const screeningStatuses = ['open', 'frozen', 'cleared', 'confirmed'] as const
export type ScreeningStatus = (typeof screeningStatuses)[number]

export interface ScreeningItem {
  id: number
  playerId: number
  playerName: string
  strength: ScreeningStrength
  status: ScreeningStatus
  /** The list entry: its reference number, the name or alias matched and why. */
  reference: string
  listedName: string
  matchedAs: string
  birth: string
  listedBirth: string
  createdAt: number
  decidedAt: number | null
  decidedBy: string | null
  decisionReason: string | null
}

export interface SanctionsListInfo {
  id: number
  source: string
  generatedAt: string | null
  sha256: string
  individuals: number
  loadedAt: number
}

export interface ScreeningPage {
  list: SanctionsListInfo | null
  total: number
  items: ScreeningItem[]
  /** Verified players not yet screened against the current list. */
  pending: number
  now: number
}

/** Portaria SPA/MF 1.143/2024: the annual report is sent by this day of the following year. */
export const AML_REPORT_DUE = { month: 2, day: 1 } as const
