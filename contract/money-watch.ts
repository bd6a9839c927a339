// The money watch as the console receives it: the rules' flags, a flag's case file and the
// activity shown beside a withdrawal under review. Plain types and constants only (no zod), so
// the console imports them as they are; the replies' schemas are in money-watch-replies.ts.

import type { WithdrawalPhase } from './ops.ts'

/** What each rule watches for (server/risk/rules.ts; docs/money-watch.md). */
export const watchRules = [
  'little_play',
  'many_payers',
  'many_payout_keys',
  'rapid_cycles',
  'structuring',
  'stake_change',
  'promotion_only',
  'linked_accounts',
] as const

export type WatchRule = (typeof watchRules)[number]

/** What an operator decides on a case: nothing to report, reported to COAF, or the account held. */
export const caseDecisions = ['cleared', 'reported', 'held'] as const

export type CaseDecision = (typeof caseDecisions)[number]

export type FlagStatus = 'open' | 'closed'

/** What a rule found, figures in centavos or counts, with the thresholds it used. */
export type FlagReasons = Record<string, number | string>

export interface FlagItem {
  id: number
  playerId: number
  /** The verified name, masked unless the role sees personal data; else the user name. */
  playerName: string | null
  rule: WatchRule
  status: FlagStatus
  reasons: FlagReasons
  /** The operation whose request last fired the rule (a withdrawal order id). */
  triggerRef: string | null
  /** How many times the rule fired while the flag was open. */
  hits: number
  firstAt: number
  lastAt: number
  decision: CaseDecision | null
  decidedBy: string | null
  decidedAt: number | null
}

export interface FlagPage {
  total: number
  items: FlagItem[]
}

export interface CaseNote {
  id: number
  author: string
  body: string
  createdAt: number
}

/** The player's money as the rules and the review panel see it. */
export interface WatchedActivity {
  deposits: {
    id: string
    amount: number
    status: string
    createdAt: number
    paidAt: number | null
    /** Payers' CPFs, masked unless the role sees personal data. */
    payers: { cpf: string; isPlayer: boolean }[]
  }[]
  withdrawals: {
    id: string
    amount: number
    status: string
    keyType: string
    key: string
    createdAt: number
    /** What is happening to it now (held by the cool-off or a freeze, at the bank…). */
    phase: WithdrawalPhase
    /** The cool-off's end, when it waits for it. */
    sendAfter: number | null
  }[]
  /** Rounds over the player's whole history, and since the oldest deposit listed. */
  rounds: {
    count: number
    staked: number
    won: number
    sinceDeposits: { count: number; staked: number; won: number; since: number | null }
  }
  /** Distinct payers of the deposits listed (masked unless the role sees personal data). */
  payers: { cpf: string; isPlayer: boolean; deposits: number }[]
}

export interface CaseFile {
  flag: FlagItem
  /** The decision's reason, when decided. */
  decisionReason: string | null
  notes: CaseNote[]
  /** The player's other flags, open or closed. */
  otherFlags: FlagItem[]
  player: {
    userId: number
    userName: string | null
    fullName: string | null
    cpf: string | null
    frozen: boolean
  }
  activity: WatchedActivity
}

/** Beside a withdrawal under review: the player's money and open flags. */
export interface WithdrawalWatch {
  orderId: string
  playerId: number
  activity: WatchedActivity
  openFlags: FlagItem[]
}
