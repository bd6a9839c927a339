// The public transparency page (`/transparencia`): how the app pays, returns deposits, what its
// games have really paid, the jackpot, support and safer play — aggregated, no personal data —
// and the hash chain of frozen days that keeps past figures from being quietly rewritten.
// The replies' zod schemas are the server's and the OpenAPI document's; the browser imports only
// their types, and the chain's rule from transparency-chain.ts, which has no zod.
import { z } from 'zod'
import type { JackpotRule } from './games/jackpot.ts'

/** How many frozen days one page of `/transparency/snapshots` carries at most. */
export const SNAPSHOT_PAGE_MAX = 100

/** Fewer rounds than this, or a 95 % interval wider than ±10 points: too small a sample to judge. */
export const MIN_ROUNDS_FOR_INTERVAL = 1000
export const MAX_INTERVAL_HALF_WIDTH = 0.1

// The replies' schemas (the OpenAPI document describes them; the types below are inferred).
const count = z.number()
const ms = z.number().nullable()

export const reasonCount = z.object({ reason: z.string(), count, amount: z.number() })
export type ReasonCount = z.infer<typeof reasonCount>

/** Withdrawals that waited (for an operator's review, or a cool-off) before going to the PIX network. */
export const holdFigures = z.object({
  /** Requested in the period and held. */
  count,
  /** Of those, how many have left the hold (sent or refused). */
  released: count,
  medianWaitMs: ms,
  longestWaitMs: ms,
})
export type HoldFigures = z.infer<typeof holdFigures>

export const withdrawalFigures = z.object({
  /** Paid (the PSP confirmed) in the period. */
  paid: count,
  paidAmount: z.number(),
  /** Request → PSP confirmation of those: median, 95th percentile (nearest rank) and the slowest. */
  medianMs: ms,
  p95Ms: ms,
  slowestMs: ms,
  within5Min: count,
  within120Min: count,
  review: holdFigures,
  coolOff: holdFigures,
  /** Failed for good in the period (the reserved money back in the balance), by reason. */
  returned: z.array(reasonCount),
  /** Ledger movements that took a fee from a paid withdrawal (posted ≠ requested): always 0, checked. */
  feeSteps: count,
})
export type WithdrawalFigures = z.infer<typeof withdrawalFigures>

/** Deposits the app sent back to the payer, by reason, decided in the period. */
export const depositReturnFigures = reasonCount.extend({
  /** Of those, how many the payer's bank has confirmed as returned. */
  returned: count,
  medianReturnMs: ms,
  slowestReturnMs: ms,
})
export type DepositReturnFigures = z.infer<typeof depositReturnFigures>

/** One game version's rounds in the period. */
export const gameRoundFigures = z.object({
  gameId: z.string(),
  version: z.number(),
  rounds: count,
  bets: z.number(),
  /** The game's wins (base and free spins), jackpot apart. */
  wins: z.number(),
  /** Σ bet²: how much the sample's spread depends on a few big bets. */
  betSquares: z.number(),
  jackpotContributions: z.number(),
  jackpotWins: count,
  jackpotWon: z.number(),
})
export type GameRoundFigures = z.infer<typeof gameRoundFigures>

export const supportFigures = z.object({
  /** Conversations opened in the period, and how many a person has answered. */
  conversations: count,
  answered: count,
  medianFirstAnswerMs: ms,
})
export type SupportFigures = z.infer<typeof supportFigures>

export const saferPlayFigures = z.object({ selfExclusions: count, limitChanges: count })
export type SaferPlayFigures = z.infer<typeof saferPlayFigures>

/**
 * How a frozen day counted its limit changes. Absent (rule 1, the days frozen before rule 2):
 * every limit row but the registration's own, so the two limits a registration sets counted as
 * changes. 2: the limits written with the registration are not changes. A frozen day keeps the
 * figures (and the rule) it was hashed with.
 */
export const LIMIT_CHANGES_RULE = 2
export const saferPlayDayFigures = saferPlayFigures.extend({
  limitChangesRule: z
    .number()
    .int()
    .optional()
    .meta({ description: 'How limitChanges was counted: absent = rule 1 (registration limits counted), 2 = not.' }),
})

/**
 * The proof of liabilities committed with a frozen day (contract/liabilities.ts): the Merkle sum
 * tree's root over every player's owed balance (cash + withdrawal hold) read just after the day
 * froze, its total in centavos, how many players and the tree's depth. Absent on days frozen
 * before the chain carried it, and on days frozen late in a catch-up (their balances are gone).
 */
export const liabilitiesFigures = z.object({
  root: z.string(),
  total: z.number().int(),
  players: z.number().int(),
  depth: z.number().int(),
})

/** What one frozen local day holds. */
export const dayFigures = z.object({
  withdrawals: withdrawalFigures,
  depositReturns: z.array(depositReturnFigures),
  games: z.array(gameRoundFigures),
  support: supportFigures,
  saferPlay: saferPlayDayFigures,
  liabilities: liabilitiesFigures.optional(),
})
export type DayFigures = z.infer<typeof dayFigures>

export const snapshot = z.object({
  /** YYYY-MM-DD in the market's time zone. */
  day: z.string(),
  previousHash: z.string(),
  hash: z.string(),
  figures: dayFigures,
  /**
   * The day's RFC 3161 time-stamp token: the authority's URL, the token (a CMS SignedData over a
   * TSTInfo whose message imprint is the SHA-256 of the day's canonical content, i.e. `hash`),
   * DER in base64, and the time in it. Null while the day is not stamped yet.
   */
  anchor: z.object({ tsaUrl: z.string(), token: z.string(), stampedAt: z.number().int() }).nullable(),
})
export type Snapshot = z.infer<typeof snapshot>

export const snapshotPage = z.object({
  snapshots: z.array(snapshot),
  /** Pass as `after` for the next page; null on the last. */
  nextAfter: z.string().nullable(),
})
export type SnapshotPage = z.infer<typeof snapshotPage>

export const gameView = z.object({
  gameId: z.string(),
  name: z.string(),
  version: z.number(),
  /** Published percentages: the whole RTP, and the game's own part (jackpot apart) the rounds are held to. */
  publishedRtp: z.number(),
  publishedGameRtp: z.number(),
  rounds: count,
  bets: z.number(),
  wins: z.number(),
  /** Wins ÷ bets in percent; null without bets. */
  realisedRtp: z.number().nullable(),
  /** The 95 % range around the published game RTP for these bets, in percent; null when the sample is too small. */
  interval: z.object({ low: z.number(), high: z.number() }).nullable(),
})
export type GameView = z.infer<typeof gameView>

export const jackpotWinView = z.object({
  /** Masked ("Jo***12"). */
  player: z.string(),
  gameName: z.string(),
  amount: z.number(),
  at: z.number(),
})
export type JackpotWinView = z.infer<typeof jackpotWinView>

export const monthFigures = saferPlayFigures.extend({
  /** YYYY-MM in the market's time zone. */
  month: z.string(),
})
export type MonthFigures = z.infer<typeof monthFigures>

const jackpotRuleView = z.object({
  shareBps: z.number().meta({ description: 'Basis points of every bet that move to the pool (200 = 2 %).' }),
  seed: z.number().meta({ description: 'Centavos the pool starts from, and restarts from after a win.' }),
  oddsPerCentavo: z.number().meta({ description: 'The chance of winning is bet × oddsPerCentavo / 2^32.' }),
}) satisfies z.ZodType<JackpotRule>

export const transparencyView = z.object({
  /** When these figures were computed (the page says so, above all when shown from the cache). */
  computedAt: z.number(),
  timeZone: z.string(),
  paid: z.object({ last24h: z.number(), last7d: z.number(), last30d: z.number() }),
  /** Rolling 30 days. */
  withdrawals: withdrawalFigures,
  depositReturns: z.array(depositReturnFigures),
  /** The last 30 local days, today included: the frozen days and today so far. */
  games: z.array(gameView),
  gamesSince: z.string(),
  jackpot: z.object({
    pool: z.number(),
    contributed30d: z.number(),
    won30d: z.number(),
    wins30d: count,
    lastWins: z.array(jackpotWinView),
    rule: jackpotRuleView,
  }),
  support: supportFigures,
  /** The last 6 months, the current one included, oldest first. */
  saferPlay: z.array(monthFigures),
  chain: z.object({
    days: count,
    first: z.string().nullable(),
    head: z.object({ day: z.string(), hash: z.string() }).nullable(),
  }),
  /**
   * The latest frozen day's proof of liabilities, and beside it the money held for players at the
   * PSP (from its statement or an audited figure, with its date and source) and held ÷ owed.
   */
  liabilities: liabilitiesFigures
    .extend({
      day: z.string(),
      held: z.object({ amount: z.number().int(), asOf: z.string(), source: z.string() }).nullable(),
      ratio: z.number().nullable(),
    })
    .nullable(),
})
export type TransparencyView = z.infer<typeof transparencyView>

/** The median of sorted values (mean of the middle two); null when empty. */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** The nearest-rank percentile of sorted values; null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

/**
 * The 95 % range of wins ÷ bets when each round returns its bet times an independent draw of mean
 * `rtp` and variance `variance` (per unit bet): rtp ± 1.96·σ·√(Σbet²)/Σbet. Null when too small to say.
 */
export function rtpInterval(
  rtp: number,
  variance: number,
  rounds: number,
  bets: number,
  betSquares: number,
): { low: number; high: number } | null {
  if (rounds < MIN_ROUNDS_FOR_INTERVAL || bets <= 0) return null
  const halfWidth = (1.96 * Math.sqrt(variance) * Math.sqrt(betSquares)) / bets
  if (halfWidth > MAX_INTERVAL_HALF_WIDTH) return null
  return { low: rtp - halfWidth, high: rtp + halfWidth }
}

/** A player's inclusion proof in the latest tree (contract/liabilities.ts LiabilityProof). */
export const liabilityProof = z.object({
  day: z.string(),
  position: z.number().int(),
  salt: z.string(),
  balance: z.number().int(),
  path: z.array(z.tuple([z.string(), z.number().int()])),
  root: z.string(),
  total: z.number().int(),
})

const hexHash = z.string().regex(/^[0-9a-f]{64}$/)
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/**
 * What an installed app sends when the chain served now does not extend a head it saw before: the
 * day and hash it saw (and when, by its clock), the hash served for that day now (null: the day is
 * gone) and the head served now. Bounded: a few short fields.
 */
export const witnessReportBody = z.strictObject({
  seen: z.strictObject({ day: isoDay, hash: hexHash, at: z.number().int().min(0).optional() }),
  served: hexHash.nullable(),
  head: z.strictObject({ day: isoDay, hash: hexHash }).nullable(),
})
export type WitnessReportBody = z.infer<typeof witnessReportBody>

/** The console's list of witness reports, newest first. */
export const witnessReports = z.object({
  reports: z.array(
    z.object({
      id: z.number(),
      receivedAt: z.number(),
      seenDay: z.string(),
      seenHash: z.string(),
      servedHash: z.string().nullable(),
      headDay: z.string().nullable(),
      headHash: z.string().nullable(),
      seenAt: z.number().nullable(),
      /** Whether the hash served for that day now still differs from the one the app saw. */
      stillDiffers: z.boolean(),
    }),
  ),
  /** Distinct senders (hashed addresses) among all the reports. */
  senders: z.number(),
})
export type WitnessReports = z.infer<typeof witnessReports>
