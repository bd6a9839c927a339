// A ledger transaction's work run synchronously on SQLite with statements prepared once
// (`DirectSqlite`), for a hot path whose statements are a fixed sequence: the spin. It keeps the
// ledger's rules as `LedgerTx.post` and the SQLite flush keep them — a posting only between house
// accounts and locked players' cash or bonus, a player debit checked against the locked balance,
// each account moved once by its net amount, transfer rows with their balances after, deferred
// rows after the postings, the sums read last — and writes the same rows. It runs inside the
// group commit's savepoint (`Ledger.transactDirect`); anything it cannot do the plain way it
// refuses by throwing, and the work runs again through `LedgerTx` from the savepoint.
import type { BroadcastTopic, OutboxPayloads } from '../../contract/push.ts'
import type { DirectSqlite, DirectStatement, SqliteValue } from '../db/sqlite-dialect.ts'
import type { OutboxEvent } from '../push/outbox.ts'
import type { AccountDirectory, AccountRef, HouseAccountCode } from './accounts.ts'
import { LedgerError, StaleRead } from './errors.ts'
import { holdPlayer, type LockedPlayers, netMoves, Postings, type TransferInput, validate } from './postings.ts'

/** Thrown when the work is not the plain case the direct path handles: it runs through `LedgerTx`. */
export class NotDirect extends Error {}

const TRANSFER_COLUMNS =
  'id, debit_account_id, credit_account_id, amount, kind, reference, resolves_id, debit_balance_after, credit_balance_after, created_at'

/** The texts of the ledger's own statements (the bench's spin floor prepares the same). */
export const ledgerSql = {
  accountsOf: 'select id, code from ledger_accounts where player_id = ?',
  lock: 'select id, balance from ledger_accounts where id in (?, ?) order by id',
  wagering: 'select player_id from bonus_wagering where player_id = ?',
  move: 'update ledger_accounts set balance = balance + ? where id = ? returning balance',
  betRow:
    'insert into wallet_bets (transaction_id, player_id, round_id, amount, cash_part, bonus_part, state, win_transaction_id, win_amount, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  transfers: (rows: number) =>
    `insert into ledger_transfers (${TRANSFER_COLUMNS}) values ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
  sum: (ids: number) =>
    `select sum(balance) as total from ledger_accounts where id in (${Array.from({ length: ids }, () => '?').join(', ')})`,
}

/** The ledger's own statements, prepared once per connection. */
class LedgerStatements {
  readonly accountsOf: DirectStatement
  readonly lock: DirectStatement
  readonly wagering: DirectStatement
  readonly move: DirectStatement
  readonly #transfers = new Map<number, DirectStatement>()
  readonly #sums = new Map<number, DirectStatement>()
  readonly betRow: DirectStatement
  readonly #sqlite: DirectSqlite
  constructor(sqlite: DirectSqlite) {
    this.#sqlite = sqlite
    this.accountsOf = sqlite.prepare(ledgerSql.accountsOf)
    this.lock = sqlite.prepare(ledgerSql.lock)
    this.wagering = sqlite.prepare(ledgerSql.wagering)
    this.move = sqlite.prepare(ledgerSql.move)
    this.betRow = sqlite.prepare(ledgerSql.betRow)
  }
  transfers(rows: number): DirectStatement {
    let statement = this.#transfers.get(rows)
    if (!statement) {
      statement = this.#sqlite.prepare(ledgerSql.transfers(rows))
      this.#transfers.set(rows, statement)
    }
    return statement
  }
  sum(ids: number): DirectStatement {
    let statement = this.#sums.get(ids)
    if (!statement) {
      statement = this.#sqlite.prepare(ledgerSql.sum(ids))
      this.#sums.set(ids, statement)
    }
    return statement
  }
}

const prepared = new WeakMap<DirectSqlite, LedgerStatements>()

/** A wallet bet row written with the postings, its win filled in before then. */
export interface DirectBetRow {
  transaction_id: string
  player_id: number
  round_id: string
  amount: number
  cash_part: number
  bonus_part: number
  state: 'placed'
  win_transaction_id: string | null
  win_amount: number | null
  created_at: number
}

export class DirectLedgerTx {
  readonly now: number
  readonly touched = new Set<number>()
  readonly events: OutboxEvent[] = []
  readonly #s: LedgerStatements
  readonly #accounts: AccountDirectory
  readonly #locked: LockedPlayers = new Map()
  readonly #postings = new Postings()
  readonly #deferred: { statement: DirectStatement; parameters: () => SqliteValue[]; expectRows: number | null }[] = []
  readonly #sums: { ids: readonly number[]; use: (total: number) => void }[] = []

  constructor(sqlite: DirectSqlite, accounts: AccountDirectory, now: number) {
    let statements = prepared.get(sqlite)
    if (!statements) {
      statements = new LedgerStatements(sqlite)
      prepared.set(sqlite, statements)
    }
    this.#s = statements
    this.#accounts = accounts
    this.now = now
  }

  /** The player's spendable balances (SQLite has one writer: reading is locking). */
  lockPlayer(playerId: number): { cash: number; bonus: number } {
    const held = this.#locked.get(playerId)
    if (held) return { cash: held.cash, bonus: held.bonus }
    const cash = this.#accounts.known({ player: playerId, code: 'cash' })
    const ids =
      cash === undefined
        ? this.#accounts.remember(playerId, this.#s.accountsOf.all(playerId) as { id: number; code: string }[])
        : { cash, bonus: this.#accounts.known({ player: playerId, code: 'bonus' }) as number }
    const rows = this.#s.lock.all(ids.cash, ids.bonus) as { id: number; balance: number }[]
    return holdPlayer(this.#locked, playerId, ids, rows)
  }

  /** Whether the player has a wagering row (`bonus.ts`): then their bets and wins take `LedgerTx`. */
  hasWagering(playerId: number): boolean {
    return this.#s.wagering.get(playerId) !== undefined
  }

  /** `LedgerTx.post` for a transfer between house accounts and locked players' cash or bonus. */
  post(input: TransferInput): void {
    validate(input)
    const debitId = this.#id(input.debit)
    const creditId = this.#id(input.credit)
    if (debitId === creditId) throw new LedgerError('invalid_transfer', 'a transfer needs two different accounts')
    const debit = this.#held(input.debit)
    const credit = this.#held(input.credit)
    if (debit && debit.held[debit.code] < input.amount) {
      throw new LedgerError('insufficient_funds', 'insufficient funds', {
        balance: debit.held[debit.code],
        amount: input.amount,
      })
    }
    if (debit) {
      debit.held[debit.code] -= input.amount
      this.touched.add(debit.player)
    }
    if (credit) {
      credit.held[credit.code] += input.amount
      this.touched.add(credit.player)
    }
    this.#postings.add(input, debitId, creditId)
  }

  #id(ref: AccountRef): number {
    const id = this.#accounts.known(ref)
    if (id === undefined) throw new NotDirect('account not known')
    return id
  }

  #held(ref: AccountRef) {
    if ('house' in ref) return undefined
    const held = this.#locked.get(ref.player)
    if (!held || (ref.code !== 'cash' && ref.code !== 'bonus')) throw new NotDirect('player not locked')
    return { held, code: ref.code, player: ref.player }
  }

  /** A wallet bet row, written after the postings with what `row` holds then. */
  deferBet(row: DirectBetRow): void {
    this.defer(this.#s.betRow, () => [
      row.transaction_id,
      row.player_id,
      row.round_id,
      row.amount,
      row.cash_part,
      row.bonus_part,
      row.state,
      row.win_transaction_id,
      row.win_amount,
      row.created_at,
    ])
  }

  /** `LedgerTx.defer`: a write of the caller's own rows run after the postings, in order. */
  defer(statement: DirectStatement, parameters: () => SqliteValue[], options?: { expectRows: number }): void {
    this.#deferred.push({ statement, parameters, expectRows: options?.expectRows ?? null })
  }

  broadcast<T extends BroadcastTopic>(topic: T, payload: OutboxPayloads[T]): void {
    this.events.push({ playerId: null, topic, payload } as OutboxEvent)
  }

  /** `LedgerTx.houseBalanceAtCommit`: handed to `use` once the postings are written. */
  houseBalanceAtCommit(code: HouseAccountCode, use: (total: number) => void): void {
    this.#sums.push({ ids: this.#accounts.houseIds(code), use })
  }

  /** Writes what the work queued, as the ledger's SQLite flush does. */
  finish(): void {
    const taken = this.#postings.take(true)
    const queued = taken?.queued ?? []
    const moves = netMoves(queued)
    const finals = new Map<number, number>()
    for (const id of [...moves.keys()].sort((a, b) => a - b)) {
      const row = this.#s.move.get(moves.get(id) as number, id)
      if (!row) throw new Error(`ledger: account ${id} does not exist`)
      finals.set(id, Number(row.balance))
    }
    if (queued.length > 0) {
      const values: SqliteValue[] = []
      for (const q of queued) {
        values.push(
          q.input.id,
          q.debitId,
          q.creditId,
          q.input.amount,
          q.input.kind,
          q.input.reference ?? null,
          null,
          (finals.get(q.debitId) as number) - q.debitLater,
          (finals.get(q.creditId) as number) - q.creditLater,
          this.now,
        )
      }
      this.#s.transfers(queued.length).run(...values)
    }
    for (const { statement, parameters, expectRows } of this.#deferred) {
      if (expectRows === null) statement.run(...parameters())
      else if (statement.all(...parameters()).length !== expectRows) throw new StaleRead()
    }
    for (const { ids, use } of this.#sums) use(Number(this.#s.sum(ids.length).get(...ids)?.total ?? 0))
  }
}
