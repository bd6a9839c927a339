// A spin, start to end, in one ledger transaction: the bet through the seamless
// wallet, the jackpot share to the pool, the outcome from the player's seed pair and nonce (with
// any free spins it awards, played at once on the same seeds), the jackpot if its draw wins (pool
// to the player, then a new seed from the house), the win through the wallet, and the round row
// with everything needed to verify it, including the game version. A repeated requestId answers
// with the round it already made.
import type { Kysely } from 'kysely'
import type { RoundView, SeedCommitment } from '../../contract/games/api.ts'
import { findGame } from '../../contract/games/catalog.ts'
import type { GameDef } from '../../contract/games/engine.ts'
import { spinOutcome } from '../../contract/games/fair.ts'
import { jackpotContribution, jackpotRule } from '../../contract/games/jackpot.ts'
import type { GameOffReason } from '../../contract/ops.ts'
import { refuseHolds } from '../accounts/account-holds.ts'
import { accountGateOf, accountGateQuery } from '../accounts/limits.ts'
import { publicUserName } from '../accounts/players.ts'
import { type PageRequest, pageNewestFirst } from '../db/keyset.ts'
import type { Database } from '../db/schema.ts'
import type { DirectSqlite } from '../db/sqlite-dialect.ts'
import { createOnce } from '../idempotency.ts'
import { knowWagering, wageringQuery } from '../ledger/bonus.ts'
import { type DirectLedgerTx, NotDirect } from '../ledger/direct.ts'
import type { Ledger } from '../ledger/ledger.ts'
import type { FunctionSpin, FunctionSpinDone } from '../ledger/spin-function.ts'
import type { LedgerTx } from '../ledger/tx.ts'
import { betDirect, bet as placeBet, win as settleWin, winDirect } from '../ledger/wallet.ts'
import { localDate, periodStart, periodStartDate } from '../lib/periods.ts'
import { randomHex } from '../lib/random-pool.ts'
import { sha256Hex } from '../lib/secrets.ts'
import { Refusal } from '../refusal.ts'
import { type SpinStatements, spinStatements } from './direct-spin.ts'
import { countRound, lossByPeriodQuery, lossesOf, roundTotal } from './play-days.ts'
import { enforcePlayLimits, PLAY_BREAK_MS, playTimeOf, playTimeQuery, refuseOverPlayLimitsRead } from './play-limits.ts'
import { activeSeedQuery, commitmentOf, hmacSha256, nonceTaken } from './seeds.ts'
import {
  type GameSessionRow,
  refuseIfSwitchedOff,
  SEEN_WRITE_EVERY_MS,
  SESSION_EXPIRY_MS,
  sessionLookup,
  sessionOf,
  sessionSeenLazily,
} from './sessions.ts'

type RoundRow = Database['game_rounds']
type SeedRow = Database['fair_seeds']

/** Game sessions whose player this process remembers (the oldest forgotten first). */
const KNOWN_SESSIONS = 10_000

export interface SpinInput {
  /** The game page's game-session token: the session names the player and the game. */
  sessionToken: string
  bet: number
  requestId: string
}

/** A spin's player and game once its session is authenticated. */
interface SessionSpin {
  playerId: number
  sessionId: string
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

export function roundView(row: RoundRow, serverSeed: string | null): RoundView {
  return {
    roundId: row.id,
    gameId: row.game_id,
    gameName: findGame(row.game_id)?.name ?? row.game_id,
    gameVersion: Number(row.game_version),
    bet: Number(row.bet),
    stops: JSON.parse(row.stops) as number[],
    freeSpins: JSON.parse(row.free_spins) as number[][],
    win: Number(row.win),
    jackpotWin: Number(row.jackpot_win),
    jackpotContribution: Number(row.jackpot_contribution),
    balanceBefore: Number(row.balance_before),
    balanceAfter: Number(row.balance_after),
    serverSeedHash: row.server_seed_hash,
    serverSeed,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
    createdAt: Number(row.created_at),
  }
}

/** The name a win is announced under: the bound user name, else "Jogador<id>", masked. */
export function maskedPlayerName(userName: string | null, playerId: number): string {
  return maskName(userName ?? `Jogador${playerId}`)
}

/** "Jo***12": enough for a player to recognise their own win, not enough to identify anyone. */
function maskName(name: string): string {
  const clean = name.replace(/\s+/g, '')
  if (clean.length <= 4) return `${clean.slice(0, 1)}***`
  return `${clean.slice(0, 2)}***${clean.slice(-2)}`
}

const balanceView = ({ cash, bonus }: { cash: number; bonus: number }) => ({ total: cash + bonus, cash, bonus })

function newRoundId(): string {
  return `r${randomHex(10)}`
}

/**
 * Pays the whole pool — every shard of it, locked, so no share lands in between — to the game
 * house, which pays the player with the win, and reseeds it. Answers what was paid.
 */
async function payJackpot(tx: LedgerTx, roundId: string, playerId: number): Promise<number> {
  const shards = await tx.lockHouse('jackpot_pool')
  let paid = 0
  for (const { shard, balance } of shards) {
    if (balance <= 0) continue
    paid += balance
    await tx.post({
      // The first shard keeps the unsharded id; the others are told apart by their number.
      id: shard === 0 ? `jackpot:won:${roundId}` : `jackpot:won:${roundId}:${shard}`,
      debit: { house: 'jackpot_pool', shard },
      credit: { house: 'game', shard: playerId },
      amount: balance,
      kind: 'jackpot_won',
      reference: `round:${roundId}`,
    })
  }
  if (paid === 0) return 0
  await tx.post({
    id: `jackpot:seed:${roundId}`,
    debit: { house: 'game', shard: playerId },
    credit: { house: 'jackpot_pool', shard: playerId },
    amount: jackpotRule.seed,
    kind: 'jackpot_seed',
    reference: `round:${roundId}`,
  })
  return paid
}

export class Rounds {
  readonly #o: RoundsOptions
  constructor(options: RoundsOptions) {
    this.#o = options
  }

  /**
   * Game-session token (hashed) → its player, for the sessions spun on lately: a session's player
   * never changes, so a spin can lock the player in the same statement that checks the session
   * is still open. Liveness is always the database's answer; this only saves a round trip.
   */
  readonly #sessionPlayers = new Map<string, GameSessionRow>()

  /**
   * On PostgreSQL a spin through `LedgerTx` (the plain one is a single call: `#functionSpin`) is
   * four round trips when its session is known here: begin; the player's
   * lock with the session's look-up (and its mark as seen, every 10 s); every read of the spin
   * together (its requestId, the seed pair, the account gate, the losses, the time played, the
   * wagering row); and, after the outcome is worked out here, every write in one statement; then
   * the commit.
   */
  async spin(input: SpinInput): Promise<SpinRecord> {
    // The pool after this spin: its shards summed in the spin's last statement, mine included.
    let pool: Promise<number> | undefined
    const work = async (tx: LedgerTx) => {
      // The player's lock serialises their spins: nonces, balance checks and requestIds stay in order.
      const { session, balance } = await this.#openSession(tx, input.sessionToken)
      const game = findGame(session.gameId)
      if (!game) throw new Refusal('game_not_found')
      if (!game.betLevels.includes(input.bet)) {
        throw new Refusal(
          'invalid_bet',
          { levels: game.betLevels },
          { levels: game.betLevels.map((b) => b / 100).join(' · ') },
        )
      }
      const spin: SessionSpin = {
        playerId: session.playerId,
        sessionId: session.id,
        bet: input.bet,
        requestId: input.requestId,
      }
      const { timeZone } = this.#o.playLimits
      // Read after the lock, so what they say holds until the commit.
      const read = await tx.readTogether({
        found: tx.trx
          .selectFrom('game_rounds')
          .selectAll()
          .where('player_id', '=', spin.playerId)
          .where('request_id', '=', spin.requestId),
        seed: activeSeedQuery(tx.trx, spin.playerId),
        gate: { compile: () => accountGateQuery(spin.playerId).compile(tx.trx) },
        losses: lossByPeriodQuery(tx.trx, spin.playerId, tx.now, timeZone),
        sessions: playTimeQuery(tx.trx, spin.playerId, tx.now, timeZone),
        wagering: wageringQuery(tx, spin.playerId),
      })
      knowWagering(tx, spin.playerId, read.wagering)
      const seed = read.seed[0] as SeedRow | undefined
      return createOnce({
        find: async () => read.found[0] as RoundRow | undefined,
        sameRequest: (existing) => existing.game_id === game.id && Number(existing.bet) === spin.bet,
        replay: async (existing) => {
          if (!seed) throw new Refusal('seed_not_set')
          this.#rememberSeed(seed, Number(seed.next_nonce))
          return {
            round: roundView(existing, null),
            replayed: true,
            seed: commitmentOf(seed),
            jackpotPool: null,
            balance: balanceView(balance),
          }
        },
        create: async () => {
          // Switched off by an operator: an open game page cannot spin on (a replay still answers).
          refuseIfSwitchedOff(this.#o.gameOff(game.id))
          const gate = accountGateOf(read.gate, spin.playerId, tx.now)
          refuseHolds(gate.holds)
          if (gate.exclusion) throw new Refusal('self_excluded', { until: gate.exclusion.until ?? 0 })
          await enforcePlayLimits(tx.trx, {
            ...spin,
            now: tx.now,
            ...this.#o.playLimits,
            setting: gate.setting,
            read: {
              losses: lossesOf(read.losses),
              time: playTimeOf(read.sessions, tx.now, timeZone, spin.sessionId),
            },
          })
          const before = balance.cash + balance.bonus
          if (before < spin.bet) throw new Refusal('insufficient_balance', { bet: spin.bet, balance: before })
          // The pair is activated from the browser with the player's client seed (seeds.ts), never here.
          if (!seed) throw new Refusal('seed_not_set')
          pool = tx.houseBalanceAtCommit('jackpot_pool')
          return this.#play(tx, game, spin, before, seed)
        },
      })
    }
    const direct = this.#directStatements()
    const record = direct
      ? await this.#o.ledger.transactDirect((tx) => this.#directSpin(tx, direct, input), work)
      : this.#o.oneStatement === false
        ? await this.#o.ledger.transact(work)
        : await this.#o.ledger.transactFunction((now) => this.#functionSpin(input, now), work)
    return record.replayed || !pool ? record : { ...record, jackpotPool: await pool }
  }

  /**
   * Each player's seed pair as this process last saw it, with its next nonce: the plain spin on
   * PostgreSQL draws its outcome from it before the one statement that writes the round, which
   * plays it only if the pair and nonce are still the database's (else the spin takes `LedgerTx`).
   */
  readonly #seeds = new Map<number, SeedRow>()

  #rememberSeed(seed: SeedRow, nextNonce: number) {
    // SQLite's plain path reads the pair in its own sequence: nothing to keep.
    if (this.#o.direct || this.#o.oneStatement === false) return
    const playerId = Number(seed.player_id)
    if (!this.#seeds.has(playerId) && this.#seeds.size >= KNOWN_SESSIONS) {
      this.#seeds.delete(this.#seeds.keys().next().value as number)
    }
    this.#seeds.set(playerId, { ...seed, next_nonce: nextNonce })
  }

  /**
   * The spin's plain case on PostgreSQL (the same case as `#directSpin` on SQLite) as one call of
   * the ledger's function `ledger_spin`: the session and seed pair known here from the player's
   * earlier spins, the outcome drawn from them by contract/games/fair.ts; the function checks
   * everything else under the player's lock and writes the same rows as `spin`'s work. Anything
   * else throws `NotDirect` (or the function hands it back) and the spin runs through `LedgerTx`.
   */
  #functionSpin(input: SpinInput, now: number) {
    const { timeZone, realityCheckMinutes } = this.#o.playLimits
    const accounts = this.#o.ledger.accounts
    const tokenHash = sha256Hex(input.sessionToken)
    const session = this.#sessionPlayers.get(tokenHash)
    if (!session) throw new NotDirect('session')
    const game = findGame(session.gameId)
    if (!game?.betLevels.includes(input.bet)) throw new NotDirect('bet')
    if (this.#o.gameOff(game.id) !== null) throw new NotDirect('switched off')
    const { playerId } = session
    const seed = this.#seeds.get(playerId)
    if (!seed) throw new NotDirect('seed')
    const cashId = accounts.known({ player: playerId, code: 'cash' })
    const bonusId = accounts.known({ player: playerId, code: 'bonus' })
    if (cashId === undefined || bonusId === undefined) throw new NotDirect('accounts')
    const nonce = Number(seed.next_nonce)
    const outcome = spinOutcome(
      game,
      input.bet,
      { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce },
      hmacSha256,
    )
    const paid = outcome.win
    if (outcome.jackpotWon || paid >= this.#o.winFeedMin) throw new NotDirect('jackpot or announced win')
    const contribution = jackpotContribution(jackpotRule, input.bet)
    if (!Number.isSafeInteger(contribution) || contribution <= 0) throw new NotDirect('contribution')
    const roundId = newRoundId()
    const spin: FunctionSpin = {
      tokenHash,
      now,
      openAfter: now - SESSION_EXPIRY_MS,
      seenBefore: now - SEEN_WRITE_EVERY_MS,
      playerId,
      sessionId: session.id,
      gameId: game.id,
      gameVersion: game.version,
      cashId,
      bonusId,
      houseId: accounts.known({ house: 'game', shard: playerId }) as number,
      poolId: accounts.known({ house: 'jackpot_pool', shard: playerId }) as number,
      poolIds: accounts.houseIds('jackpot_pool'),
      requestId: input.requestId,
      seedId: Number(seed.id),
      nonce,
      serverSeedHash: seed.server_seed_hash,
      clientSeed: seed.client_seed,
      roundId,
      bet: input.bet,
      stops: JSON.stringify(outcome.stops),
      freeSpins: JSON.stringify(outcome.freeSpins.map((free) => free.stops)),
      win: paid,
      contribution,
      day: localDate(now, timeZone),
      lossFrom: {
        day: periodStartDate('day', now, timeZone),
        week: periodStartDate('week', now, timeZone),
        month: periodStartDate('month', now, timeZone),
      },
      playedSince: Math.min(periodStart('day', now, timeZone), now - 24 * 3600_000),
      dayStart: periodStart('day', now, timeZone),
      realityCheckMinutes,
      playBreakMs: PLAY_BREAK_MS,
    }
    const answer = (done: FunctionSpinDone): SpinRecord => {
      this.#rememberSeed(seed, nonce + 1)
      const row: RoundRow = {
        id: roundId,
        player_id: playerId,
        session_id: session.id,
        request_id: input.requestId,
        game_id: game.id,
        game_version: game.version,
        bet: input.bet,
        stops: spin.stops,
        free_spins: spin.freeSpins,
        win: paid,
        jackpot_win: 0,
        jackpot_contribution: contribution,
        balance_before: done.balanceBefore,
        balance_after: done.balanceBefore - input.bet + paid,
        seed_id: spin.seedId,
        server_seed_hash: seed.server_seed_hash,
        client_seed: seed.client_seed,
        nonce,
        created_at: now,
      }
      return {
        round: roundView(row, null),
        replayed: false,
        seed: { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nextNonce: nonce + 1 },
        jackpotPool: done.pool,
        balance: balanceView(done),
      }
    }
    return { spin, answer }
  }

  #direct: SpinStatements | undefined

  /** Prepared at the first spin, when the connection is open. */
  #directStatements(): SpinStatements | undefined {
    const options = this.#o.direct
    if (!options) return undefined
    this.#direct ??= spinStatements(options.db, options.sqlite, this.#o.playLimits.timeZone)
    return this.#direct
  }

  /**
   * The spin's plain case on SQLite — an open session, a new requestId, no hold, exclusion or
   * limit in the way and no reality check that could be due, cash covering the bet, no wagering
   * row, no jackpot and no win to announce — as a fixed sequence of prepared statements: the same
   * reads, checks and rows as `spin`'s work, without building a query. Anything else throws
   * (`NotDirect`, or the refusal itself) and the spin runs through `LedgerTx` instead, which
   * answers every other case as it always has.
   */
  #directSpin(tx: DirectLedgerTx, st: SpinStatements, input: SpinInput): SpinRecord {
    const { now } = tx
    const { timeZone } = this.#o.playLimits
    const q = st.queries
    const hash = sha256Hex(input.sessionToken)
    const session = sessionOf(st.session.all(...q.session.parameters(hash, now)))
    if (!session) throw new NotDirect('session')
    st.seen.all(...q.seen.parameters(hash, now))
    const game = findGame(session.gameId)
    if (!game?.betLevels.includes(input.bet)) throw new NotDirect('bet')
    if (this.#o.gameOff(game.id) !== null) throw new NotDirect('switched off')
    const { playerId } = session
    const balance = tx.lockPlayer(playerId)
    if (st.found.get(...q.found.parameters(playerId, input.requestId))) throw new NotDirect('replay')
    const seed = st.seed.get(...q.seed.parameters(playerId)) as SeedRow | undefined
    if (!seed) throw new NotDirect('seed')
    const gate = accountGateOf(st.gate.all(...q.gate.parameters(playerId)), playerId, now)
    refuseHolds(gate.holds)
    if (gate.exclusion) throw new NotDirect('exclusion')
    const mayBeDue = refuseOverPlayLimitsRead({
      playerId,
      sessionId: session.id,
      bet: input.bet,
      now,
      ...this.#o.playLimits,
      setting: gate.setting,
      read: {
        losses: lossesOf(st.losses.all(...q.losses.parameters(playerId, now))),
        time: playTimeOf(st.sessions.all(...q.sessions.parameters(playerId, now)), now, timeZone, session.id),
      },
    })
    if (mayBeDue) throw new NotDirect('reality check')
    const before = balance.cash + balance.bonus
    const nonce = Number(seed.next_nonce)
    const seedId = Number(seed.id)
    tx.defer(st.nonce, () => q.nonce.parameters(seedId, nonce), { expectRows: 1 })
    const outcome = spinOutcome(
      game,
      input.bet,
      { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce },
      hmacSha256,
    )
    const paid = outcome.win
    if (outcome.jackpotWon || paid >= this.#o.winFeedMin) throw new NotDirect('jackpot or announced win')
    const roundId = newRoundId()
    const placed = betDirect(tx, {
      playerId,
      transactionId: `${roundId}:bet`,
      roundId,
      amount: input.bet,
      newTransaction: true,
    })
    const contribution = jackpotContribution(jackpotRule, input.bet)
    tx.post({
      id: `jackpot:share:${roundId}`,
      debit: { house: 'game', shard: playerId },
      credit: { house: 'jackpot_pool', shard: playerId },
      amount: contribution,
      kind: 'jackpot_share',
      reference: `round:${roundId}`,
    })
    winDirect(tx, placed, `${roundId}:win`, paid)
    const row: RoundRow = {
      id: roundId,
      player_id: playerId,
      session_id: session.id,
      request_id: input.requestId,
      game_id: game.id,
      game_version: game.version,
      bet: input.bet,
      stops: JSON.stringify(outcome.stops),
      free_spins: JSON.stringify(outcome.freeSpins.map((spin) => spin.stops)),
      win: outcome.win,
      jackpot_win: 0,
      jackpot_contribution: contribution,
      balance_before: before,
      balance_after: before - input.bet + paid,
      seed_id: seedId,
      server_seed_hash: seed.server_seed_hash,
      client_seed: seed.client_seed,
      nonce,
      created_at: now,
    }
    tx.defer(st.round, () => q.round.parameters(row))
    tx.defer(st.day, () => q.day.parameters({ playerId, gameId: game.id, createdAt: now, bet: input.bet, paid }))
    tx.broadcast('jackpot', {})
    const record: SpinRecord = {
      round: roundView(row, null),
      replayed: false,
      seed: { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nextNonce: nonce + 1 },
      jackpotPool: null,
      balance: balanceView(tx.lockPlayer(playerId)),
    }
    tx.houseBalanceAtCommit('jackpot_pool', (total) => {
      record.jackpotPool = total
    })
    return record
  }

  /**
   * Authenticates the game session (marking it seen every few seconds: `SEEN_WRITE_EVERY_MS`) and
   * locks its player: one statement when the session's player is known here, else the session
   * first.
   */
  async #openSession(tx: LedgerTx, sessionToken: string) {
    const key = sha256Hex(sessionToken)
    const known = this.#sessionPlayers.get(key)
    const session = {
      session: sessionLookup(tx.trx, key, tx.now),
      seen: sessionSeenLazily(tx.trx, key, tx.now),
    }
    if (known !== undefined) {
      const { balance, rows } = await tx.lockPlayerWith(known.playerId, session)
      const found = sessionOf(rows.session)
      if (!found || found.playerId !== known.playerId) {
        this.#sessionPlayers.delete(key)
        throw new Refusal('game_session_closed')
      }
      return { session: found, balance }
    }
    const found = sessionOf((await tx.readTogether(session)).session)
    if (!found) throw new Refusal('game_session_closed')
    if (this.#sessionPlayers.size >= KNOWN_SESSIONS) {
      this.#sessionPlayers.delete(this.#sessionPlayers.keys().next().value as string)
    }
    this.#sessionPlayers.set(key, found)
    return { session: found, balance: await tx.lockPlayer(found.playerId) }
  }

  async #play(tx: LedgerTx, game: GameDef, input: SessionSpin, before: number, seed: SeedRow): Promise<SpinRecord> {
    const nonce = Number(seed.next_nonce)
    // Moved on with the spin's other writes, only if it still stands at this nonce.
    tx.defer(nonceTaken(tx.trx, Number(seed.id), nonce), { expectRows: 1 })
    // For the player's next plain spin; should this transaction not commit, the function finds
    // the nonce moved on here unplayed and hands that spin back, which reads the pair again.
    this.#rememberSeed(seed, nonce + 1)
    const outcome = spinOutcome(
      game,
      input.bet,
      { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce },
      hmacSha256,
    )
    const roundId = newRoundId()
    const placed = await placeBet(tx, {
      playerId: input.playerId,
      transactionId: `${roundId}:bet`,
      roundId,
      amount: input.bet,
      newTransaction: true,
    })
    if (!placed.ok) throw new Refusal('insufficient_balance', { bet: input.bet, balance: before })
    const contribution = jackpotContribution(jackpotRule, input.bet)
    // Into the player's shards of the house and the pool: spins of different players touch different rows.
    await tx.post({
      id: `jackpot:share:${roundId}`,
      debit: { house: 'game', shard: input.playerId },
      credit: { house: 'jackpot_pool', shard: input.playerId },
      amount: contribution,
      kind: 'jackpot_share',
      reference: `round:${roundId}`,
    })
    const jackpotWin = outcome.jackpotWon ? await payJackpot(tx, roundId, input.playerId) : 0
    const paid = outcome.win + jackpotWin
    await settleWin(tx, {
      playerId: input.playerId,
      transactionId: `${roundId}:win`,
      roundId,
      amount: paid,
      placedNow: { transactionId: `${roundId}:bet`, amount: input.bet, bonusPart: placed.bonusPart },
    })
    const row: RoundRow = {
      id: roundId,
      player_id: input.playerId,
      session_id: input.sessionId,
      request_id: input.requestId,
      game_id: game.id,
      game_version: game.version,
      bet: input.bet,
      stops: JSON.stringify(outcome.stops),
      free_spins: JSON.stringify(outcome.freeSpins.map((spin) => spin.stops)),
      win: outcome.win,
      jackpot_win: jackpotWin,
      jackpot_contribution: contribution,
      balance_before: before,
      balance_after: before - input.bet + paid,
      seed_id: Number(seed.id),
      server_seed_hash: seed.server_seed_hash,
      client_seed: seed.client_seed,
      nonce,
      created_at: tx.now,
    }
    // The round and its day row are written with the transfers at the end (one statement on PostgreSQL).
    tx.defer(tx.trx.insertInto('game_rounds').values(row))
    tx.defer(
      countRound(
        tx.trx,
        { playerId: input.playerId, gameId: game.id, createdAt: tx.now, bet: input.bet, paid },
        this.#o.playLimits.timeZone,
      ),
    )
    tx.broadcast('jackpot', {})
    // Only a win is announced: a return at or below the bet is a loss, however large.
    if (paid >= this.#o.winFeedMin && paid > input.bet) await this.#announce(tx, row, game, paid)
    return {
      round: roundView(row, null),
      replayed: false,
      seed: { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nextNonce: nonce + 1 },
      // Filled in by spin() from the pool's shards as this transaction leaves them.
      jackpotPool: null,
      // Kept current by the transfers under the player's lock: no re-read.
      balance: balanceView(await tx.lockPlayer(input.playerId)),
    }
  }

  async #announce(tx: LedgerTx, row: RoundRow, game: GameDef, amount: number) {
    const userName = await publicUserName(tx.trx, row.player_id)
    tx.broadcast('win', {
      roundId: row.id,
      playerName: maskedPlayerName(userName, row.player_id),
      gameId: game.id,
      gameName: game.name,
      amount,
      jackpot: row.jackpot_win > 0,
      createdAt: row.created_at,
    })
  }
}

/** A player's rounds with their seed pair, whose server seed is shown only once revealed. */
function playerRounds(db: Kysely<Database>, playerId: number) {
  return db
    .selectFrom('game_rounds')
    .innerJoin('fair_seeds', 'fair_seeds.id', 'game_rounds.seed_id')
    .selectAll('game_rounds')
    .select(['fair_seeds.server_seed', 'fair_seeds.revealed_at'])
    .where('game_rounds.player_id', '=', playerId)
}

type RoundWithSeed = Awaited<ReturnType<ReturnType<typeof playerRounds>['executeTakeFirstOrThrow']>>

const revealedView = (row: RoundWithSeed) => roundView(row, row.revealed_at === null ? null : row.server_seed)

/**
 * One page of a player's game history, newest first: by cursor (keyset on created_at, id) or by
 * page number. The total comes from the day rows (play-days.ts), not from counting every round.
 */
export async function roundHistory(db: Kysely<Database>, playerId: number, request: PageRequest) {
  const [page, total] = await Promise.all([
    pageNewestFirst(db.selectFrom('game_rounds').selectAll().where('player_id', '=', playerId), request),
    roundTotal(db, playerId),
  ])
  const rounds = await withSeeds(db, page.rows)
  return { rounds, total, pageNum: request.pageNum, pageSize: request.pageSize, nextCursor: page.nextCursor }
}

/** The rounds' views, each with its server seed once revealed (one look-up of the page's seeds). */
async function withSeeds(db: Kysely<Database>, rows: RoundRow[]) {
  const seedIds = [...new Set(rows.map((row) => Number(row.seed_id)))]
  const seeds =
    seedIds.length === 0
      ? []
      : await db
          .selectFrom('fair_seeds')
          .select(['id', 'server_seed', 'revealed_at'])
          .where('id', 'in', seedIds)
          .execute()
  const revealed = new Map(seeds.filter((seed) => seed.revealed_at !== null).map((seed) => [Number(seed.id), seed]))
  return rows.map((row) => roundView(row, revealed.get(Number(row.seed_id))?.server_seed ?? null))
}

/** One of the player's rounds (undefined when it is not theirs or does not exist). */
export async function playerRound(db: Kysely<Database>, playerId: number, roundId: string) {
  const row = await playerRounds(db, playerId).where('game_rounds.id', '=', roundId).executeTakeFirst()
  return row ? revealedView(row) : undefined
}

/** Whether the player has played any round. */
export async function hasPlayed(db: Kysely<Database>, playerId: number): Promise<boolean> {
  // limit 1: executeTakeFirst alone still reads every matching row.
  const row = await db
    .selectFrom('game_rounds')
    .select('id')
    .where('player_id', '=', playerId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
