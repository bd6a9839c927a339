// The spin's plain path on SQLite: a fixed sequence of the prepared statements of direct-spin.ts
// (`Ledger.transactDirect`). Every other case is handed to the spin's `LedgerTx` path (rounds.ts).
import { findGame } from '../../contract/games/catalog.ts'
import { jackpotContribution, jackpotRule } from '../../contract/games/jackpot.ts'
import { refuseHolds } from '../accounts/account-holds.ts'
import { accountGateOf, refuseBeforeRegistration } from '../accounts/limits.ts'
import type { Database } from '../db/schema.ts'
import { type DirectLedgerTx, NotDirect } from '../ledger/direct.ts'
import { betDirect, winDirect } from '../ledger/wallet.ts'
import { sha256Hex } from '../lib/secrets.ts'
import { refuseUncleared } from '../sigap/gate.ts'
import type { SpinStatements } from './direct-spin.ts'
import { plainOutcome } from './plain-outcome.ts'
import { lossesOf } from './play-days.ts'
import { playTimeOf, refuseOverPlayLimitsRead } from './play-limits.ts'
import { balanceView, newRoundId, roundRow, roundView } from './round-views.ts'
import { sessionOf } from './sessions.ts'
import type { RoundsOptions, SpinInput, SpinRecord } from './spin-types.ts'

type SeedRow = Database['fair_seeds']

/**
 * The spin's plain case on SQLite — an open session, a new requestId, no hold, exclusion or
 * limit in the way and no reality check that could be due, cash covering the bet, no wagering
 * row, no jackpot and no win to announce — as a fixed sequence of prepared statements: the same
 * reads, checks and rows as the spin's `LedgerTx` path (rounds.ts), without building a query.
 * Anything else throws (`NotDirect`, or the refusal itself) and the spin runs through `LedgerTx`
 * instead, which answers every other case.
 */
export function directSpin(o: RoundsOptions, tx: DirectLedgerTx, st: SpinStatements, input: SpinInput): SpinRecord {
  const { now } = tx
  const { timeZone } = o.playLimits
  const q = st.queries
  const hash = sha256Hex(input.sessionToken)
  const session = sessionOf(st.session.all(...q.session.parameters(hash, now)))
  if (!session) throw new NotDirect('session')
  st.seen.all(...q.seen.parameters(hash, now))
  const game = findGame(session.gameId)
  if (!game?.betLevels.includes(input.bet)) throw new NotDirect('bet')
  if (o.gameOff(game.id) !== null) throw new NotDirect('switched off')
  const { playerId } = session
  const balance = tx.lockPlayer(playerId)
  if (st.found.get(...q.found.parameters(playerId, input.requestId))) throw new NotDirect('replay')
  const seed = st.seed.get(...q.seed.parameters(playerId)) as SeedRow | undefined
  if (!seed) throw new NotDirect('seed')
  const gate = accountGateOf(st.gate.all(...q.gate.parameters(playerId)), playerId, now)
  refuseUncleared(gate.registerBlocked)
  refuseHolds(gate.holds)
  if (gate.exclusion) throw new NotDirect('exclusion')
  refuseBeforeRegistration(gate)
  const mayBeDue = refuseOverPlayLimitsRead({
    playerId,
    sessionId: session.id,
    bet: input.bet,
    now,
    ...o.playLimits,
    setting: gate.setting,
    read: {
      losses: lossesOf(st.losses.all(...q.losses.parameters(playerId, now))),
      time: playTimeOf(st.sessions.all(...q.sessions.parameters(playerId, now)), now, timeZone, session.id),
    },
  })
  if (mayBeDue) throw new NotDirect('reality check')
  const before = balance.cash + balance.bonus
  const { nonce, outcome } = plainOutcome(game, input.bet, seed, o.winFeedMin)
  const seedId = Number(seed.id)
  tx.defer(st.nonce, () => q.nonce.parameters(seedId, nonce), { expectRows: 1 })
  const paid = outcome.win
  const roundId = newRoundId(now)
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
  const row = roundRow({
    id: roundId,
    playerId,
    sessionId: session.id,
    requestId: input.requestId,
    game,
    bet: input.bet,
    stops: JSON.stringify(outcome.stops),
    freeSpins: JSON.stringify(outcome.freeSpins.map((spin) => spin.stops)),
    win: outcome.win,
    jackpotWin: 0,
    contribution,
    before,
    seedId,
    seed,
    nonce,
    now,
  })
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
