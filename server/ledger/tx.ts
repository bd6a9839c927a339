// What a ledger transaction offers its callers (`LedgerTx`, inside `Ledger.transact`), what a
// transfer answers (`TransferResult`) and what a ledger is built from (`LedgerOptions`).
import type { Compilable, Kysely, Transaction } from 'kysely'
import type { BroadcastTopic, OutboxPayloads, PlayerTopic } from '../../contract/push.ts'
import type { TransferKind } from '../../contract/transfers.ts'
import type { DirectPostgres, Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { DirectSqlite } from '../db/sqlite-dialect.ts'
import type { OutboxEvent } from '../push/outbox.ts'
import type { AccountDirectory, HouseAccountCode } from './accounts.ts'
import type { TransferInput } from './postings.ts'
import type { Queries, RowsOf } from './together.ts'

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
  lockPlayerWith<Q extends Queries>(
    playerId: number,
    alongside: Q,
  ): Promise<{ balance: { cash: number; bonus: number }; rows: RowsOf<Q> }>
  /**
   * Several reads (or writes with `returning`) of the caller's own tables: on PostgreSQL one
   * statement, each query a WITH part; on SQLite one after another. Rows come as plain values
   * (bigint as number), each typed as its query's rows; a read does not see a write of the same call.
   */
  readTogether<Q extends Queries>(queries: Q): Promise<RowsOf<Q>>
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
  /** PostgreSQL: the pool's direct statements, for `transactFunction`'s call of the spin function. */
  postgres?: DirectPostgres | null
  accounts: AccountDirectory
  now: () => number
  /** Called after a commit that changed players' money (wakes the push hub). */
  afterCommit?: (playerIds: number[], events: readonly OutboxEvent[]) => void
}
