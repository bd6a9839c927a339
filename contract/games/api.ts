// Game calls: the catalog, launching a game, the calls the game page makes with its
// game-session token, the round history, fairness seeds and the lobby's live figures.
import { z } from 'zod'
import { requestId } from '../deposits.ts'
import { gameOffReasons } from '../ops.ts'
import { pageFields } from '../paging.ts'
import { publishedFigures } from './figures.ts'

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

const money = z.number().int()
const balances = z
  .object({ total: money, cash: money, bonus: money })
  .meta({ id: 'Balances', description: 'Centavos: cash (withdrawable) plus bonus.' })

/** A launched game (`/game/forward`): its session and the game page's URL with a launch token. */
export const gameLaunch = z.object({ sessionId: z.string(), openGameUrl: z.string() }).meta({ id: 'GameLaunch' })
export type GameLaunch = z.infer<typeof gameLaunch>

export const gameSummary = z.object({
  id: z.string(),
  name: z.string(),
  iconUrl: z.string(),
  title: z.string().meta({ description: 'The provider group (lobby tab).' }),
  layout: z.enum(['classic-lines', 'video-ways']),
  rtp: z.number(),
  volatility: z.enum(['low', 'medium', 'high']),
  minBet: money,
  maxBet: money,
  plays7d: z.number().int().meta({ description: 'Rounds played in the last 7 days (orders the Popular tab).' }),
  unavailable: z
    .enum(gameOffReasons)
    .nullable()
    .meta({ description: 'Why an operator switched the game off (it cannot be opened), or null.' }),
})
export type GameSummary = z.infer<typeof gameSummary>

export const gameList = z
  .object({
    games: z.array(gameSummary),
    groups: z.array(z.string()),
    popular: z.array(z.string()).meta({ description: 'Game ids by real plays in the last 7 days, most first.' }),
  })
  .meta({ id: 'GameList' })
export type GameList = z.infer<typeof gameList>

export const seedCommitment = z
  .object({ serverSeedHash: z.string(), clientSeed: z.string(), nextNonce: z.number().int() })
  .meta({ id: 'SeedCommitment' })
export type SeedCommitment = z.infer<typeof seedCommitment>

export const revealedSeed = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonces: z.number().int().meta({ description: 'Nonces 0 … nonces − 1 were played with this pair.' }),
  revealedAt: z.number().int(),
})
export type RevealedSeed = z.infer<typeof revealedSeed>

export const seedsView = z
  .object({
    active: seedCommitment
      .nullable()
      .meta({ description: "Null until the player's first client seed activates the committed next seed." }),
    nextServerSeedHash: z.string().nullable().meta({
      description: 'SHA-256 of the server seed the next activation will use, committed before any client seed.',
    }),
    revealed: z.array(revealedSeed),
  })
  .meta({ id: 'SeedsView' })
export type SeedsView = z.infer<typeof seedsView>

export const roundView = z
  .object({
    roundId: z.string(),
    gameId: z.string(),
    gameName: z.string(),
    gameVersion: z.number().int(),
    bet: money,
    stops: z.array(z.number().int()),
    freeSpins: z
      .array(z.array(z.number().int()))
      .meta({ description: 'The stops of each free spin the round awarded, in play order.' }),
    win: money.meta({ description: "The game's win (base spin and free spins), centavos; the jackpot is apart." }),
    jackpotWin: money,
    jackpotContribution: money,
    balanceBefore: money,
    balanceAfter: money,
    serverSeedHash: z.string(),
    serverSeed: z.string().nullable().meta({ description: 'Present once the seed pair was rotated (revealed).' }),
    clientSeed: z.string(),
    nonce: z.number().int(),
    createdAt: z.number().int(),
  })
  .meta({ id: 'RoundView' })
export type RoundView = z.infer<typeof roundView>

export const roundPage = z.object({
  rounds: z.array(roundView),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  nextCursor: z.string().nullable().meta({ description: 'The `cursor` of the next page (null on the last).' }),
})
export type RoundPage = z.infer<typeof roundPage>

export const jackpotView = z
  .object({
    pool: money.meta({ description: "The pool account's balance now, centavos." }),
    seed: money,
    shareBps: z.number().int(),
    oddsPerCentavo: z.number(),
  })
  .meta({ id: 'JackpotView' })
export type JackpotView = z.infer<typeof jackpotView>

export const sessionView = z
  .object({
    sessionId: z.string(),
    sessionToken: z.string().meta({ description: 'The `game-session` header of the game page calls.' }),
    gameId: z.string(),
    balance: balances,
    seed: seedCommitment
      .nullable()
      .meta({ description: "Null until the page sends the player's first client seed (`/game/session/seed`)." }),
    nextServerSeedHash: z.string(),
    figures: publishedFigures.optional(),
    jackpot: jackpotView.nullable(),
  })
  .meta({ id: 'SessionView' })
export type SessionView = z.infer<typeof sessionView>

/** What choosing a seed from the game page answers: the active pair and the new next commitment. */
export const seedChoice = z.object({ seed: seedCommitment, nextServerSeedHash: z.string() })
export type SeedChoice = z.infer<typeof seedChoice>

export const spinResult = z
  .object({
    round: roundView,
    balance: balances,
    replayed: z
      .boolean()
      .meta({ description: 'True when this answer repeats an earlier request with the same requestId.' }),
    seed: seedCommitment.meta({ description: 'The active seed pair after this spin (the next nonce to be used).' }),
    jackpotPool: money.nullable().meta({ description: 'The jackpot pool right after this spin; null for a replay.' }),
  })
  .meta({ id: 'SpinResult' })
export type SpinResult = z.infer<typeof spinResult>

export const winItem = z.object({
  roundId: z.string(),
  playerName: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  amount: money,
  jackpot: z.boolean(),
  createdAt: z.number().int(),
})
export type WinItem = z.infer<typeof winItem>

export const liveView = z
  .object({
    jackpot: jackpotView.nullable(),
    wins: z.array(winItem),
    winThreshold: money.meta({ description: 'The minimum win shown in the feed.' }),
    playersNow: z.object({ popular: z.number().int(), groups: z.record(z.string(), z.number().int()) }),
  })
  .meta({ id: 'LiveView' })
export type LiveView = z.infer<typeof liveView>
