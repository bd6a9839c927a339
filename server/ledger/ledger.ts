// The double-entry ledger: a transfer moves a positive integer amount of centavos from one
// account to another, with a caller-supplied id (idempotency), a kind and a reference.
// Balances change in the same database transaction as the transfer rows; player balances never
// go negative (conditional update + CHECK). Several transfers commit together or not at all.
// Every change to a player's money writes an outbox event (server/push/outbox.ts) in the same transaction.
import { type Compilable, CompiledQuery, type Kysely, sql, type Transaction } from 'kysely'
import type { BroadcastTopic, OutboxPayloads, PlayerTopic } from '../../contract/push.ts'
import type { TransferKind } from '../../contract/transfers.ts'
import type { Engine } from '../db/database.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { Database } from '../db/schema.ts'
import type { DirectSqlite } from '../db/sqlite-dialect.ts'
import { type OutboxEvent, outboxInsert, playerEvent, writeOutbox } from '../push/outbox.ts'
import { type AccountDirectory, type AccountRef, type HouseAccountCode, readPlayerBalances } from './accounts.ts'
import { DirectLedgerTx } from './direct.ts'
import {
  type Deferred,
  holdPlayer,
  LedgerError,
  type LockedPlayers,
  movedOn,
  netMoves,
  type PendingSum,
  type Posting,
  Postings,
  StaleRead,
  type TransferInput,
  validate,
} from './postings.ts'

export { LedgerError, type LedgerErrorCode, type TransferInput } from './postings.ts'

export interface TransferResult {
  id: string
  seq: number
  amount: number
  kind: TransferKind
  debitBalanceAfter: number
  creditBalanceAfter: number
  createdAt: number
  /** True when the id had already been applied and this is the first result again. */
  replayed: boolean
}

/** What callers get inside `ledger.transact`: transfers plus the raw transaction for their own rows. */
export interface LedgerTx {
  trx: Transaction<Database>
  now: number
  transfer(input: TransferInput): Promise<TransferResult>
  /**
   * A transfer whose result the caller does not need, applied with the transaction's other
   * postings at its end: one statement for all of them on PostgreSQL, so the house shards they
   * credit are locked only from then to the commit. Deferred only when every player account it
   * moves is locked in this transaction (their balances are then known here, and a debit is
   * checked against them now); otherwise, and on a retry, it is an ordinary `transfer`. Reads
   * through this transaction (`lockPlayer`, `houseBalance`, `lockHouse`, `transfer`) see it.
   */
  post(input: TransferInput): Promise<void>
  /**
   * A write of the caller's own rows whose result it does not need (a round, a day row), run
   * with the postings at the end of the work — in the same statement on PostgreSQL. Nothing in
   * the transaction may read it back before then. With `expectRows` the write must return that
   * many rows (a guarded update with `returning`), or the transaction is tried again from the start.
   */
  defer(query: Compilable, options?: { expectRows: number }): void
  /** A house account's balance as this transaction leaves it, known once the work has returned. */
  houseBalanceAtCommit(code: HouseAccountCode): Promise<number>
  /** Marks a player's money as changed, so the balance push goes out after commit. */
  touch(playerId: number): void
  /** Queues a push event for a player (e.g. `deposit`), written to the outbox in this transaction. */
  emit<T extends PlayerTopic>(playerId: number, topic: T, payload: OutboxPayloads[T]): void
  /** Queues a push event for every connected player (e.g. `jackpot`, `win`). */
  broadcast<T extends BroadcastTopic>(topic: T, payload: OutboxPayloads[T]): void
  /**
   * Reads a player's spendable balances, locking them until commit on PostgreSQL so a
   * read-then-transfer decision (e.g. how a bet splits between cash and bonus) stays true.
   */
  lockPlayer(playerId: number): Promise<{ cash: number; bonus: number }>
  /**
   * `lockPlayer`, with statements of the caller's own tables that need not wait for the lock — on
   * PostgreSQL in the same statement as it: an `update … returning` (it acts on the newest row
   * whatever the snapshot) or a read of rows the player's lock does not guard (a spin's session
   * look-up). A read of what the lock guards sees the statement's snapshot, which may be older
   * than the lock: read it after, with `readTogether`.
   */
  lockPlayerWith<K extends string>(
    playerId: number,
    alongside: Record<K, Compilable>,
  ): Promise<{ balance: { cash: number; bonus: number }; rows: Record<K, Record<string, unknown>[]> }>
  /**
   * Several reads (or writes with `returning`) of the caller's own tables: on PostgreSQL one
   * statement, each query a WITH part; on SQLite one after another. Rows come as plain values
   * (bigint as number); a read does not see a write of the same call.
   */
  readTogether<K extends string>(queries: Record<K, Compilable>): Promise<Record<K, Record<string, unknown>[]>>
  /**
   * Locks every shard of a house account until commit (PostgreSQL) and reads their balances,
   * by shard; their sum is the account (e.g. the whole jackpot pool before paying it out).
   */
  lockHouse(code: HouseAccountCode): Promise<{ shard: number; balance: number }[]>
  /** A house account's balance, the sum of its shards, as this transaction sees it (no lock). */
  houseBalance(code: HouseAccountCode): Promise<number>
}

export interface LedgerOptions {
  db: Kysely<Database>
  engine: Engine
  /** SQLite: the connection's direct statements, for `transactDirect`'s plain path. */
  sqlite?: DirectSqlite | null
  accounts: AccountDirectory
  now: () => number
  /** Called after a commit that changed players' money (wakes the push hub). */
  afterCommit?: (playerIds: number[], events: readonly OutboxEvent[]) => void
}

type TransferRow = Awaited<ReturnType<typeof loadTransfer>>

function loadTransfer(trx: Kysely<Database>, id: string) {
  return trx.selectFrom('ledger_transfers').selectAll().where('id', '=', id).executeTakeFirst()
}

function resultOf(row: NonNullable<TransferRow>, replayed: boolean): TransferResult {
  return {
    id: row.id,
    seq: Number(row.seq),
    amount: Number(row.amount),
    kind: row.kind,
    debitBalanceAfter: Number(row.debit_balance_after),
    creditBalanceAfter: Number(row.credit_balance_after),
    createdAt: Number(row.created_at),
    replayed,
  }
}

export class Ledger {
  readonly #o: LedgerOptions
  constructor(options: LedgerOptions) {
    this.#o = options
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
   * first result (idempotency under concurrency on PostgreSQL).
   *
   * On SQLite (one writer) concurrent calls are group-committed: they share one transaction and
   * one fsync, each inside its own savepoint, so a work that throws rolls back only its own
   * writes. Every caller's promise settles only after the shared commit (durable when answered).
   */
  async transact<T>(work: (tx: LedgerTx) => Promise<T>): Promise<T> {
    if (this.#o.engine === 'sqlite') return this.#grouped(work)
    for (let attempt = 0; ; attempt++) {
      try {
        const done = await this.#o.db.transaction().execute((trx) => this.#attempt(trx, work, attempt))
        this.#afterCommit(done.touched, done.events)
        return done.value
      } catch (error) {
        if (attempt < 3 && isRetryable(error)) continue
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
    return this.#grouped(work, direct as (tx: DirectLedgerTx) => unknown)
  }

  /** How many direct works were written directly and how many ran through `LedgerTx` instead. */
  readonly directCounts = { direct: 0, fellBack: 0 }

  /** A direct work in its own savepoint: its result and what it touched, or undefined (rolled back). */
  #tryDirect(direct: (tx: DirectLedgerTx) => unknown) {
    const sqlite = this.#o.sqlite as DirectSqlite
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
    const flush = (final = false) => this.#flush(trx, postings, now, final)
    const tx: LedgerTx = {
      trx,
      now,
      // The first attempt trusts the unique index to catch a repeated id; a retry looks first.
      transfer: async (input) => {
        await flush()
        return this.#apply(trx, input, now, touched, attempt > 0, locked)
      },
      post: async (input) => {
        if (attempt === 0 && !input.resolves && (await this.#defer(trx, input, touched, locked, postings))) return
        await flush()
        await this.#apply(trx, input, now, touched, attempt > 0, locked)
      },
      touch: (playerId) => touched.add(playerId),
      emit: (playerId, topic, payload) => {
        touched.add(playerId)
        events.push({ playerId, topic, payload } as OutboxEvent)
      },
      broadcast: (topic, payload) => events.push({ playerId: null, topic, payload } as OutboxEvent),
      lockPlayer: (playerId) => this.#lockPlayer(trx, playerId, locked),
      lockPlayerWith: (playerId, alongside) => this.#lockPlayerWith(trx, playerId, alongside, locked),
      readTogether: (queries) => this.#readTogether(trx, queries),
      lockHouse: async (code) => {
        await flush()
        return this.#lockHouse(trx, code)
      },
      houseBalance: async (code) =>
        (await this.#houseSum(trx, code)) + postings.pendingOn(this.accounts.houseIds(code)),
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

  readonly #queue: Grouped[] = []
  #draining = false

  #grouped<T>(work: (tx: LedgerTx) => Promise<T>, direct?: (tx: DirectLedgerTx) => unknown): Promise<T> {
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
        // The group's outbox rows in one statement; a broadcast many spins repeat (the pool
        // moved) is written once.
        await writeOutbox(trx, this.#o.engine, outboxRows(touched, distinctBroadcasts(events)), this.#o.now())
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

  #next() {
    if (this.#queue.length > 0) setImmediate(() => void this.#drain())
    else this.#draining = false
  }

  async #apply(
    trx: Transaction<Database>,
    input: TransferInput,
    now: number,
    touched: Set<number>,
    lookFirst: boolean,
    locked: LockedPlayers,
  ): Promise<TransferResult> {
    validate(input)
    const debitId = await this.#o.accounts.resolve(trx, input.debit)
    const creditId = await this.#o.accounts.resolve(trx, input.credit)
    if (debitId === creditId) throw new LedgerError('invalid_transfer', 'a transfer needs two different accounts')
    if (lookFirst || input.resolves) {
      const replay = await this.#replayOf(trx, input, debitId, creditId)
      if (replay) return replay
    }
    if (input.resolves) {
      // Resolved meanwhile by this very transfer (a concurrent applier committed it after the look above): a replay.
      const replay = await this.#checkResolvable(trx, input, debitId, creditId)
      if (replay) return replay
    }

    // Both balances in one conditional statement: the debit only where a player account covers
    // it. Fewer than two rows back means the debit was refused; throwing rolls the credit back.
    const { rows } = await sql<{ id: number; balance: number; player_id: number | null }>`
      update ledger_accounts
         set balance = balance + case when id = ${debitId} then cast(${-input.amount} as bigint) else cast(${input.amount} as bigint) end
       where id in (${debitId}, ${creditId})
         and (id <> ${debitId} or player_id is null or balance >= ${input.amount})
      returning id, balance, player_id`.execute(trx)
    const debited = rows.find((r) => Number(r.id) === debitId)
    const credited = rows.find((r) => Number(r.id) === creditId)
    if (!debited || !credited) {
      // An id seen before answers as a replay or conflict, whatever the balance is now; the
      // half-applied statement is undone by retrying the transaction, which looks first.
      if (!lookFirst && (await loadTransfer(trx, input.id))) throw new RepeatedTransferId()
      const account = await trx
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('id', '=', debitId)
        .executeTakeFirst()
      const before = Number(account?.balance ?? 0) - (debited ? -input.amount : 0)
      throw new LedgerError('insufficient_funds', 'insufficient funds', { balance: before, amount: input.amount })
    }

    const row = await trx
      .insertInto('ledger_transfers')
      .values({
        id: input.id,
        debit_account_id: debitId,
        credit_account_id: creditId,
        amount: input.amount,
        kind: input.kind,
        reference: input.reference ?? null,
        resolves_id: input.resolves ?? null,
        debit_balance_after: Number(debited.balance),
        credit_balance_after: Number(credited.balance),
        created_at: now,
      })
      .returning('seq')
      .executeTakeFirstOrThrow()
    for (const moved of [debited, credited]) {
      if (moved.player_id === null) continue
      touched.add(Number(moved.player_id))
      // A player locked in this transaction keeps their balances current without a re-read.
      const held = locked.get(Number(moved.player_id))
      if (held && Number(moved.id) === held.ids.cash) held.cash = Number(moved.balance)
      if (held && Number(moved.id) === held.ids.bonus) held.bonus = Number(moved.balance)
    }
    return {
      id: input.id,
      seq: Number(row.seq),
      amount: input.amount,
      kind: input.kind,
      debitBalanceAfter: Number(debited.balance),
      creditBalanceAfter: Number(credited.balance),
      createdAt: now,
      replayed: false,
    }
  }

  /**
   * Queues `input` as a posting when each side is a house account or a locked player's cash or
   * bonus; answers false (nothing done) otherwise. A player debit is checked against the locked
   * balance now, as the conditional update would; the balances kept in `locked` move at once.
   */
  async #defer(
    trx: Transaction<Database>,
    input: TransferInput,
    touched: Set<number>,
    locked: LockedPlayers,
    postings: Postings,
  ): Promise<boolean> {
    const side = (ref: AccountRef) => {
      if ('house' in ref) return { held: null }
      const held = locked.get(ref.player)
      return held && (ref.code === 'cash' || ref.code === 'bonus')
        ? { held, code: ref.code, player: ref.player }
        : undefined
    }
    const debit = side(input.debit)
    const credit = side(input.credit)
    if (!debit || !credit) return false
    validate(input)
    const debitId = await this.#o.accounts.resolve(trx, input.debit)
    const creditId = await this.#o.accounts.resolve(trx, input.credit)
    if (debitId === creditId) throw new LedgerError('invalid_transfer', 'a transfer needs two different accounts')
    if (debit.held && debit.held[debit.code] < input.amount) {
      throw new LedgerError('insufficient_funds', 'insufficient funds', {
        balance: debit.held[debit.code],
        amount: input.amount,
      })
    }
    if (debit.held) {
      debit.held[debit.code] -= input.amount
      touched.add(debit.player)
    }
    if (credit.held) {
      credit.held[credit.code] += input.amount
      touched.add(credit.player)
    }
    postings.add(input, debitId, creditId)
    return true
  }

  /**
   * Applies the queued postings: each account moved once by its net amount, then the transfer
   * rows in order, each with its accounts' balances after it (the final balance less what later
   * postings moved). On PostgreSQL both in one statement.
   */
  async #flush(trx: Transaction<Database>, postings: Postings, now: number, final: boolean): Promise<void> {
    const taken = postings.take(final)
    if (!taken) return
    const { queued, deferred, sums } = taken
    if (this.#o.engine === 'postgres') return this.#flushPostgres(trx, queued, deferred, sums, now)
    const moves = netMoves(queued)
    const finals = new Map<number, number>()
    for (const id of [...moves.keys()].sort((a, b) => a - b)) {
      const row = await trx
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance: eb('balance', '+', moves.get(id) as number) }))
        .where('id', '=', id)
        .returning('balance')
        .executeTakeFirst()
      if (!row) throw new Error(`ledger: account ${id} does not exist`)
      finals.set(id, Number(row.balance))
    }
    if (queued.length > 0) {
      await trx
        .insertInto('ledger_transfers')
        .values(
          queued.map((q) => ({
            id: q.input.id,
            debit_account_id: q.debitId,
            credit_account_id: q.creditId,
            amount: q.input.amount,
            kind: q.input.kind,
            reference: q.input.reference ?? null,
            resolves_id: null,
            debit_balance_after: (finals.get(q.debitId) as number) - q.debitLater,
            credit_balance_after: (finals.get(q.creditId) as number) - q.creditLater,
            created_at: now,
          })),
        )
        .execute()
    }
    for (const { query, expectRows } of deferred) {
      const result = await trx.executeQuery(query.compile())
      if (expectRows !== null && result.rows.length !== expectRows) throw new StaleRead()
    }
    for (const sum of sums) sum.resolve(await balanceSum(trx, sum.ids))
  }

  /**
   * PostgreSQL: the postings, the deferred writes and the sums asked for in one statement, each
   * write a WITH part (they all run; none sees another's rows). The sums read the snapshot from
   * before the statement, so this transaction's postings on those accounts are added here.
   */
  async #flushPostgres(
    trx: Transaction<Database>,
    queued: Posting[],
    deferred: Deferred[],
    sums: PendingSum[],
    now: number,
  ): Promise<void> {
    const parts: string[] = []
    const selects: string[] = []
    const parameters: unknown[] = []
    const param = (value: unknown, cast: string) => {
      parameters.push(value)
      return `$${parameters.length}::${cast}`
    }
    const moves = netMoves(queued)
    if (queued.length > 0) {
      const ids = [...moves.keys()].sort((a, b) => a - b)
      const deltas = ids.map((id) => moves.get(id))
      parts.push(`moved as (
          update ledger_accounts a set balance = a.balance + m.delta
            from unnest(${param(ids, 'bigint[]')}, ${param(deltas, 'bigint[]')}) as m(id, delta)
           where a.id = m.id
          returning a.id, a.balance)`)
      // One array per column, unnested into the transfer rows in their order.
      const column = (cast: string, value: (q: Posting, i: number) => unknown) => param(queued.map(value), cast)
      const columns = [
        column('text[]', (q) => q.input.id),
        column('bigint[]', (q) => q.debitId),
        column('bigint[]', (q) => q.creditId),
        column('bigint[]', (q) => q.input.amount),
        column('text[]', (q) => q.input.kind),
        column('text[]', (q) => q.input.reference ?? null),
        column('bigint[]', (q) => q.debitLater),
        column('bigint[]', (q) => q.creditLater),
        column('int[]', (_, i) => i),
      ]
      parts.push(`posted as (
          insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, reference, debit_balance_after, credit_balance_after, created_at)
          select t.id, t.debit, t.credit, t.amount, t.kind, t.reference, d.balance - t.debit_later, c.balance - t.credit_later, ${param(now, 'bigint')}
            from unnest(${columns.join(', ')}) as t(id, debit, credit, amount, kind, reference, debit_later, credit_later, ord)
            join moved d on d.id = t.debit
            join moved c on c.id = t.credit
           order by t.ord
          returning 1)`)
      selects.push('(select count(*) from posted) as posted')
    }
    deferred.forEach(({ query, expectRows }, i) => {
      parts.push(`d${i} as (${renumbered(query.compile(), parameters)})`)
      if (expectRows !== null) selects.push(`(select count(*) from d${i}) = ${expectRows} as d${i}_ok`)
    })
    sums.forEach((sum, i) => {
      selects.push(
        `(select coalesce(sum(balance), 0) from ledger_accounts where id = any(${param(sum.ids, 'bigint[]')})) as sum${i}`,
      )
    })
    if (selects.length === 0) selects.push('1 as done')
    const text = `${parts.length > 0 ? `with ${parts.join(',\n')}\n` : ''}select ${selects.join(', ')}`
    const { rows } = await trx.executeQuery<Record<string, number>>(CompiledQuery.raw(text, parameters))
    const row = rows[0] as Record<string, number>
    if (queued.length > 0 && Number(row.posted) !== queued.length) {
      throw new Error('ledger: a posting named an account that does not exist')
    }
    deferred.forEach(({ expectRows }, i) => {
      if (expectRows !== null && row[`d${i}_ok`] !== (true as unknown)) throw new StaleRead()
    })
    sums.forEach((sum, i) => {
      sum.resolve(Number(row[`sum${i}`]) + movedOn(moves, sum.ids))
    })
  }

  /** The first result for an id already applied with the same content; refuses other content. */
  async #replayOf(trx: Transaction<Database>, input: TransferInput, debitId: number, creditId: number) {
    const existing = await loadTransfer(trx, input.id)
    if (!existing) return undefined
    const same =
      Number(existing.debit_account_id) === debitId &&
      Number(existing.credit_account_id) === creditId &&
      Number(existing.amount) === input.amount &&
      existing.kind === input.kind &&
      (existing.reference ?? null) === (input.reference ?? null) &&
      (existing.resolves_id ?? null) === (input.resolves ?? null)
    if (!same)
      throw new LedgerError('idempotency_conflict', `transfer ${input.id} was already applied with other content`)
    return resultOf(existing, true)
  }

  async #checkResolvable(trx: Transaction<Database>, input: TransferInput, debitId: number, creditId: number) {
    const hold = await loadTransfer(trx, input.resolves as string)
    if (hold?.kind !== 'withdrawal_hold') {
      throw new LedgerError('hold_not_found', `no hold ${input.resolves}`)
    }
    if (Number(hold.amount) !== input.amount) {
      throw new LedgerError('invalid_transfer', 'a hold is posted or voided for its whole amount')
    }
    const resolved = await trx
      .selectFrom('ledger_transfers')
      .select('id')
      .where('resolves_id', '=', input.resolves as string)
      .executeTakeFirst()
    if (resolved?.id === input.id) return this.#replayOf(trx, input, debitId, creditId)
    if (resolved)
      throw new LedgerError('hold_already_resolved', `hold ${input.resolves} was already resolved by ${resolved.id}`)
    return undefined
  }

  async #lockPlayer(trx: Transaction<Database>, playerId: number, locked: LockedPlayers) {
    // Locked already in this transaction: the lock holds until commit and the transfers since
    // kept the balances current.
    const held = locked.get(playerId)
    if (held) return { cash: held.cash, bonus: held.bonus }
    const ids = await this.#o.accounts.playerAccountIds(trx, playerId)
    return holdPlayer(locked, playerId, ids, await this.#playerLock(trx, ids).execute())
  }

  /** The player's spendable accounts, locked until commit on PostgreSQL (in id order, as every locker of several rows). */
  #playerLock(trx: Transaction<Database>, ids: { cash: number; bonus: number }) {
    const query = trx
      .selectFrom('ledger_accounts')
      .select(['id', 'balance'])
      .where('id', 'in', [ids.cash, ids.bonus])
      .orderBy('id')
    return this.#o.engine === 'postgres' ? query.forUpdate() : query
  }

  async #lockPlayerWith<K extends string>(
    trx: Transaction<Database>,
    playerId: number,
    alongside: Record<K, Compilable>,
    locked: LockedPlayers,
  ) {
    if (this.#o.engine === 'sqlite' || locked.has(playerId)) {
      const balance = await this.#lockPlayer(trx, playerId, locked)
      return { balance, rows: await this.#readTogether(trx, alongside) }
    }
    const ids = await this.#o.accounts.playerAccountIds(trx, playerId)
    const { [LOCK]: lock = [], ...rows } = await readTogether(trx, { ...alongside, [LOCK]: this.#playerLock(trx, ids) })
    const balance = holdPlayer(locked, playerId, ids, lock as { id: number; balance: number }[])
    return { balance, rows: rows as Record<K, Record<string, unknown>[]> }
  }

  async #readTogether<K extends string>(trx: Transaction<Database>, queries: Record<K, Compilable>) {
    if (this.#o.engine === 'postgres') return readTogether(trx, queries)
    const rows = {} as Record<K, Record<string, unknown>[]>
    for (const name of Object.keys(queries) as K[])
      rows[name] = (await trx.executeQuery(queries[name].compile())).rows as never
    return rows
  }

  async #lockHouse(trx: Transaction<Database>, code: HouseAccountCode) {
    const ids = this.#o.accounts.houseIds(code)
    // In id order, as every locker of several rows does, so two payouts cannot deadlock.
    let query = trx.selectFrom('ledger_accounts').select(['id', 'balance']).where('id', 'in', ids).orderBy('id')
    if (this.#o.engine === 'postgres') query = query.forUpdate()
    const rows = await query.execute()
    const byId = new Map(rows.map((row) => [Number(row.id), Number(row.balance)]))
    return ids.map((id, shard) => ({ shard, balance: byId.get(id) ?? 0 }))
  }

  #houseSum(trx: Transaction<Database>, code: HouseAccountCode) {
    return balanceSum(trx, this.#o.accounts.houseIds(code))
  }

  balances(playerId: number) {
    return readPlayerBalances(this.#o.db, playerId)
  }
}

class RepeatedTransferId extends Error {}

/** Balances first, so a client handling an event already shows the new balance. */
function outboxRows(touched: Set<number>, events: readonly OutboxEvent[]): OutboxEvent[] {
  return [...[...touched].map((playerId) => playerEvent(playerId, 'balance', {})), ...events]
}

/** The events with each broadcast (same topic and payload) kept once. */
function distinctBroadcasts(events: readonly OutboxEvent[]): OutboxEvent[] {
  const seen = new Set<string>()
  return events.filter((event) => {
    if (event.playerId !== null) return true
    const key = `${event.topic}:${JSON.stringify(event.payload)}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** A compiled PostgreSQL query's text with its $n moved past the parameters already taken; takes its own. */
function renumbered(query: CompiledQuery, parameters: unknown[]): string {
  const offset = parameters.length
  parameters.push(...query.parameters)
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)
}

/**
 * PostgreSQL: several queries in one statement, each a WITH part (an update with `returning`
 * may be one), their rows answered as JSON — plain values, bigint as number.
 */
async function readTogether<K extends string>(
  trx: Transaction<Database>,
  queries: Record<K, Compilable>,
): Promise<Record<K, Record<string, unknown>[]>> {
  const names = Object.keys(queries) as K[]
  const rows = {} as Record<K, Record<string, unknown>[]>
  if (names.length === 0) return rows
  const parameters: unknown[] = []
  const parts = names.map((name, i) => `r${i} as (${renumbered(queries[name].compile(), parameters)})`)
  const selects = names.map((_, i) => `(select coalesce(json_agg(r${i}), '[]'::json) from r${i}) as r${i}`)
  const text = `with ${parts.join(',\n')}\nselect ${selects.join(', ')}`
  const {
    rows: [row],
  } = await trx.executeQuery<Record<string, Record<string, unknown>[]>>(CompiledQuery.raw(text, parameters))
  names.forEach((name, i) => {
    rows[name] = row?.[`r${i}`] ?? []
  })
  return rows
}

/** The key `lockPlayerWith` reads the lock's rows under, beside the caller's own (never an identifier). */
const LOCK = '#lock'

/** The sum of these accounts' balances, as the transaction sees them. */
async function balanceSum(trx: Transaction<Database>, ids: readonly number[]): Promise<number> {
  const row = await trx
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.sum<number | string | null>('balance').as('total'))
    .where('id', 'in', ids)
    .executeTakeFirst()
  return Number(row?.total ?? 0)
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

function isRetryable(error: unknown): boolean {
  if (isUniqueViolation(error) || error instanceof RepeatedTransferId || error instanceof StaleRead) return true
  const code = (error as { code?: unknown })?.code
  // serialization_failure, deadlock_detected
  return code === '40001' || code === '40P01'
}
