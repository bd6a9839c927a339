// The spin's input, its answer and the options of `Rounds`: what every spin path (rounds.ts,
// spin-postgres.ts, spin-sqlite.ts) takes and gives back.
import type { Kysely } from 'kysely'
import type { RoundView, SeedCommitment } from '../../contract/games/api.ts'
import type { GameOffReason } from '../../contract/ops.ts'
import type { Database } from '../db/schema.ts'
import type { DirectSqlite } from '../db/sqlite-dialect.ts'
import type { Ledger } from '../ledger/ledger.ts'

export interface SpinInput {
  /** The game page's game-session token: the session names the player and the game. */
  sessionToken: string
  bet: number
  requestId: string
}

export interface SpinRecord {
  round: RoundView
  /** True when the requestId had already made this round. */
  replayed: boolean
  /** The active seed pair after this spin. */
  seed: SeedCommitment
  /** The pool right after this spin (null for a replay, which moved nothing). */
  jackpotPool: number | null
  /** The player's balances right after this spin, as its transaction left them. */
  balance: { total: number; cash: number; bonus: number }
}

export interface RoundsOptions {
  ledger: Ledger
  /** SQLite: the connection's direct statements, for the spin's plain path (`Ledger.transactDirect`). */
  direct?: { db: Kysely<Database>; sqlite: DirectSqlite } | null
  /**
   * PostgreSQL: the plain spin as one call of the ledger's function `ledger_spin`
   * (`Ledger.transactFunction`); true unless a test compares it with the spin's `LedgerTx` path.
   */
  oneStatement?: boolean
  /** Wins at or above this (centavos) are announced to everyone (`win` push). */
  winFeedMin: number
  /** The market's time zone (limit periods) and the default reality-check interval. */
  playLimits: { timeZone: string; realityCheckMinutes: number }
  /** Why an operator switched the game off, or null while it is on (read at each spin). */
  gameOff: (gameId: string) => GameOffReason | null
}
