// The spin, and its path through the ledger's transaction (`LedgerTx`), which answers every case:
// the bet through the seamless
// wallet, the jackpot share to the pool, the outcome from the player's seed pair and nonce (with
// any free spins it awards, played at once on the same seeds), the jackpot if its draw wins (pool
// to the player, then a new seed from the house), the win through the wallet, and the round row
// with everything needed to verify it, including the game version. A repeated requestId answers
// with the round it already made. The spin's plain case takes a path of its own on each engine
// (spin-sqlite.ts, spin-postgres.ts) that writes the same rows (spin-paths.test.ts).
import { findGame } from '../../contract/games/catalog.ts'
import type { GameDef } from '../../contract/games/engine.ts'
import { spinOutcome } from '../../contract/games/fair.ts'
import { jackpotContribution, jackpotRule } from '../../contract/games/jackpot.ts'
import { refuseHolds } from '../accounts/account-holds.ts'
import { accountGateOf, accountGateQuery, refuseBeforeRegistration } from '../accounts/limits.ts'
import { publicUserName } from '../accounts/players.ts'
import type { Database } from '../db/schema.ts'
import { createOnce } from '../idempotency.ts'
import { knowWagering, wageringQuery } from '../ledger/bonus.ts'
import type { LedgerTx } from '../ledger/tx.ts'
import { bet as placeBet, win as settleWin } from '../ledger/wallet.ts'
import { sha256Hex } from '../lib/secrets.ts'
import { Refusal } from '../refusal.ts'
import { refuseUncleared } from '../sigap/gate.ts'
import { type SpinStatements, spinStatements } from './direct-spin.ts'
import { countRound, lossByPeriodQuery, lossesOf } from './play-days.ts'
import { enforcePlayLimits, playTimeOf, playTimeQuery } from './play-limits.ts'
import { balanceView, maskedPlayerName, newRoundId, roundRow, roundView } from './round-views.ts'
import { activeSeedQuery, commitmentOf, hmacSha256, nonceTaken } from './seeds.ts'
import { type GameSessionRow, refuseIfSwitchedOff, sessionLookup, sessionOf, sessionSeenLazily } from './sessions.ts'
import { functionSpin, type KnownSpins } from './spin-postgres.ts'
import { directSpin } from './spin-sqlite.ts'
import type { RoundsOptions, SpinInput, SpinRecord } from './spin-types.ts'

type RoundRow = Database['game_rounds']
type SeedRow = Database['fair_seeds']

/** Game sessions whose player this process remembers (the oldest forgotten first). */
const KNOWN_SESSIONS = 10_000

/** A spin's player and game once its session is authenticated. */
interface SessionSpin {
  playerId: number
  sessionId: string
  bet: number
  requestId: string
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
          // A player the register named is told the neutral sentence first, as at deposit.
          refuseUncleared(gate.registerBlocked)
          refuseHolds(gate.holds)
          if (gate.exclusion) throw new Refusal('self_excluded', { until: gate.exclusion.until ?? 0 })
          refuseBeforeRegistration(gate)
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
      ? await this.#o.ledger.transactDirect((tx) => directSpin(this.#o, tx, direct, input), work)
      : this.#o.oneStatement === false
        ? await this.#o.ledger.transact(work)
        : await this.#o.ledger.transactFunction((now) => functionSpin(this.#o, this.#known, input, now), work)
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

  readonly #known: KnownSpins = {
    session: (tokenHash) => this.#sessionPlayers.get(tokenHash),
    seed: (playerId) => this.#seeds.get(playerId),
    remember: (seed, nextNonce) => this.#rememberSeed(seed, nextNonce),
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
    const roundId = newRoundId(tx.now)
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
    const row = roundRow({
      id: roundId,
      playerId: input.playerId,
      sessionId: input.sessionId,
      requestId: input.requestId,
      game,
      bet: input.bet,
      stops: JSON.stringify(outcome.stops),
      freeSpins: JSON.stringify(outcome.freeSpins.map((spin) => spin.stops)),
      win: outcome.win,
      jackpotWin,
      contribution,
      before,
      seedId: Number(seed.id),
      seed,
      nonce,
      now: tx.now,
    })
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
