// Seamless-wallet operations for games, on top of transfers: bet (debit), win (credit) and
// rollback of a bet, keyed by transaction id and round id. Bets take cash first, then bonus;
// wins go back in the same proportion. Answers follow the usual wallet protocol: duplicate →
// the same result; insufficient funds with the balance; a win for an unknown or rolled-back
// bet is refused; a rollback of an unknown bet is accepted and remembered, so a late bet with
// that id is refused.
import type { TransferKind } from '../../contract/transfers.ts'
import type { Database } from '../db/schema.ts'
import { knownWithoutWagering, recordWager, settleBonus } from './bonus.ts'
import { type DirectBetRow, type DirectLedgerTx, NotDirect } from './direct.ts'
import { LedgerError } from './errors.ts'
import type { LedgerTx } from './tx.ts'

export type WalletRefusal = 'insufficient_funds' | 'bet_not_found' | 'bet_rolled_back' | 'round_settled'

export type WalletOutcome =
  | { ok: true; replayed: boolean; cashPart: number; bonusPart: number }
  | { ok: false; reason: WalletRefusal; balance: { cash: number; bonus: number } }

export interface BetInput {
  playerId: number
  transactionId: string
  roundId: string
  amount: number
  /**
   * The caller made the transaction id just now (the spin's random round id), so there is no
   * earlier bet to look up; the primary key still refuses a repeated one.
   */
  newTransaction?: boolean
}

type BetRow = Database['wallet_bets']

/**
 * Bet rows placed in a transaction and written with its postings at the end (`LedgerTx.defer`):
 * a spin's bet and its win then make one row in the last statement instead of an insert and an
 * update. Only for a player without a wagering row, the one reader of open bets in between.
 */
const deferredBets = new WeakMap<LedgerTx, Map<string, BetRow>>()

async function findBet(tx: LedgerTx, transactionId: string) {
  const deferred = deferredBets.get(tx)?.get(transactionId)
  if (deferred) return deferred
  return tx.trx.selectFrom('wallet_bets').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst()
}

function conflict(what: string): never {
  throw new LedgerError('idempotency_conflict', `${what} was already applied with other content`)
}

/**
 * Moves a split amount between the game's house account and the player's cash and bonus
 * accounts: to the house for a bet, to the player for a win or a rollback. Each part is its
 * own transfer with an id derived from the wallet transaction id.
 */
async function moveSplit(
  tx: LedgerTx,
  move: {
    idPrefix: string
    playerId: number
    cashPart: number
    bonusPart: number
    toHouse: boolean
    kind: TransferKind
    roundId: string
  },
) {
  const parts = [
    ['cash', move.cashPart],
    ['bonus', move.bonusPart],
  ] as const
  for (const [code, amount] of parts) {
    if (amount <= 0) continue
    const player = { player: move.playerId, code }
    // The player's shard of the game house: concurrent players lock different rows (PostgreSQL).
    const house = { house: 'game', shard: move.playerId } as const
    await tx.post({
      id: `${move.idPrefix}:${code}`,
      debit: move.toHouse ? player : house,
      credit: move.toHouse ? house : player,
      amount,
      kind: move.kind,
      reference: `round:${move.roundId}`,
    })
  }
}

export async function bet(tx: LedgerTx, input: BetInput): Promise<WalletOutcome> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new LedgerError('invalid_transfer', `a bet must be a positive whole number of centavos: ${input.amount}`)
  }
  const balance = await tx.lockPlayer(input.playerId)
  const existing = input.newTransaction ? undefined : await findBet(tx, input.transactionId)
  if (existing) {
    if (existing.state === 'rolled_back') return { ok: false, reason: 'bet_rolled_back', balance }
    if (
      Number(existing.player_id) !== input.playerId ||
      existing.round_id !== input.roundId ||
      Number(existing.amount) !== input.amount
    ) {
      conflict(`bet ${input.transactionId}`)
    }
    return { ok: true, replayed: true, cashPart: Number(existing.cash_part), bonusPart: Number(existing.bonus_part) }
  }
  if (balance.cash + balance.bonus < input.amount) return { ok: false, reason: 'insufficient_funds', balance }

  const cashPart = Math.min(balance.cash, input.amount)
  const bonusPart = input.amount - cashPart
  await moveSplit(tx, {
    idPrefix: `bet:${input.transactionId}`,
    playerId: input.playerId,
    cashPart,
    bonusPart,
    toHouse: true,
    kind: 'bet',
    roundId: input.roundId,
  })
  const row: BetRow = {
    transaction_id: input.transactionId,
    player_id: input.playerId,
    round_id: input.roundId,
    amount: input.amount,
    cash_part: cashPart,
    bonus_part: bonusPart,
    state: 'placed',
    win_transaction_id: null,
    win_amount: null,
    created_at: tx.now,
  }
  if (input.newTransaction && knownWithoutWagering(tx, input.playerId)) {
    const rows = deferredBets.get(tx) ?? new Map<string, BetRow>()
    deferredBets.set(tx, rows)
    rows.set(input.transactionId, row)
    // Compiled at the end, so a win settled meanwhile is in the same row.
    tx.defer({ compile: () => tx.trx.insertInto('wallet_bets').values(row).compile() })
  } else {
    await tx.trx.insertInto('wallet_bets').values(row).execute()
  }
  await recordWager(tx, input.playerId, input.amount, `bet:${input.transactionId}`)
  return { ok: true, replayed: false, cashPart, bonusPart }
}

export interface WinInput {
  playerId: number
  transactionId: string
  roundId: string
  amount: number
  /** The round's bet when it was placed in this same transaction (no look-up needed). */
  placedNow?: { transactionId: string; amount: number; bonusPart: number }
}

export async function win(tx: LedgerTx, input: WinInput): Promise<WalletOutcome> {
  if (!Number.isSafeInteger(input.amount) || input.amount < 0) {
    throw new LedgerError('invalid_transfer', `a win must be a whole number of centavos ≥ 0: ${input.amount}`)
  }
  // A win only credits, so it needs no lock; the balance is read only to answer a refusal.
  const refuse = async (reason: WalletRefusal): Promise<WalletOutcome> => ({
    ok: false,
    reason,
    balance: await tx.lockPlayer(input.playerId),
  })
  const placed = input.placedNow
    ? {
        transaction_id: input.placedNow.transactionId,
        amount: input.placedNow.amount,
        bonus_part: input.placedNow.bonusPart,
        state: 'placed',
        win_transaction_id: null,
        win_amount: null,
      }
    : ([...(deferredBets.get(tx)?.values() ?? [])].find(
        (row) => row.round_id === input.roundId && Number(row.player_id) === input.playerId,
      ) ??
      (await tx.trx
        .selectFrom('wallet_bets')
        .selectAll()
        .where('player_id', '=', input.playerId)
        .where('round_id', '=', input.roundId)
        // A rollback of an unknown transaction leaves an amount-0 row for that id alone; it must
        // not hide the round's real bet (found by the property test: bet, rollback of another id,
        // then the win was refused).
        .where('amount', '>', 0)
        .orderBy('created_at', 'desc')
        .executeTakeFirst()))
  if (!placed || Number(placed.amount) === 0) return refuse('bet_not_found')
  if (placed.state === 'rolled_back') return refuse('bet_rolled_back')
  if (placed.win_transaction_id !== null) {
    if (placed.win_transaction_id !== input.transactionId) return refuse('round_settled')
    if (Number(placed.win_amount) !== input.amount) conflict(`win ${input.transactionId}`)
    return { ok: true, replayed: true, cashPart: 0, bonusPart: 0 }
  }
  // Wins follow the bet's split; the rounding remainder goes to cash, never to the house.
  const bonusPart = Math.floor((input.amount * Number(placed.bonus_part)) / Number(placed.amount))
  const cashPart = input.amount - bonusPart
  await moveSplit(tx, {
    idPrefix: `win:${input.transactionId}`,
    playerId: input.playerId,
    cashPart,
    bonusPart,
    toHouse: false,
    kind: 'win',
    roundId: input.roundId,
  })
  const deferred = deferredBets.get(tx)?.get(placed.transaction_id)
  if (deferred) {
    deferred.win_transaction_id = input.transactionId
    deferred.win_amount = input.amount
  } else {
    await tx.trx
      .updateTable('wallet_bets')
      .set({ win_transaction_id: input.transactionId, win_amount: input.amount })
      .where('transaction_id', '=', placed.transaction_id)
      .execute()
  }
  await settleBonus(tx, input.playerId, `win:${input.transactionId}`)
  return { ok: true, replayed: false, cashPart, bonusPart }
}

export interface RollbackInput {
  playerId: number
  /** The transaction id of the bet being rolled back. */
  transactionId: string
  roundId: string
}

export async function rollback(tx: LedgerTx, input: RollbackInput): Promise<WalletOutcome> {
  const balance = await tx.lockPlayer(input.playerId)
  const placed = await findBet(tx, input.transactionId)
  if (!placed) {
    await tx.trx
      .insertInto('wallet_bets')
      .values({
        transaction_id: input.transactionId,
        player_id: input.playerId,
        round_id: input.roundId,
        amount: 0,
        cash_part: 0,
        bonus_part: 0,
        state: 'rolled_back',
        win_transaction_id: null,
        win_amount: null,
        created_at: tx.now,
      })
      .execute()
    return { ok: true, replayed: false, cashPart: 0, bonusPart: 0 }
  }
  if (Number(placed.player_id) !== input.playerId) conflict(`rollback ${input.transactionId}`)
  if (placed.state === 'rolled_back') return { ok: true, replayed: true, cashPart: 0, bonusPart: 0 }
  if (placed.win_transaction_id !== null) return { ok: false, reason: 'round_settled', balance }
  const cashPart = Number(placed.cash_part)
  const bonusPart = Number(placed.bonus_part)
  await moveSplit(tx, {
    idPrefix: `rollback:${input.transactionId}`,
    playerId: input.playerId,
    cashPart,
    bonusPart,
    toHouse: false,
    kind: 'bet_rollback',
    roundId: placed.round_id,
  })
  const deferred = deferredBets.get(tx)?.get(input.transactionId)
  if (deferred) deferred.state = 'rolled_back'
  else {
    await tx.trx
      .updateTable('wallet_bets')
      .set({ state: 'rolled_back' })
      .where('transaction_id', '=', input.transactionId)
      .execute()
  }
  await recordWager(tx, input.playerId, -Number(placed.amount), `rollback:${input.transactionId}`)
  return { ok: true, replayed: false, cashPart, bonusPart }
}

/**
 * `bet` on the direct path (`DirectLedgerTx`), for its plain case only: a transaction id made just
 * now, a player without a wagering row, cash covering the whole bet. Writes what `bet` writes
 * then — the cash part to the player's shard of the game house, the bet row with the postings —
 * and answers the row, for `winDirect` to settle. Any other case is `NotDirect`.
 */
export function betDirect(tx: DirectLedgerTx, input: BetInput): DirectBetRow {
  if (!input.newTransaction || !Number.isSafeInteger(input.amount) || input.amount <= 0) throw new NotDirect('bet')
  const balance = tx.lockPlayer(input.playerId)
  if (balance.cash < input.amount || tx.hasWagering(input.playerId)) throw new NotDirect('bet')
  tx.post({
    id: `bet:${input.transactionId}:cash`,
    debit: { player: input.playerId, code: 'cash' },
    credit: { house: 'game', shard: input.playerId },
    amount: input.amount,
    kind: 'bet',
    reference: `round:${input.roundId}`,
  })
  const row: DirectBetRow = {
    transaction_id: input.transactionId,
    player_id: input.playerId,
    round_id: input.roundId,
    amount: input.amount,
    cash_part: input.amount,
    bonus_part: 0,
    state: 'placed',
    win_transaction_id: null,
    win_amount: null,
    created_at: tx.now,
  }
  tx.deferBet(row)
  return row
}

/** `win` on the direct path for the bet `betDirect` placed in this transaction (all cash, so is the win). */
export function winDirect(tx: DirectLedgerTx, placed: DirectBetRow, transactionId: string, amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new NotDirect('win')
  if (amount > 0) {
    tx.post({
      id: `win:${transactionId}:cash`,
      debit: { house: 'game', shard: placed.player_id },
      credit: { player: placed.player_id, code: 'cash' },
      amount,
      kind: 'win',
      reference: `round:${placed.round_id}`,
    })
  }
  placed.win_transaction_id = transactionId
  placed.win_amount = amount
}
