// The double-entry ledger: a transfer moves a positive integer amount of centavos from one
// account to another, with a caller-supplied id (idempotency), a kind and a reference.
// Balances change in the same database transaction as the transfer rows; player balances never
// go negative (conditional update + CHECK). Several transfers commit together or not at all.
// Every change to a player's money writes an outbox event (server/push/outbox.ts) in the same transaction.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { BroadcastTopic, OutboxPayloads, PlayerTopic } from '../../contract/push.ts'
import type { TransferKind } from '../../contract/transfers.ts'
import type { Engine } from '../db/database.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { Database } from '../db/schema.ts'
import { type OutboxEvent, playerEvent, writeOutbox } from '../push/outbox.ts'
import { type AccountDirectory, type AccountRef, type HouseAccountCode, readPlayerBalances } from './accounts.ts'

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

export type LedgerErrorCode =
  | 'insufficient_funds'
  | 'idempotency_conflict'
  | 'hold_not_found'
  | 'hold_already_resolved'
  | 'invalid_transfer'

export class LedgerError extends Error {
  readonly code: LedgerErrorCode
  readonly details: Record<string, unknown>
  constructor(code: LedgerErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message)
    this.code = code
    this.details = details
  }
}

/** What callers get inside `ledger.transact`: transfers plus the raw transaction for their own rows. */
export interface LedgerTx {
  trx: Transaction<Database>
  now: number
  transfer(input: TransferInput): Promise<TransferResult>
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
    const now = this.#o.now()
    const tx: LedgerTx = {
      trx,
      now,
      // The first attempt trusts the unique index to catch a repeated id; a retry looks first.
      transfer: (input) => this.#apply(trx, input, now, touched, attempt > 0, locked),
      touch: (playerId) => touched.add(playerId),
      emit: (playerId, topic, payload) => {
        touched.add(playerId)
        events.push({ playerId, topic, payload } as OutboxEvent)
      },
      broadcast: (topic, payload) => events.push({ playerId: null, topic, payload } as OutboxEvent),
      lockPlayer: (playerId) => this.#lockPlayer(trx, playerId, locked),
      lockHouse: (code) => this.#lockHouse(trx, code),
      houseBalance: (code) => this.#houseSum(trx, code),
    }
    const value = await work(tx)
    if (!deferOutbox) await writeOutbox(trx, this.#o.engine, outboxRows(touched, events), now)
    return { value, touched, events }
  }

  #afterCommit(touched: Set<number>, events: readonly OutboxEvent[]) {
    if (touched.size > 0 || events.length > 0) this.#o.afterCommit?.([...touched], events)
  }

  readonly #queue: Grouped[] = []
  #draining = false

  #grouped<T>(work: (tx: LedgerTx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
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
    if (input.resolves) await this.#checkResolvable(trx, input)

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

  async #checkResolvable(trx: Transaction<Database>, input: TransferInput) {
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
    if (resolved)
      throw new LedgerError('hold_already_resolved', `hold ${input.resolves} was already resolved by ${resolved.id}`)
  }

  async #lockPlayer(trx: Transaction<Database>, playerId: number, locked: LockedPlayers) {
    // Locked already in this transaction: the lock holds until commit and the transfers since
    // kept the balances current.
    const held = locked.get(playerId)
    if (held) return { cash: held.cash, bonus: held.bonus }
    const ids = await this.#o.accounts.playerAccountIds(trx, playerId)
    let query = trx
      .selectFrom('ledger_accounts')
      .select(['code', 'balance'])
      .where('id', 'in', [ids.cash, ids.bonus])
      .orderBy('id')
    if (this.#o.engine === 'postgres') query = query.forUpdate()
    const rows = await query.execute()
    const balance = (code: string) => Number(rows.find((r) => r.code === code)?.balance ?? 0)
    locked.set(playerId, { ids: { cash: ids.cash, bonus: ids.bonus }, cash: balance('cash'), bonus: balance('bonus') })
    return { cash: balance('cash'), bonus: balance('bonus') }
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

  async #houseSum(trx: Transaction<Database>, code: HouseAccountCode) {
    const row = await trx
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.sum<number | string | null>('balance').as('total'))
      .where('id', 'in', this.#o.accounts.houseIds(code))
      .executeTakeFirst()
    return Number(row?.total ?? 0)
  }

  balances(playerId: number) {
    return readPlayerBalances(this.#o.db, playerId)
  }
}

function validate(input: TransferInput): void {
  if (!input.id || input.id.length > 200)
    throw new LedgerError('invalid_transfer', 'a transfer needs an id of 1–200 characters')
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new LedgerError('invalid_transfer', `amount must be a positive whole number of centavos: ${input.amount}`)
  }
}

class RepeatedTransferId extends Error {}

/** The players a transaction has locked, with their spendable balances as it has moved them. */
type LockedPlayers = Map<number, { ids: { cash: number; bonus: number }; cash: number; bonus: number }>

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

/** A caller's work waiting for the next SQLite group commit. */
interface Grouped {
  work: (tx: LedgerTx) => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** At most this many works share a commit, so one group's replies are not held back too long. */
const MAX_GROUP = 128

function isRetryable(error: unknown): boolean {
  if (isUniqueViolation(error) || error instanceof RepeatedTransferId) return true
  const code = (error as { code?: unknown })?.code
  // serialization_failure, deadlock_detected
  return code === '40001' || code === '40P01'
}
