// The parts of a ledger transaction both its paths share (`LedgerTx` in ledger.ts, the direct
// path in direct.ts): a transfer's validation, the locked players' balances
// and the queue of postings and deferred writes applied at the end of the work.
import type { Compilable } from 'kysely'
import type { TransferKind } from '../../contract/transfers.ts'
import type { AccountRef } from './accounts.ts'
import { LedgerError } from './errors.ts'

export interface TransferInput {
  id: string
  debit: AccountRef
  credit: AccountRef
  amount: number
  kind: TransferKind
  reference?: string | null
  /** For a post or void: the id of the hold this transfer resolves. */
  resolves?: string | null
}

export function validate(input: TransferInput): void {
  if (!input.id || input.id.length > 200)
    throw new LedgerError('invalid_transfer', 'a transfer needs an id of 1–200 characters')
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new LedgerError('invalid_transfer', `amount must be a positive whole number of centavos: ${input.amount}`)
  }
}

/** The players a transaction has locked, with their spendable balances as it has moved them. */
export type LockedPlayers = Map<number, { ids: { cash: number; bonus: number }; cash: number; bonus: number }>

export interface Posting {
  input: TransferInput
  debitId: number
  creditId: number
  /** What postings after this one move on its debit / credit account (filled in by `take`). */
  debitLater: number
  creditLater: number
}

/** A write run with the postings (`LedgerTx.defer`); compiled then, so it sees the latest values. */
export interface Deferred {
  query: Compilable
  expectRows: number | null
}

/** Keeps a locked player's spendable balances (from the lock's rows) for the rest of the transaction. */
export function holdPlayer(
  locked: LockedPlayers,
  playerId: number,
  ids: { cash: number; bonus: number },
  rows: readonly { id: number | string; balance: number | string }[],
): { cash: number; bonus: number } {
  const balanceOf = (id: number) => Number(rows.find((row) => Number(row.id) === id)?.balance ?? 0)
  const balance = { cash: balanceOf(ids.cash), bonus: balanceOf(ids.bonus) }
  locked.set(playerId, { ids: { cash: ids.cash, bonus: ids.bonus }, ...balance })
  return balance
}

/** A sum of house rows asked for at the end of the work (`houseBalanceAtCommit`). */
export interface PendingSum {
  ids: readonly number[]
  resolve(total: number): void
}

/** A transaction's postings, deferred writes and sums not yet written or read (`LedgerTx.post`). */
export class Postings {
  queued: Posting[] = []
  deferred: Deferred[] = []
  sums: (PendingSum & { reject(error: unknown): void })[] = []

  add(input: TransferInput, debitId: number, creditId: number) {
    this.queued.push({ input, debitId, creditId, debitLater: 0, creditLater: 0 })
  }

  /** What the queued postings move on these accounts together. */
  pendingOn(accountIds: readonly number[]): number {
    return movedOn(netMoves(this.queued), accountIds)
  }

  sumAtEnd(ids: readonly number[]): Promise<number> {
    const { promise, resolve, reject } = Promise.withResolvers<number>()
    // A transaction that fails never reads it; its caller hears the failure from transact.
    promise.catch(() => {})
    this.sums.push({ ids, resolve, reject })
    return promise
  }

  /**
   * Empties the queues, answering the postings with what later ones move on their accounts; the
   * sums only at the end of the work (`final`). Undefined when there is nothing to write or read.
   */
  take(final: boolean) {
    const { queued, deferred } = this
    const sums = final ? this.sums : []
    if (queued.length === 0 && deferred.length === 0 && sums.length === 0) return undefined
    const later = new Map<number, number>()
    for (let i = queued.length - 1; i >= 0; i--) {
      const q = queued[i] as Posting
      q.debitLater = later.get(q.debitId) ?? 0
      q.creditLater = later.get(q.creditId) ?? 0
      later.set(q.debitId, q.debitLater - q.input.amount)
      later.set(q.creditId, q.creditLater + q.input.amount)
    }
    this.queued = []
    this.deferred = []
    if (final) this.sums = []
    return { queued, deferred, sums }
  }

  /** The work failed: sums asked for will never be read. */
  abandon() {
    for (const sum of this.sums) sum.reject(new Error('transaction abandoned'))
    this.sums = []
  }
}

/** What `moves` move on these accounts together. */
export function movedOn(moves: Map<number, number>, accountIds: readonly number[]): number {
  return accountIds.reduce((total, id) => total + (moves.get(id) ?? 0), 0)
}

/** Each account's net amount moved by the postings. */
export function netMoves(postings: readonly Posting[]): Map<number, number> {
  const moves = new Map<number, number>()
  for (const q of postings) {
    moves.set(q.debitId, (moves.get(q.debitId) ?? 0) - q.input.amount)
    moves.set(q.creditId, (moves.get(q.creditId) ?? 0) + q.input.amount)
  }
  return moves
}
