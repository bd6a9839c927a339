// The public transparency page (`/transparencia`): how the app pays, returns deposits, what its
// games have really paid, the jackpot, support and safer play — aggregated, no personal data —
// and the hash chain of frozen days that keeps past figures from being quietly rewritten.
// The chain's rule lives here so the server, the browser and `npm run transparency:verify`
// compute the same hash: SHA-256 of the RFC 8785 canonical JSON of { day, previousHash, figures }.
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import canonicalize from 'canonicalize'
import type { JackpotRule } from './games/jackpot.ts'

/** The previous hash of the first frozen day. */
export const GENESIS_HASH = '0'.repeat(64)

/** How many frozen days one page of `/transparency/snapshots` carries at most. */
export const SNAPSHOT_PAGE_MAX = 100

/** Fewer rounds than this, or a 95 % interval wider than ±10 points: too small a sample to judge. */
export const MIN_ROUNDS_FOR_INTERVAL = 1000
export const MAX_INTERVAL_HALF_WIDTH = 0.1

export interface ReasonCount {
  reason: string
  count: number
  amount: number
}

/** Withdrawals that waited (for an operator's review, or a cool-off) before going to the PIX network. */
export interface HoldFigures {
  /** Requested in the period and held. */
  count: number
  /** Of those, how many have left the hold (sent or refused). */
  released: number
  medianWaitMs: number | null
  longestWaitMs: number | null
}

export interface WithdrawalFigures {
  /** Paid (the PSP confirmed) in the period. */
  paid: number
  paidAmount: number
  /** Request → PSP confirmation of those: median, 95th percentile (nearest rank) and the slowest. */
  medianMs: number | null
  p95Ms: number | null
  slowestMs: number | null
  within5Min: number
  within120Min: number
  review: HoldFigures
  coolOff: HoldFigures
  /** Failed for good in the period (the reserved money back in the balance), by reason. */
  returned: ReasonCount[]
  /** Ledger movements that took a fee from a paid withdrawal (posted ≠ requested): always 0, checked. */
  feeSteps: number
}

/** Deposits the app sent back to the payer, by reason, decided in the period. */
export interface DepositReturnFigures extends ReasonCount {
  /** Of those, how many the payer's bank has confirmed as returned. */
  returned: number
  medianReturnMs: number | null
  slowestReturnMs: number | null
}

/** One game version's rounds in the period. */
export interface GameRoundFigures {
  gameId: string
  version: number
  rounds: number
  bets: number
  /** The game's wins (base and free spins), jackpot apart. */
  wins: number
  /** Σ bet²: how much the sample's spread depends on a few big bets. */
  betSquares: number
  jackpotContributions: number
  jackpotWins: number
  jackpotWon: number
}

export interface SupportFigures {
  /** Conversations opened in the period, and how many a person has answered. */
  conversations: number
  answered: number
  medianFirstAnswerMs: number | null
}

export interface SaferPlayFigures {
  selfExclusions: number
  limitChanges: number
}

/** What one frozen local day holds. */
export interface DayFigures {
  withdrawals: WithdrawalFigures
  depositReturns: DepositReturnFigures[]
  games: GameRoundFigures[]
  support: SupportFigures
  saferPlay: SaferPlayFigures
}

export interface Snapshot {
  /** YYYY-MM-DD in the market's time zone. */
  day: string
  previousHash: string
  hash: string
  figures: DayFigures
}

export interface SnapshotPage {
  snapshots: Snapshot[]
  /** Pass as `after` for the next page; null on the last. */
  nextAfter: string | null
}

export interface GameView {
  gameId: string
  name: string
  version: number
  /** Published percentages: the whole RTP, and the game's own part (jackpot apart) the rounds are held to. */
  publishedRtp: number
  publishedGameRtp: number
  rounds: number
  bets: number
  wins: number
  /** Wins ÷ bets in percent; null without bets. */
  realisedRtp: number | null
  /** The 95 % range around the published game RTP for these bets, in percent; null when the sample is too small. */
  interval: { low: number; high: number } | null
}

export interface JackpotWinView {
  /** Masked ("Jo***12"). */
  player: string
  gameName: string
  amount: number
  at: number
}

export interface MonthFigures extends SaferPlayFigures {
  /** YYYY-MM in the market's time zone. */
  month: string
}

export interface TransparencyView {
  /** When these figures were computed (the page says so, above all when shown from the cache). */
  computedAt: number
  timeZone: string
  paid: { last24h: number; last7d: number; last30d: number }
  /** Rolling 30 days. */
  withdrawals: WithdrawalFigures
  depositReturns: DepositReturnFigures[]
  /** The last 30 local days, today included: the frozen days and today so far. */
  games: GameView[]
  gamesSince: string
  jackpot: {
    pool: number
    contributed30d: number
    won30d: number
    wins30d: number
    lastWins: JackpotWinView[]
    rule: JackpotRule
  }
  support: SupportFigures
  /** The last 6 months, the current one included, oldest first. */
  saferPlay: MonthFigures[]
  chain: { days: number; first: string | null; head: { day: string; hash: string } | null }
}

const encoder = new TextEncoder()

/** The hash a frozen day carries: it covers the day, its figures and the day before's hash. */
export function snapshotHash(snapshot: Pick<Snapshot, 'day' | 'previousHash' | 'figures'>): string {
  const text = canonicalize({ day: snapshot.day, previousHash: snapshot.previousHash, figures: snapshot.figures })
  return bytesToHex(sha256(encoder.encode(text ?? '')))
}

export type ChainCheck =
  | { ok: true; days: number; head: { day: string; hash: string } | null }
  | { ok: false; day: string; problem: 'hash' | 'link' | 'order' | 'known' | 'head' }

/**
 * Recomputes the chain: each day's hash from its content, each link to the day before, days in
 * order. `known` are hashes seen earlier (a head published before, remembered by a browser):
 * a day rewritten and the chain re-hashed after it passes every other check but not this one.
 */
export function verifyChain(
  snapshots: readonly Snapshot[],
  options: { known?: readonly { day: string; hash: string }[]; head?: { day: string; hash: string } | null } = {},
): ChainCheck {
  let previous = GENESIS_HASH
  let previousDay = ''
  const byDay = new Map<string, string>()
  for (const snapshot of snapshots) {
    if (snapshot.day <= previousDay) return { ok: false, day: snapshot.day, problem: 'order' }
    if (snapshot.previousHash !== previous) return { ok: false, day: snapshot.day, problem: 'link' }
    if (snapshotHash(snapshot) !== snapshot.hash) return { ok: false, day: snapshot.day, problem: 'hash' }
    byDay.set(snapshot.day, snapshot.hash)
    previous = snapshot.hash
    previousDay = snapshot.day
  }
  for (const seen of options.known ?? []) {
    if (byDay.get(seen.day) !== seen.hash) return { ok: false, day: seen.day, problem: 'known' }
  }
  const last = snapshots.at(-1)
  const head = last ? { day: last.day, hash: last.hash } : null
  if (options.head !== undefined && (options.head?.day !== head?.day || options.head?.hash !== head?.hash))
    return { ok: false, day: options.head?.day ?? '', problem: 'head' }
  return { ok: true, days: snapshots.length, head }
}

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
