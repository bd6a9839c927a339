// The SQLite group commit: concurrent ledger works share one transaction and one fsync, each in
// its own savepoint, so a work that throws rolls back only its own writes; every caller's promise
// settles only after the shared commit (durable when answered). A work with a synchronous plain
// path (`DirectLedgerTx`) tries it first.
import { sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { DirectSqlite } from '../db/sqlite-dialect.ts'
import { type OutboxEvent, writeOutboxDirect } from '../push/outbox.ts'
import { DirectLedgerTx } from './direct.ts'
import { isRetryable } from './errors.ts'
import { distinctBroadcasts, outboxRows } from './outbox-rows.ts'
import type { LedgerOptions, LedgerTx } from './tx.ts'

/** One try of a work in `trx` (`Ledger`'s), its outbox events left to the group; nothing committed. */
export type Attempt = (
  trx: Transaction<Database>,
  work: (tx: LedgerTx) => Promise<unknown>,
  attempt: number,
  deferOutbox: boolean,
) => Promise<{ value: unknown; touched: Set<number>; events: OutboxEvent[] }>

export class GroupCommit {
  readonly #o: LedgerOptions
  readonly #attempt: Attempt
  readonly #afterCommit: (touched: Set<number>, events: readonly OutboxEvent[]) => void
  constructor(
    options: LedgerOptions,
    attempt: Attempt,
    afterCommit: (touched: Set<number>, events: readonly OutboxEvent[]) => void,
  ) {
    this.#o = options
    this.#attempt = attempt
    this.#afterCommit = afterCommit
  }

  /** How many direct works were written directly and how many ran through `LedgerTx` instead. */
  readonly directCounts = { direct: 0, fellBack: 0 }

  readonly #queue: Grouped[] = []
  #draining = false

  /** A direct work in its own savepoint: its result and what it touched, or undefined (rolled back). */
  #tryDirect(direct: (tx: DirectLedgerTx) => unknown) {
    const sqlite = this.#sqlite()
    sqlite.prepare('savepoint grouped').run()
    try {
      const tx = new DirectLedgerTx(sqlite, this.#o.accounts, this.#o.now())
      const value = direct(tx)
      tx.finish()
      sqlite.prepare('release grouped').run()
      this.directCounts.direct++
      return { value, touched: tx.touched, events: tx.events }
    } catch {
      sqlite.prepare('rollback to grouped').run()
      sqlite.prepare('release grouped').run()
      this.directCounts.fellBack++
      return undefined
    }
  }

  run<T>(work: (tx: LedgerTx) => Promise<T>, direct?: (tx: DirectLedgerTx) => unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, direct, resolve: resolve as (value: unknown) => void, reject })
      // setImmediate lets every request already read from the sockets join the same group.
      if (!this.#draining) {
        this.#draining = true
        setImmediate(() => void this.#drain())
      }
    })
  }

  async #drain(): Promise<void> {
    const group: { item: Grouped; outcome: { ok: true; value: unknown } | { ok: false; error: unknown } }[] = []
    const touched = new Set<number>()
    const events: OutboxEvent[] = []
    let current: Grouped | undefined
    try {
      await this.#o.db.transaction().execute(async (trx) => {
        while (this.#queue.length > 0 && group.length < MAX_GROUP) {
          const item = this.#queue.shift() as Grouped
          current = item
          const done = item.direct ? this.#tryDirect(item.direct) : undefined
          if (done) {
            for (const id of done.touched) touched.add(id)
            events.push(...done.events)
            group.push({ item, outcome: { ok: true, value: done.value } })
            current = undefined
            continue
          }
          for (let attempt = 0; ; attempt++) {
            await sql`savepoint grouped`.execute(trx)
            try {
              const done = await this.#attempt(trx, item.work, attempt, true)
              await sql`release grouped`.execute(trx)
              for (const id of done.touched) touched.add(id)
              events.push(...done.events)
              group.push({ item, outcome: { ok: true, value: done.value } })
              break
            } catch (error) {
              await sql`rollback to grouped`.execute(trx)
              await sql`release grouped`.execute(trx)
              if (attempt < 3 && isRetryable(error)) continue
              group.push({ item, outcome: { ok: false, error } })
              break
            }
          }
          current = undefined
        }
        // The group's outbox rows; a broadcast many spins repeat (the pool moved) is written once.
        writeOutboxDirect(this.#sqlite(), outboxRows(touched, distinctBroadcasts(events)), this.#o.now())
      })
    } catch (error) {
      // The shared commit failed: nothing of the group is durable, so every caller hears it.
      for (const { item } of group) item.reject(error)
      current?.reject(error)
      this.#next()
      return
    }
    this.#afterCommit(touched, distinctBroadcasts(events))
    for (const { item, outcome } of group) {
      if (outcome.ok) item.resolve(outcome.value)
      else item.reject(outcome.error)
    }
    this.#next()
  }

  /** The writer's connection, which the group's savepoints and outbox rows are written on. */
  #sqlite(): DirectSqlite {
    if (!this.#o.sqlite) throw new Error('the SQLite group commit needs the direct connection (LedgerOptions.sqlite)')
    return this.#o.sqlite
  }

  #next() {
    if (this.#queue.length > 0) setImmediate(() => void this.#drain())
    else this.#draining = false
  }
}

/** A caller's work waiting for the next SQLite group commit. */
interface Grouped {
  work: (tx: LedgerTx) => Promise<unknown>
  /** The work's synchronous plain path (`transactDirect`), tried first. */
  direct: ((tx: DirectLedgerTx) => unknown) | undefined
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** At most this many works share a commit, so one group's replies are not held back too long. */
const MAX_GROUP = 128
