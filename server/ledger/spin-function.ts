// PostgreSQL: a plain spin written in one statement by the ledger's function `ledger_spin`
// (migration 0034) — one round trip and one transaction instead of the spin's four. The caller
// names the round it worked out (`FunctionSpin`); the function checks under the player's lock
// that the round still holds and writes what the spin's `LedgerTx` would, or names the case it
// leaves to `LedgerTx` and writes nothing.
import { CompiledQuery, Kysely } from 'kysely'
import type { DirectPostgres } from '../db/database.ts'
import type { Database } from '../db/schema.ts'

/** Everything the function checks and writes, in its parameters' order. */
export interface FunctionSpin {
  tokenHash: string
  now: number
  /** A session last seen at or before this has expired. */
  openAfter: number
  /** The session's mark as seen is written when it was last written at or before this. */
  seenBefore: number
  playerId: number
  sessionId: string
  gameId: string
  gameVersion: number
  cashId: number
  bonusId: number
  /** The player's shard of the game house and of the jackpot pool; every row of the pool. */
  houseId: number
  poolId: number
  poolIds: readonly number[]
  requestId: string
  /** The seed pair and nonce the outcome was drawn from. */
  seedId: number
  nonce: number
  serverSeedHash: string
  clientSeed: string
  roundId: string
  bet: number
  stops: string
  freeSpins: string
  win: number
  contribution: number
  /** The market's local date of `now`, and the first local dates of the loss limits' periods. */
  day: string
  lossFrom: { day: string; week: string; month: string }
  /** Sessions last seen before this are not read for the time played; local midnight of today. */
  playedSince: number
  dayStart: number
  realityCheckMinutes: number
  playBreakMs: number
}

/** What the function answers for a spin it wrote. */
export interface FunctionSpinDone {
  cash: number
  bonus: number
  balanceBefore: number
  /** The jackpot pool as this spin left it. */
  pool: number
}

const CALL = `select outcome, cash, bonus, balance_before, pool from ledger_spin(${[
  'text',
  'bigint',
  'bigint',
  'bigint',
  'bigint',
  'text',
  'text',
  'integer',
  'bigint',
  'bigint',
  'bigint',
  'bigint',
  'bigint[]',
  'text',
  'bigint',
  'bigint',
  'text',
  'text',
  'text',
  'bigint',
  'text',
  'text',
  'bigint',
  'bigint',
  'text',
  'text',
  'text',
  'text',
  'bigint',
  'bigint',
  'bigint',
  'bigint',
]
  .map((cast, i) => `$${i + 1}::${cast}`)
  .join(', ')})`

/** The call's text and its parameters (the bench's spin floor sends the same on a bare pool). */
export function spinFunctionQuery(spin: FunctionSpin): { text: string; values: unknown[] } {
  return { text: CALL, values: parameters(spin) }
}

function parameters(s: FunctionSpin): unknown[] {
  return [
    s.tokenHash,
    s.now,
    s.openAfter,
    s.seenBefore,
    s.playerId,
    s.sessionId,
    s.gameId,
    s.gameVersion,
    s.cashId,
    s.bonusId,
    s.houseId,
    s.poolId,
    s.poolIds,
    s.requestId,
    s.seedId,
    s.nonce,
    s.serverSeedHash,
    s.clientSeed,
    s.roundId,
    s.bet,
    s.stops,
    s.freeSpins,
    s.win,
    s.contribution,
    s.day,
    s.lossFrom.day,
    s.lossFrom.week,
    s.lossFrom.month,
    s.playedSince,
    s.dayStart,
    s.realityCheckMinutes,
    s.playBreakMs,
  ]
}

export type SpinFunctionAnswer = {
  outcome: string
  cash: string | number | null
  bonus: string | number | null
  balance_before: string | number | null
  pool: string | number | null
}

/**
 * Calls the function, on the pool's direct statement when given one (the hot path), else through
 * Kysely: what it wrote, or the case it handed back (nothing written).
 */
export async function callSpinFunction(
  db: Kysely<Database> | DirectPostgres,
  spin: FunctionSpin,
): Promise<{ done: FunctionSpinDone } | { handedBack: string }> {
  const rows =
    db instanceof Kysely
      ? (await db.executeQuery<SpinFunctionAnswer>(CompiledQuery.raw(CALL, parameters(spin)))).rows
      : await db.query<SpinFunctionAnswer>(CALL, parameters(spin))
  const row = rows[0]
  if (!row) return { handedBack: 'no answer' }
  if (row.outcome !== 'done') return { handedBack: row.outcome }
  return {
    done: {
      cash: Number(row.cash),
      bonus: Number(row.bonus),
      balanceBefore: Number(row.balance_before),
      pool: Number(row.pool),
    },
  }
}
