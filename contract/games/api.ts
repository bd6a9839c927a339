// Game calls (SPEC 6, 9): the catalog, launching a game, the calls the game page makes with its
// game-session token, the round history, fairness seeds and the lobby's live figures.
import { z } from 'zod'
import { requestId } from '../deposits.ts'
import { pageFields } from '../paging.ts'
import type { Layout, Volatility } from './engine.ts'
import type { PublishedFigures } from './figures.ts'

const gameId = z.string().min(1).max(40)

export const forwardRequest = z.strictObject({ id: gameId })
export const closeGameRequest = z.strictObject({ sessionId: z.string().min(1).max(40) })
export const openSessionRequest = z.strictObject({ launchToken: z.string().min(20).max(100) })
export const spinRequest = z.strictObject({ bet: z.number().int().positive().max(100_000_000), requestId })
export const historyRequest = z.strictObject(pageFields(100, 20))
export const roundRequest = z.strictObject({ roundId: z.string().min(1).max(40) })
export const clientSeed = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)
const seedHash = z.string().regex(/^[0-9a-f]{64}$/)
/** A client seed for the committed next server seed, named by the hash the player was shown. */
export const chooseSeedRequest = z.strictObject({ clientSeed, nextServerSeedHash: seedHash })
export const rotateSeedRequest = chooseSeedRequest
export const gameDefQuery = z.strictObject({ version: z.coerce.number().int().min(1).max(1_000_000).optional() })

/** A launched game (`/game/forward`): its session and the game page's URL with a launch token. */
export interface GameLaunch {
  sessionId: string
  openGameUrl: string
}

export interface GameSummary {
  id: string
  name: string
  iconUrl: string
  /** The provider group (lobby tab). */
  title: string
  layout: Layout
  rtp: number
  volatility: Volatility
  minBet: number
  maxBet: number
  /** Rounds played in the last 7 days (orders the Popular tab). */
  plays7d: number
}

export interface GameList {
  games: GameSummary[]
  groups: string[]
  /** Game ids by real plays in the last 7 days, most played first. */
  popular: string[]
}

export interface SeedCommitment {
  serverSeedHash: string
  clientSeed: string
  nextNonce: number
}

export interface RevealedSeed {
  serverSeed: string
  serverSeedHash: string
  clientSeed: string
  /** Nonces 0 … nonces − 1 were played with this pair. */
  nonces: number
  revealedAt: number
}

export interface SeedsView {
  /** Null until the player's first client seed activates the committed next seed. */
  active: SeedCommitment | null
  /** SHA-256 of the server seed the next activation (rotation) will use, committed before any client seed. */
  nextServerSeedHash: string | null
  revealed: RevealedSeed[]
}

export interface RoundView {
  roundId: string
  gameId: string
  gameName: string
  gameVersion: number
  bet: number
  stops: number[]
  /** The stops of each free spin the round awarded, in play order. */
  freeSpins: number[][]
  /** The game's win (base spin and free spins), centavos; the jackpot is apart. */
  win: number
  jackpotWin: number
  jackpotContribution: number
  balanceBefore: number
  balanceAfter: number
  serverSeedHash: string
  /** Present once the seed pair was rotated (revealed). */
  serverSeed: string | null
  clientSeed: string
  nonce: number
  createdAt: number
}

export interface RoundPage {
  rounds: RoundView[]
  total: number
  pageNum: number
  pageSize: number
  /** The `cursor` of the next page (null on the last): each page costs the same however long the history. */
  nextCursor: string | null
}

export interface SessionView {
  sessionId: string
  sessionToken: string
  gameId: string
  balance: { total: number; cash: number; bonus: number }
  /** Null until the page sends the player's first client seed (`/game/session/seed`). */
  seed: SeedCommitment | null
  nextServerSeedHash: string
  figures: PublishedFigures
  jackpot: JackpotView | null
}

/** What choosing a seed from the game page answers: the active pair and the new next commitment. */
export interface SeedChoice {
  seed: SeedCommitment
  nextServerSeedHash: string
}

export interface SpinResult {
  round: RoundView
  balance: { total: number; cash: number; bonus: number }
  /** True when this answer repeats an earlier request with the same requestId. */
  replayed: boolean
  /** The active seed pair after this spin (the next nonce to be used). */
  seed: SeedCommitment
  /** The jackpot pool right after this spin; null for a replay. */
  jackpotPool: number | null
}

export interface JackpotView {
  /** The pool account's balance now, centavos. */
  pool: number
  seed: number
  shareBps: number
  oddsPerCentavo: number
}

export interface WinItem {
  roundId: string
  playerName: string
  gameId: string
  gameName: string
  amount: number
  jackpot: boolean
  createdAt: number
}

export interface LiveView {
  jackpot: JackpotView | null
  wins: WinItem[]
  /** The minimum win shown in the feed. */
  winThreshold: number
  playersNow: { popular: number; groups: Record<string, number> }
}
