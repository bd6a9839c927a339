// The double-entry ledger: a transfer moves a positive integer amount of centavos from one
// account to another, with a caller-supplied id (idempotency), a kind and a reference.
// Balances change in the same database transaction as the transfer rows; player balances never
// go negative (conditional update + CHECK). Several transfers commit together or not at all.
// Every change to a player's money writes an outbox event (server/push/outbox.ts) in the same transaction.
import type { Transaction } from 'kysely'
import { isConnectionLost } from '../db/errors.ts'
import type { Database } from '../db/schema.ts'
import type { OutboxEvent } from '../push/outbox.ts'
import { broadcastEvent, outboxInsert } from '../push/outbox.ts'
import { type AccountDirectory, readPlayerBalances } from './accounts.ts'
import { type DirectLedgerTx, NotDirect } from './direct.ts'
import { isRetryable } from './errors.ts'
import { flush as applyPostings, deferPosting } from './flush.ts'
import { GroupCommit } from './group-commit.ts'
import { houseSum, lockHouse, lockPlayer, lockPlayerWith } from './locks.ts'
import { outboxRows } from './outbox-rows.ts'
import { type LockedPlayers, Postings, type TransferInput } from './postings.ts'
import { callSpinFunction, type FunctionSpin, type FunctionSpinDone } from './spin-function.ts'
import { readTogether } from './together.ts'
import { applyTransfer } from './transfer.ts'
import type { LedgerOptions, LedgerTx, TransferResult } from './tx.ts'

export class Ledger {
  readonly #o: LedgerOptions
  readonly #group: GroupCommit
  constructor(options: LedgerOptions) {
    this.#o = options
    this.#group = new GroupCommit(
      options,
      (trx, work, attempt, deferOutbox) => this.#attempt(trx, work, attempt, deferOutbox),
      (touched, events) => this.#afterCommit(touched, events),
    )
  }

  get accounts(): AccountDirectory {
    return this.#o.accounts
  }

  /** Applies transfers atomically in their own transaction. */
  async transfer(...inputs: TransferInput[]): Promise<TransferResult[]> {
    return this.transact(async (tx) => {
      const results: TransferResult[] = []
      for (const input of inputs) results.push(await tx.transfer(input))
      return results
    })
  }

  /**
   * Runs `work` in one database transaction. A concurrent writer that applied the same transfer
   * id first makes this attempt fail on the unique id; it is retried once and then sees the
   * first result (idempotency under concurrency on PostgreSQL). A connection lost before the
   * commit (a terminated backend, a failover) is retried the same way.
   *
   * On SQLite (one writer) concurrent calls are group-committed: they share one transaction and
   * one fsync, each inside its own savepoint, so a work that throws rolls back only its own
   * writes. Every caller's promise settles only after the shared commit (durable when answered).
   */
  async transact<T>(work: (tx: LedgerTx) => Promise<T>): Promise<T> {
    if (this.#o.engine === 'sqlite') return this.#group.run(work)
    for (let attempt = 0; ; attempt++) {
      let committing = false
      try {
        const done = await this.#o.db.transaction().execute(async (trx) => {
          const result = await this.#attempt(trx, work, attempt)
          committing = true
          return result
        })
        this.#afterCommit(done.touched, done.events)
        return done.value
      } catch (error) {
        if (attempt < 3 && isRetryable(error)) continue
        // A connection lost before COMMIT was sent: PostgreSQL rolled everything back, so the work
        // runs again from the start on another connection. Lost during COMMIT, the outcome is
        // unknown: the request answers `service_unavailable` and its retry (same requestId)
        // finds what was committed, if anything.
        if (attempt < 3 && !committing && isConnectionLost(error)) continue
        throw error
      }
    }
  }

  /**
   * `transact(work)`, with a synchronous plain path for SQLite: `direct` runs first with statements
   * prepared once (`DirectLedgerTx`) in the group commit's savepoint; when it throws — anything it
   * does not handle the plain way, a refusal included — its writes are rolled back and `work`
   * runs from the savepoint, so every answer other than the plain one is `work`'s. PostgreSQL
   * runs `work`.
   */
  transactDirect<T>(direct: (tx: DirectLedgerTx) => T, work: (tx: LedgerTx) => Promise<T>): Promise<T> {
    if (this.#o.engine !== 'sqlite' || !this.#o.sqlite) return this.transact(work)
    return this.#group.run(work, direct as (tx: DirectLedgerTx) => unknown)
  }

  /** How many direct works were written directly and how many ran through `LedgerTx` instead. */
  get directCounts(): { direct: number; fellBack: number } {
    return this.#group.directCounts
  }

  readonly #functionCounts = { function: 0, fellBack: 0 }

  /**
   * `transact(work)`, with a one-statement plain path for PostgreSQL: `plain(now)` names the spin
   * the ledger's function `ledger_spin` writes (spin-function.ts) and how to answer it, or throws
   * `NotDirect`; when it throws, when the function hands the spin back (writing nothing) or when
   * the statement fails, `work` runs as `transact` runs it, so every answer other than the plain
   * one is `work`'s. SQLite runs `work`.
   */
  async transactFunction<T>(
    plain: (now: number) => { spin: FunctionSpin; answer: (done: FunctionSpinDone) => T },
    work: (tx: LedgerTx) => Promise<T>,
  ): Promise<T> {
    if (this.#o.engine !== 'postgres') return this.transact(work)
    let call: ReturnType<typeof plain> | undefined
    try {
      call = plain(this.#o.now())
    } catch (error) {
      if (!(error instanceof NotDirect)) throw error
    }
    if (call) {
      // A failed statement wrote nothing (one transaction): `work` answers it, retrying as it does.
      const result = await callSpinFunction(this.#o.postgres ?? this.#o.db, call.spin).catch(() => undefined)
      if (result && 'done' in result) {
        this.#functionCounts.function++
        this.#afterCommit(new Set([call.spin.playerId]), [broadcastEvent('jackpot', {})])
        return call.answer(result.done)
      }
    }
    this.#functionCounts.fellBack++
    return this.transact(work)
  }

  /** How many spins `ledger_spin` wrote and how many ran through `LedgerTx` instead (PostgreSQL). */
  get functionCounts(): { function: number; fellBack: number } {
    return { ...this.#functionCounts }
  }

  /**
   * One try of `work` in `trx`, writing its outbox events unless `deferOutbox` (the group commit
   * writes a whole group's at once); nothing is committed here.
   */
  async #attempt<T>(
    trx: Transaction<Database>,
    work: (tx: LedgerTx) => Promise<T>,
    attempt: number,
    deferOutbox = false,
  ) {
    const touched = new Set<number>()
    const events: OutboxEvent[] = []
    const locked: LockedPlayers = new Map()
    const postings = new Postings()
    const now = this.#o.now()
    const flush = (final = false) => applyPostings(this.#o.engine, trx, postings, now, final)
    const tx: LedgerTx = {
      trx,
      now,
      // The first attempt trusts the unique index to catch a repeated id; a retry looks first.
      transfer: async (input) => {
        await flush()
        return applyTransfer(this.#o.accounts, trx, input, now, touched, attempt > 0, locked)
      },
      post: async (input) => {
        if (
          attempt === 0 &&
          !input.resolves &&
          (await deferPosting(this.#o.accounts, trx, input, touched, locked, postings))
        )
          return
        await flush()
        await applyTransfer(this.#o.accounts, trx, input, now, touched, attempt > 0, locked)
      },
      touch: (playerId) => touched.add(playerId),
      emit: (playerId, topic, payload) => {
        touched.add(playerId)
        events.push({ playerId, topic, payload } as OutboxEvent)
      },
      broadcast: (topic, payload) => events.push({ playerId: null, topic, payload } as OutboxEvent),
      lockPlayer: (playerId) => lockPlayer(this.#o, trx, playerId, locked),
      lockPlayerWith: (playerId, alongside) => lockPlayerWith(this.#o, trx, playerId, alongside, locked),
      readTogether: (queries) => readTogether(this.#o.engine, trx, queries),
      lockHouse: async (code) => {
        await flush()
        return lockHouse(this.#o, trx, code)
      },
      houseBalance: async (code) =>
        (await houseSum(this.#o, trx, code)) + postings.pendingOn(this.accounts.houseIds(code)),
      defer: (query, options) => postings.deferred.push({ query, expectRows: options?.expectRows ?? null }),
      houseBalanceAtCommit: (code) => postings.sumAtEnd(this.accounts.houseIds(code)),
    }
    try {
      const value = await work(tx)
      // On PostgreSQL the outbox rows join the last statement; SQLite's group writes them once.
      if (!deferOutbox) {
        const outbox = outboxInsert(trx, outboxRows(touched, events), now)
        if (outbox) postings.deferred.push({ query: { compile: () => outbox }, expectRows: null })
      }
      await flush(true)
      return { value, touched, events }
    } finally {
      postings.abandon()
    }
  }

  #afterCommit(touched: Set<number>, events: readonly OutboxEvent[]) {
    if (touched.size > 0 || events.length > 0) this.#o.afterCommit?.([...touched], events)
  }

  balances(playerId: number) {
    return readPlayerBalances(this.#o.db, playerId)
  }
}
