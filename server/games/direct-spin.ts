// The spin's statements for its direct path on SQLite (`Ledger.transactDirect`): each is the text
// the spin's Kysely query compiles to, compiled once at start-up and prepared once, with a
// function that lists its parameters in the order the query takes them (direct-spin.test.ts
// compares both with the Kysely query for many inputs). Only the statements change; what they
// read and write is the spin's (rounds.ts).
import type { Compilable, Kysely, Transaction } from 'kysely'
import { accountGateQuery } from '../accounts/limits.ts'
import type { Database } from '../db/schema.ts'
import type { DirectSqlite, DirectStatement, SqliteValue } from '../db/sqlite-dialect.ts'
import { localDate, periodStart, periodStartDate } from '../lib/periods.ts'
import { countRound, lossByPeriodQuery } from './play-days.ts'
import { playTimeQuery } from './play-limits.ts'
import { activeSeedQuery, nonceTaken } from './seeds.ts'
import { sessionLookup, sessionSeenLazily } from './sessions.ts'

type RoundRow = Database['game_rounds']

/** Sample inputs the texts are compiled with (their values are not kept). */
const SAMPLE = { hash: 'h', now: Date.UTC(2025, 0, 15, 12), playerId: 1, requestId: 'q', seedId: 1, nonce: 0 }

export interface DayRound {
  playerId: number
  gameId: string
  createdAt: number
  bet: number
  paid: number
}

/** A time no parameter is near unless it was worked out from `now`. */
const SAMPLE_NOW = 4_000_000_000_000

/**
 * A query by a token's hash and the time (the session's look-up and mark as seen, whose
 * conditions sessions.ts owns), with its parameters worked out from one compilation: each is the
 * hash, the time plus a fixed offset (an expiry, an idle period) or a constant.
 */
function byTokenAndTime<O>(query: (hash: string, now: number) => Compilable<O>) {
  const sampleHash = '#hash#'
  const recipe = query(sampleHash, SAMPLE_NOW)
    .compile()
    .parameters.map((value): ((hash: string, now: number) => SqliteValue) => {
      if (value === sampleHash) return (hash) => hash
      if (typeof value === 'number' && Math.abs(value - SAMPLE_NOW) < SAMPLE_NOW / 2) {
        const offset = value - SAMPLE_NOW
        return (_, now) => now + offset
      }
      return () => value as SqliteValue
    })
  return {
    query,
    parameters: (hash: string, now: number): SqliteValue[] => recipe.map((part) => part(hash, now)),
  }
}

/** Each statement's Kysely query and its parameters, by the spin's inputs. */
export function spinQueries(db: Kysely<Database>, timeZone: string) {
  const trx = db as Transaction<Database>
  return {
    session: byTokenAndTime((hash, now) => sessionLookup(db, hash, now)),
    seen: byTokenAndTime((hash, now) => sessionSeenLazily(db, hash, now)),
    found: {
      query: (playerId: number, requestId: string) =>
        db.selectFrom('game_rounds').selectAll().where('player_id', '=', playerId).where('request_id', '=', requestId),
      parameters: (playerId: number, requestId: string): SqliteValue[] => [playerId, requestId],
    },
    seed: {
      query: (playerId: number) => activeSeedQuery(db, playerId),
      parameters: (playerId: number): SqliteValue[] => [playerId],
    },
    gate: {
      query: (playerId: number) => ({ compile: () => accountGateQuery(playerId).compile(db) }),
      parameters: (playerId: number): SqliteValue[] => [playerId, playerId, playerId, playerId, playerId],
    },
    losses: {
      query: (playerId: number, now: number) => lossByPeriodQuery(db, playerId, now, timeZone),
      parameters: (playerId: number, now: number): SqliteValue[] => {
        const [day, week, month] = (['day', 'week', 'month'] as const).map((p) => periodStartDate(p, now, timeZone))
        return [day, week, month, playerId, (week as string) < (month as string) ? week : month] as SqliteValue[]
      },
    },
    sessions: {
      query: (playerId: number, now: number) => playTimeQuery(db, playerId, now, timeZone),
      parameters: (playerId: number, now: number): SqliteValue[] => [
        playerId,
        Math.min(periodStart('day', now, timeZone), now - 24 * 3600_000),
      ],
    },
    nonce: {
      query: (seedId: number, nonce: number) => nonceTaken(trx, seedId, nonce),
      parameters: (seedId: number, nonce: number): SqliteValue[] => [nonce + 1, seedId, nonce],
    },
    round: {
      query: (row: RoundRow) => db.insertInto('game_rounds').values(row),
      parameters: (row: RoundRow): SqliteValue[] => roundColumns.map((column) => row[column]),
    },
    day: {
      query: (round: DayRound) => countRound(db, round, timeZone),
      parameters: (round: DayRound): SqliteValue[] => {
        const day = localDate(round.createdAt, timeZone)
        return [round.playerId, day, round.gameId, 1, round.bet, round.paid, round.bet, round.paid]
      },
    },
  }
}

const sampleRound: RoundRow = {
  id: 'r',
  player_id: 1,
  session_id: 's',
  request_id: 'q',
  game_id: 'g',
  game_version: 1,
  bet: 1,
  stops: '[]',
  free_spins: '[]',
  win: 0,
  jackpot_win: 0,
  jackpot_contribution: 0,
  balance_before: 0,
  balance_after: 0,
  seed_id: 1,
  server_seed_hash: 'h',
  client_seed: 'c',
  nonce: 0,
  created_at: 0,
}

/** The round's columns in the order the insert's text names them (compiled from `sampleRound`). */
const roundColumns = Object.keys(sampleRound) as (keyof RoundRow)[]

/** A prepared statement whose rows are its Kysely query's (SQLite answers the same columns). */
type RowStatement<O> = Omit<DirectStatement, 'get' | 'all'> & {
  get(...parameters: SqliteValue[]): O | undefined
  all(...parameters: SqliteValue[]): O[]
}

/** The spin's statements, prepared on the connection. */
export function spinStatements(db: Kysely<Database>, sqlite: DirectSqlite, timeZone: string) {
  const q = spinQueries(db, timeZone)
  const { hash, now, playerId, requestId, seedId, nonce } = SAMPLE
  const prepare = (query: Compilable): DirectStatement => sqlite.prepare(query.compile().sql)
  const prepareRead = <O>(query: Compilable<O>) => prepare(query) as RowStatement<O>
  return {
    queries: q,
    session: prepareRead(q.session.query(hash, now)),
    seen: prepare(q.seen.query(hash, now)),
    found: prepareRead(q.found.query(playerId, requestId)),
    seed: prepareRead(q.seed.query(playerId)),
    gate: prepareRead(q.gate.query(playerId)),
    losses: prepareRead(q.losses.query(playerId, now)),
    sessions: prepareRead(q.sessions.query(playerId, now)),
    nonce: prepare(q.nonce.query(seedId, nonce)),
    round: prepare(q.round.query(sampleRound)),
    day: prepare(q.day.query({ playerId, gameId: 'g', createdAt: now, bet: 1, paid: 0 })),
  }
}

export type SpinStatements = ReturnType<typeof spinStatements>
