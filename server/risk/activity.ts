// A player's money as the money watch sees it: deposits (with who paid) and withdrawals in the
// look-back window, read through payments' query module, and rounds through games' play days;
// over the whole history, money in and out (payments) and promotion money (rewards' claims and
// the first-deposit bonus), and the accounts linked to the player (accounts' login sightings,
// payments' payers and payout accounts) —
// what the rules evaluate, and what the review panel and the case file show (masked unless the
// operator's role may see personal data).
import type { Kysely } from 'kysely'
import type { WatchedActivity } from '../../contract/money-watch.ts'
import { playerIdentity } from '../accounts/operator-queries.ts'
import { sharedSightings } from '../accounts/sightings.ts'
import { maskCpf } from '../accounts/verification.ts'
import type { Database } from '../db/schema.ts'
import { type PlayDay, playDaysSince } from '../games/play-days.ts'
import { localDate } from '../lib/periods.ts'
import {
  lifetimeMoney,
  paymentsSince,
  sharedPaymentParties,
  type WatchedDeposit,
  type WatchedWithdrawal,
} from '../payments/money-watch-queries.ts'
import { claimedRewardTotal } from '../rewards/promotions.ts'
import type { Link, RuleInput } from './rules.ts'

const DAY_MS = 24 * 3600_000

export interface Activity {
  input: RuleInput
  /** Since when the window runs. */
  since: number
  /** The player's rounds over their whole history. */
  lifetime: { count: number; staked: number; won: number }
  /** Rounds since the oldest paid deposit of the window (null without one). */
  sinceDeposits: { count: number; staked: number; won: number; since: number | null }
}

const sum = (days: PlayDay[]) => ({
  count: days.reduce((n, d) => n + d.rounds, 0),
  staked: days.reduce((n, d) => n + d.bets, 0),
  won: days.reduce((n, d) => n + d.wins, 0),
})

/**
 * Money in and out over the player's whole history, and the promotion money they received;
 * `asking` is a withdrawal not yet recorded (the check before the order is written).
 */
export async function readLifetime(db: Kysely<Database>, playerId: number, asking = 0): Promise<RuleInput['lifetime']> {
  const [money, rewards] = await Promise.all([lifetimeMoney(db, playerId), claimedRewardTotal(db, playerId)])
  return {
    deposited: money.deposited,
    deposits: money.deposits,
    withdrawn: money.withdrawn + asking,
    promotions: rewards + money.depositBonus,
  }
}

/**
 * The other accounts sharing a device, a client address, a payer or a payout account with the
 * player; `payoutKey`: a PIX key about to be paid out to, not yet on an order.
 */
export async function readLinks(db: Kysely<Database>, playerId: number, payoutKey?: string): Promise<Link[]> {
  const [sightings, parties] = await Promise.all([
    sharedSightings(db, playerId),
    sharedPaymentParties(db, playerId, payoutKey),
  ])
  return [...sightings, ...parties]
}

export async function readActivity(
  db: Kysely<Database>,
  playerId: number,
  options: { now: number; lookbackDays: number; timeZone: string },
): Promise<Activity> {
  const { now, timeZone } = options
  const since = now - options.lookbackDays * DAY_MS
  const [identity, payments, days, lifetimeDays, lifetime, links] = await Promise.all([
    playerIdentity(db, playerId),
    paymentsSince(db, playerId, since, now),
    playDaysSince(db, playerId, since, timeZone),
    playDaysSince(db, playerId, 0, timeZone),
    readLifetime(db, playerId),
    readLinks(db, playerId),
  ])
  const paidAt = payments.deposits.flatMap((d) => (d.status === 'paid' && d.paidAt !== null ? [d.paidAt] : []))
  const firstPaid = paidAt.length === 0 ? null : Math.min(...paidAt)
  const sinceDeposits =
    firstPaid === null
      ? { count: 0, staked: 0, won: 0, since: null }
      : { ...sum(await playDaysSince(db, playerId, firstPaid, timeZone)), since: firstPaid }
  return {
    since,
    lifetime: sum(lifetimeDays),
    sinceDeposits,
    input: {
      now,
      deposits: payments.deposits,
      withdrawals: payments.withdrawals,
      playerCpf: identity?.cpf ?? null,
      stakedSinceDeposits: sinceDeposits.staked,
      days,
      today: localDate(now, timeZone),
      lifetime,
      links,
    },
  }
}

/** The activity as the console shows it: CPFs and keys masked unless `personal`. */
export function activityView(activity: Activity, personal: boolean): WatchedActivity {
  const { deposits, withdrawals, playerCpf } = activity.input
  const cpf = (value: string) => (personal ? value : maskCpf(value))
  const payerCounts = new Map<string, number>()
  for (const d of deposits)
    for (const payer of new Set(d.payerCpfs)) payerCounts.set(payer, (payerCounts.get(payer) ?? 0) + 1)
  return {
    deposits: deposits.map((d: WatchedDeposit) => ({
      id: d.id,
      amount: d.paidAmount ?? d.amount,
      status: d.status,
      createdAt: d.createdAt,
      paidAt: d.paidAt,
      payers: d.payerCpfs.map((payer) => ({ cpf: cpf(payer), isPlayer: payer === playerCpf })),
    })),
    withdrawals: withdrawals.map((w: WatchedWithdrawal) => ({
      id: w.id,
      amount: w.amount,
      status: w.status,
      keyType: w.keyType,
      key: personal ? w.pixKey : w.keyMasked,
      createdAt: w.createdAt,
      phase: w.phase,
      sendAfter: w.sendAfter,
    })),
    rounds: { ...activity.lifetime, sinceDeposits: activity.sinceDeposits },
    payers: [...payerCounts].map(([payer, n]) => ({ cpf: cpf(payer), isPlayer: payer === playerCpf, deposits: n })),
  }
}
