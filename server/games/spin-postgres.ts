// The spin's plain path on PostgreSQL: one call of the ledger's function `ledger_spin`
// (`Ledger.transactFunction`), from the session and seed pair `Rounds` remembers of the player's
// earlier spins. Every other case is handed to the spin's `LedgerTx` path (rounds.ts).
import { findGame } from '../../contract/games/catalog.ts'
import { jackpotContribution, jackpotRule } from '../../contract/games/jackpot.ts'
import type { Database } from '../db/schema.ts'
import { NotDirect } from '../ledger/direct.ts'
import type { FunctionSpin, FunctionSpinDone } from '../ledger/spin-function.ts'
import { localDate, periodStart, periodStartDate } from '../lib/periods.ts'
import { sha256Hex } from '../lib/secrets.ts'
import { plainOutcome } from './plain-outcome.ts'
import { PLAY_BREAK_MS } from './play-limits.ts'
import { balanceView, newRoundId, roundRow, roundView } from './round-views.ts'
import { type GameSessionRow, SEEN_WRITE_EVERY_MS, SESSION_EXPIRY_MS } from './sessions.ts'
import type { RoundsOptions, SpinInput, SpinRecord } from './spin-types.ts'

type SeedRow = Database['fair_seeds']

/** What `Rounds` remembers of a player's earlier spins: their session by token hash, their seed pair. */
export interface KnownSpins {
  session(tokenHash: string): GameSessionRow | undefined
  seed(playerId: number): SeedRow | undefined
  /** The pair with its next nonce, once this spin has taken `nonce`. */
  remember(seed: SeedRow, nextNonce: number): void
}

/**
 * The spin's plain case on PostgreSQL (the same case as `directSpin` on SQLite) as one call of
 * the ledger's function `ledger_spin`: the session and seed pair known from the player's earlier
 * spins, the outcome drawn from them by contract/games/fair.ts; the function checks everything
 * else under the player's lock and writes the same rows as the spin's `LedgerTx` path. Anything
 * else throws `NotDirect` (or the function hands it back) and the spin runs through `LedgerTx`.
 */
export function functionSpin(o: RoundsOptions, known: KnownSpins, input: SpinInput, now: number) {
  const { timeZone, realityCheckMinutes } = o.playLimits
  const accounts = o.ledger.accounts
  const tokenHash = sha256Hex(input.sessionToken)
  const session = known.session(tokenHash)
  if (!session) throw new NotDirect('session')
  const game = findGame(session.gameId)
  if (!game?.betLevels.includes(input.bet)) throw new NotDirect('bet')
  if (o.gameOff(game.id) !== null) throw new NotDirect('switched off')
  const { playerId } = session
  const seed = known.seed(playerId)
  if (!seed) throw new NotDirect('seed')
  const cashId = accounts.known({ player: playerId, code: 'cash' })
  const bonusId = accounts.known({ player: playerId, code: 'bonus' })
  if (cashId === undefined || bonusId === undefined) throw new NotDirect('accounts')
  const { nonce, outcome } = plainOutcome(game, input.bet, seed, o.winFeedMin)
  const paid = outcome.win
  const contribution = jackpotContribution(jackpotRule, input.bet)
  if (!Number.isSafeInteger(contribution) || contribution <= 0) throw new NotDirect('contribution')
  const roundId = newRoundId(now)
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
    known.remember(seed, nonce + 1)
    const row = roundRow({
      id: roundId,
      playerId,
      sessionId: session.id,
      requestId: input.requestId,
      game,
      bet: input.bet,
      stops: spin.stops,
      freeSpins: spin.freeSpins,
      win: paid,
      jackpotWin: 0,
      contribution,
      before: done.balanceBefore,
      seedId: spin.seedId,
      seed,
      nonce,
      now,
    })
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
