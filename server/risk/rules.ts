// The money watch's rules: what in a player's recent money flags them for a risk operator. Pure
// functions over what the player did in the look-back window (activity.ts reads it) and the
// thresholds in the runtime settings (config.risk); each finding names its rule and the figures
// that fired it, thresholds included, so the case file and the export say why. docs/money-watch.md
// describes each rule and its default.
import type { FlagReasons, WatchRule } from '../../contract/money-watch.ts'
import type { Config } from '../config.ts'
import type { PlayDay } from '../games/play-days.ts'
import type { WatchedDeposit, WatchedWithdrawal } from '../payments/money-watch-queries.ts'

export type Thresholds = Config['risk'] & { reviewAbove: number }

export interface RuleInput {
  now: number
  /** Deposits and withdrawals created in the window, newest first. */
  deposits: WatchedDeposit[]
  withdrawals: WatchedWithdrawal[]
  /** The player's verified CPF: a payer with another CPF is someone else. */
  playerCpf: string | null
  /** Staked since the oldest deposit of the window was paid (0 without one). */
  stakedSinceDeposits: number
  /** Rounds per local day in the window, oldest first, and which of them is today. */
  days: PlayDay[]
  today: string
  /** The player's money over their whole history, the withdrawal being asked for included. */
  lifetime: { deposited: number; deposits: number; withdrawn: number; promotions: number }
  /** Other accounts sharing a device, a client address, a payer or a payout account with the player. */
  links: Link[]
}

export interface Link {
  playerId: number
  via: 'device' | 'address' | 'payer' | 'payout_account'
}

export interface Finding {
  rule: WatchRule
  reasons: FlagReasons
}

const DAY_MS = 24 * 3600_000
/** Fewer rounds than this before today say nothing about the player's usual stake. */
export const STAKE_BASELINE_ROUNDS = 20
/** Withdrawals that were refused or failed did not take money out; the others did or will. */
const tookMoneyOut = (w: WatchedWithdrawal) => w.status !== 'failed'

const paid = (deposits: WatchedDeposit[]) => deposits.filter((d) => d.status === 'paid' && d.paidAt !== null)

/** Deposits taken out again with little or no play: staked less than a share of what came in. */
function littlePlay(input: RuleInput, t: Thresholds): Finding | null {
  const deposits = paid(input.deposits)
  const withdrawn = input.withdrawals.filter(tookMoneyOut)
  if (deposits.length === 0 || withdrawn.length === 0) return null
  const deposited = deposits.reduce((sum, d) => sum + (d.paidAmount ?? d.amount), 0)
  const needed = Math.ceil((deposited * t.minPlayPercent) / 100)
  if (input.stakedSinceDeposits >= needed) return null
  return {
    rule: 'little_play',
    reasons: {
      deposits: deposits.length,
      deposited,
      staked: input.stakedSinceDeposits,
      withdrawn: withdrawn.reduce((sum, w) => sum + w.amount, 0),
      minPlayPercent: t.minPlayPercent,
      lookbackDays: t.lookbackDays,
    },
  }
}

/** Deposits paid by many different people (payments from someone else count, even when returned). */
function manyPayers(input: RuleInput, t: Thresholds): Finding | null {
  const payers = new Set(input.deposits.flatMap((d) => d.payerCpfs))
  if (payers.size < t.maxPayers) return null
  const others = [...payers].filter((cpf) => cpf !== input.playerCpf).length
  return {
    rule: 'many_payers',
    reasons: { payers: payers.size, notThePlayer: others, maxPayers: t.maxPayers, lookbackDays: t.lookbackDays },
  }
}

/** Withdrawals to many different PIX keys. */
function manyPayoutKeys(input: RuleInput, t: Thresholds): Finding | null {
  const keys = new Set(input.withdrawals.filter(tookMoneyOut).map((w) => `${w.keyType}:${w.pixKey}`))
  if (keys.size < t.maxPayoutKeys) return null
  return {
    rule: 'many_payout_keys',
    reasons: { keys: keys.size, maxPayoutKeys: t.maxPayoutKeys, lookbackDays: t.lookbackDays },
  }
}

/** Deposit-then-withdrawal cycles within the last 24 hours. */
function rapidCycles(input: RuleInput, t: Thresholds): Finding | null {
  const since = input.now - DAY_MS
  const events = [
    ...paid(input.deposits)
      .filter((d) => (d.paidAt as number) >= since)
      .map((d) => ({ at: d.paidAt as number, kind: 'in' as const })),
    ...input.withdrawals
      .filter((w) => tookMoneyOut(w) && w.createdAt >= since)
      .map((w) => ({ at: w.createdAt, kind: 'out' as const })),
  ].sort((a, b) => a.at - b.at || (a.kind === 'in' ? -1 : 1))
  let cycles = 0
  let funded = false
  for (const event of events) {
    if (event.kind === 'in') funded = true
    else if (funded) {
      cycles++
      funded = false
    }
  }
  if (cycles < t.cyclesPerDay) return null
  return { rule: 'rapid_cycles', reasons: { cycles, hours: 24, cyclesPerDay: t.cyclesPerDay } }
}

/** Withdrawals kept just under the review threshold (structuring). */
function structuring(input: RuleInput, t: Thresholds): Finding | null {
  const floor = Math.floor((t.reviewAbove * (100 - t.structuringPercent)) / 100)
  const under = input.withdrawals.filter((w) => tookMoneyOut(w) && w.amount >= floor && w.amount <= t.reviewAbove)
  if (under.length < t.structuringCount) return null
  return {
    rule: 'structuring',
    reasons: {
      justUnder: under.length,
      total: under.reduce((sum, w) => sum + w.amount, 0),
      from: floor,
      reviewAbove: t.reviewAbove,
      structuringCount: t.structuringCount,
      lookbackDays: t.lookbackDays,
    },
  }
}

/** Today's average stake far above the player's usual one in the window. */
function stakeChange(input: RuleInput, t: Thresholds): Finding | null {
  const today = input.days.find((d) => d.date === input.today)
  const before = input.days.filter((d) => d.date < input.today)
  const baseRounds = before.reduce((sum, d) => sum + d.rounds, 0)
  if (!today || today.rounds === 0 || baseRounds < STAKE_BASELINE_ROUNDS) return null
  const usual = before.reduce((sum, d) => sum + d.bets, 0) / baseRounds
  const now = today.bets / today.rounds
  if (usual <= 0 || now < usual * t.stakeJumpFactor) return null
  return {
    rule: 'stake_change',
    reasons: {
      averageStakeToday: Math.round(now),
      roundsToday: today.rounds,
      usualStake: Math.round(usual),
      usualRounds: baseRounds,
      stakeJumpFactor: t.stakeJumpFactor,
      lookbackDays: t.lookbackDays,
    },
  }
}

/**
 * Money out that only promotions paid for: no deposit ever, or more withdrawn than was ever
 * deposited with promotion money covering the difference (bonus farmed into cash).
 */
function promotionOnly(input: Pick<RuleInput, 'lifetime'>): Finding | null {
  const { deposited, deposits, withdrawn, promotions } = input.lifetime
  const beyond = withdrawn - deposited
  if (withdrawn <= 0 || beyond <= 0 || promotions <= 0) return null
  if (deposits > 0 && promotions < beyond) return null
  return {
    rule: 'promotion_only',
    reasons: { deposits, depositedEver: deposited, withdrawnEver: withdrawn, promotions, beyondDeposits: beyond },
  }
}

/** Several accounts sharing a device, a client address, a payer or a payout account. */
function linkedAccounts(input: Pick<RuleInput, 'links'>, t: Thresholds): Finding | null {
  const others = [...new Set(input.links.map((l) => l.playerId))].sort((a, b) => a - b)
  if (others.length + 1 < t.linkedAccounts) return null
  const via = (kind: Link['via']) => new Set(input.links.filter((l) => l.via === kind).map((l) => l.playerId)).size
  return {
    rule: 'linked_accounts',
    reasons: {
      linked: others.length,
      viaDevice: via('device'),
      viaAddress: via('address'),
      viaPayer: via('payer'),
      viaPayoutAccount: via('payout_account'),
      linkedAccounts: t.linkedAccounts,
      accounts: others.map((id) => `#${id}`).join(' '),
    },
  }
}

const rules = [
  littlePlay,
  manyPayers,
  manyPayoutKeys,
  rapidCycles,
  structuring,
  stakeChange,
  promotionOnly,
  linkedAccounts,
]

/** The rules whose finding holds the withdrawal for an operator's review before it is paid. */
export const holdingRules: readonly WatchRule[] = ['promotion_only', 'linked_accounts']

/** The findings of the holding rules alone (the check made before a withdrawal is written). */
export function holdingFindings(input: Pick<RuleInput, 'lifetime' | 'links'>, t: Thresholds): Finding[] {
  return [promotionOnly(input), linkedAccounts(input, t)].filter((f): f is Finding => f !== null)
}

/** Every rule the activity fires, each once. */
export function evaluateRules(input: RuleInput, thresholds: Thresholds): Finding[] {
  return rules.map((rule) => rule(input, thresholds)).filter((f): f is Finding => f !== null)
}
