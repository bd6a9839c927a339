// The player's statement: one line per operation, newest first, with the balance the header shows
// (cash + bonus) after it, and the ledger legs behind each line. An operation is one transfer, or
// the adjacent transfers of one spin (its bet and win, cash and bonus parts). A withdrawal's
// payout moves money from the hold to the payouts account without changing the balance, so it is
// the hold line's resolution, not a line. Pages are keyset on `seq`: every query walks an
// (account, seq) index from a bound, so page 1 costs the same whatever the player's history — on
// PostgreSQL, in the months that may hold the page (their bounds, migration 0083), whatever the
// months kept.
// The CSV export streams every leg, oldest first, in chunks.

import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Language } from '../../contract/languages.ts'
import type { StatementEntryView, StatementLegView, StatementView } from '../../contract/statement.ts'
import type { StatementAccount, TransferKind } from '../../contract/transfers.ts'
import type { Engine } from '../db/database.ts'
import { type TransferMonth, transferMonths } from '../db/partitions.ts'
import type { Database } from '../db/schema.ts'
import { csvRows } from '../lib/csv.ts'
import { localDateTime } from '../lib/periods.ts'
import type { AccountDirectory } from './accounts.ts'

interface Row {
  seq: number
  id: string
  created_at: number
  kind: TransferKind
  debit_account_id: number
  credit_account_id: number
  amount: number
  debit_balance_after: number
  credit_balance_after: number
  reference: string | null
}

interface Transfer {
  seq: number
  id: string
  time: number
  kind: TransferKind
  debit: number
  credit: number
  amount: number
  debitAfter: number
  creditAfter: number
  reference: string | null
}

const columns = sql.raw(
  'seq, id, created_at, kind, debit_account_id, credit_account_id, amount, debit_balance_after, credit_balance_after, reference',
)

function toTransfer(r: Row): Transfer {
  return {
    seq: Number(r.seq),
    id: r.id,
    time: Number(r.created_at),
    kind: r.kind,
    debit: Number(r.debit_account_id),
    credit: Number(r.credit_account_id),
    amount: Number(r.amount),
    debitAfter: Number(r.debit_balance_after),
    creditAfter: Number(r.credit_balance_after),
    reference: r.reference,
  }
}

/**
 * Up to `limit` transfers on `accounts` in `tables` (the transfers, or some of their monthly
 * partitions), past `bound` in `order`. One index range per table, account and side, each limited,
 * so the cost is the page's size, not the history's.
 */
async function transfersOn(
  db: Kysely<Database>,
  engine: Engine,
  tables: string[],
  accounts: number[],
  bound: number | null,
  order: 'desc' | 'asc',
  limit: number,
): Promise<Transfer[]> {
  const direction = sql.raw(order)

  const parts: RawBuilder<Row>[] = []
  for (const table of tables) {
    for (const side of ['debit_account_id', 'credit_account_id']) {
      const column = sql.ref(side)
      for (const account of accounts) {
        // One range of the (account, seq) index. On PostgreSQL it is written as a range on both
        // columns: with `account = …` it may walk the primary key backwards hoping to meet the
        // account soon, and read every newer transfer of everyone else first. SQLite plans the
        // plain form best.
        const range =
          engine === 'sqlite'
            ? bound === null
              ? sql`${column} = ${account}`
              : sql`${column} = ${account} and seq ${sql.raw(order === 'desc' ? '<' : '>')} ${bound}`
            : bound === null
              ? sql`${column} >= ${account} and ${column} <= ${account}`
              : order === 'desc'
                ? sql`${column} >= ${account} and (${column}, seq) < (${account}, ${bound})`
                : sql`${column} <= ${account} and (${column}, seq) > (${account}, ${bound})`
        parts.push(
          sql<Row>`select * from (select ${columns} from ${sql.table(table)} where ${range} order by ${column} ${direction}, seq ${direction} limit ${limit}) as ${sql.ref(`p${parts.length}`)}`,
        )
      }
    }
  }
  // `union` drops the second copy of a transfer between two of the player's own accounts.
  const { rows } = await sql<Row>`${sql.join(parts, sql` union `)} order by seq ${direction} limit ${limit}`.execute(db)
  return rows.map(toTransfer)
}

/** Up to `limit` of the newest transfers on `accounts` older than `bound`: how a page reads its lines. */
type NewestTransfers = (accounts: number[], bound: number | null, limit: number) => Promise<Transfer[]>

/**
 * The newest transfers as one statement read finds them. SQLite: the table. PostgreSQL: the
 * months the clock is in first, then the bounded months (migration 0083) newest first, while one
 * may still hold a line of the page: a month whose accounts are all below these, whose rows are
 * all newer than the bound, or whose newest row is older than a full page's last, is not read.
 * The months and their bounds are read once for the read, in its snapshot (readStatement): the
 * same answer as asking every month, at the cost of the months the page needs.
 */
function newestTransfersOf(db: Kysely<Database>, engine: Engine): NewestTransfers {
  if (engine === 'sqlite')
    return (accounts, bound, limit) => transfersOn(db, engine, ['ledger_transfers'], accounts, bound, 'desc', limit)
  let monthsRead: Promise<TransferMonth[]> | undefined
  return async (accounts, bound, limit) => {
    monthsRead ??= transferMonths(db)
    return newestInMonths(db, await monthsRead, accounts, bound, limit)
  }
}

/** PostgreSQL's walk of `months` (newestTransfersOf). */
async function newestInMonths(
  db: Kysely<Database>,
  months: TransferMonth[],
  accounts: number[],
  bound: number | null,
  limit: number,
): Promise<Transfer[]> {
  const lowest = Math.min(...accounts)
  const unbounded = months.filter((m) => !m.bounded).map((m) => m.partition)
  const candidates = months
    .filter(
      (m) =>
        m.bounded &&
        m.maxSeq !== null &&
        (m.maxAccountId ?? 0) >= lowest &&
        (bound === null || (m.minSeq ?? 0) < bound),
    )
    .sort((a, b) => (b.maxSeq ?? 0) - (a.maxSeq ?? 0))
  let found = unbounded.length > 0 ? await transfersOn(db, 'postgres', unbounded, accounts, bound, 'desc', limit) : []
  // The candidates in batches of 1, 2, 4… months: a page that spans a month or two reads just
  // those, and a sparse history every month in a few queries, not one query a month.
  for (let next = 0, batch = 1; next < candidates.length; next += batch, batch *= 2) {
    const last = found.length >= limit ? (found[limit - 1] as Transfer).seq : null
    // Candidates come newest row first: once one's rows are all older than a full page's last, so are the rest's.
    const group = candidates.slice(next, next + batch).filter((m) => last === null || (m.maxSeq ?? 0) > last)
    if (group.length === 0) break
    const more = await transfersOn(
      db,
      'postgres',
      group.map((m) => m.partition),
      accounts,
      bound,
      'desc',
      limit,
    )
    found = [...found, ...more].sort((a, b) => b.seq - a.seq).slice(0, limit)
  }
  return found
}

/**
 * An account's balance just before the oldest of `transfers` — every transfer on the player's
 * accounts from `bound` (null: the newest) down to that one. The oldest of them on the account
 * tells it (its balance after, less what it moved); none does and the history is `exhausted`, so
 * the account never moved before: 0, as every account opens. None does on a read from the newest
 * in one snapshot (PostgreSQL, readStatement): the account has not moved since, so its balance now.
 * Else the index is asked.
 */
async function startBalance(
  db: Kysely<Database>,
  engine: Engine,
  newest: NewestTransfers,
  account: number,
  read: { transfers: Transfer[]; bound: number | null; exhausted: boolean },
): Promise<number> {
  const { transfers, bound, exhausted } = read
  for (let i = transfers.length - 1; i >= 0; i--) {
    const t = transfers[i] as Transfer
    if (t.debit === account) return t.debitAfter + t.amount
    if (t.credit === account) return t.creditAfter - t.amount
  }
  if (exhausted) return 0
  if (bound === null && engine === 'postgres') {
    const now = await db.selectFrom('ledger_accounts').select('balance').where('id', '=', account).executeTakeFirst()
    return Number(now?.balance ?? 0)
  }
  const [last] = await newest([account], (transfers.at(-1) as Transfer).seq, 1)
  if (!last) return 0
  return last.debit === account ? last.debitAfter : last.creditAfter
}

function operationKey(t: Transfer): string {
  return t.reference?.startsWith('round:') ? t.reference : `transfer:${t.id}`
}

export interface PlayerAccounts {
  cash: number
  bonus: number
  withdrawal_hold: number
}

function legsOf(t: Transfer, own: PlayerAccounts): StatementLegView[] {
  const legs: StatementLegView[] = []
  for (const account of ['cash', 'bonus', 'withdrawal_hold'] as const) {
    const id = own[account]
    if (t.debit === id) legs.push(leg(t, account, -t.amount, t.debitAfter))
    if (t.credit === id) legs.push(leg(t, account, t.amount, t.creditAfter))
  }
  return legs
}

function leg(t: Transfer, account: StatementAccount, amount: number, balanceAfter: number): StatementLegView {
  return { transferId: t.id, time: t.time, kind: t.kind, account, amount, balanceAfter }
}

interface Line extends StatementEntryView {
  /** The oldest seq in the line: the next page starts below it. */
  firstSeq: number
}

/**
 * The lines of `transfers` (newest first, with nothing missing between them), each with the
 * balance after it. `startBalance` is cash + bonus just before the oldest transfer.
 */
function linesOf(transfers: Transfer[], own: PlayerAccounts, start: { cash: number; bonus: number }): Line[] {
  const balances = new Map<number, number>()
  const running = { ...start }
  for (let i = transfers.length - 1; i >= 0; i--) {
    const t = transfers[i] as Transfer
    for (const account of ['cash', 'bonus'] as const) {
      if (t.debit === own[account]) running[account] = t.debitAfter
      if (t.credit === own[account]) running[account] = t.creditAfter
    }
    balances.set(t.seq, running.cash + running.bonus)
  }
  const lines: Line[] = []
  let current: { key: string; line: Line } | null = null
  for (const t of transfers) {
    if (t.kind === 'withdrawal_post' || t.kind === 'closure_payout') continue
    const legs = legsOf(t, own)
    const change = legs.filter((l) => l.account !== 'withdrawal_hold').reduce((sum, l) => sum + l.amount, 0)
    const key = operationKey(t)
    if (current && current.key === key) {
      const line = current.line
      if (line.kind !== t.kind) line.kind = 'round'
      line.amount += change
      line.legs.unshift(...legs)
      line.firstSeq = t.seq
      continue
    }
    current = {
      key,
      line: {
        transferId: t.id,
        time: t.time,
        kind: t.kind,
        amount: change,
        balanceAfter: balances.get(t.seq) ?? 0,
        resolution: null,
        legs,
        firstSeq: t.seq,
      },
    }
    lines.push(current.line)
  }
  return lines
}

/** Adds the payout or return that resolved each withdrawal hold (one indexed lookup per page). */
async function resolveHolds(db: Kysely<Database>, lines: Line[], own: PlayerAccounts): Promise<void> {
  const holds = lines.filter((l) => l.kind === 'withdrawal_hold')
  if (holds.length === 0) return
  const rows = await db
    .selectFrom('ledger_transfers')
    .select([
      'seq',
      'id',
      'created_at',
      'kind',
      'debit_account_id',
      'credit_account_id',
      'amount',
      'debit_balance_after',
      'credit_balance_after',
      'reference',
      'resolves_id',
    ])
    .where(
      'resolves_id',
      'in',
      holds.map((l) => l.transferId),
    )
    .execute()
  for (const row of rows) {
    const line = holds.find((l) => l.transferId === row.resolves_id)
    if (!line) continue
    line.resolution =
      row.kind === 'withdrawal_void'
        ? 'withdrawal_void'
        : row.kind === 'closure_payout'
          ? 'closure_payout'
          : 'withdrawal_post'
    // The payout's leg (hold → payouts) belongs to the withdrawal's line; a return is its own line.
    if (row.kind === 'withdrawal_post' || row.kind === 'closure_payout')
      line.legs.push(...legsOf(toTransfer(row as Row), own))
  }
}

async function ownAccounts(db: Kysely<Database>, accounts: AccountDirectory, playerId: number) {
  const ids = await accounts.playerAccountIds(db, playerId)
  return { cash: ids.cash, bonus: ids.bonus, withdrawal_hold: ids.withdrawal_hold }
}

/** Up to `pageSize` lines older than `before` (a seq), and the cursor for the rest. */
async function linesPage(
  db: Kysely<Database>,
  engine: Engine,
  newest: NewestTransfers,
  own: PlayerAccounts,
  before: number | null,
  pageSize: number,
): Promise<{ lines: Line[]; nextCursor: number | null }> {
  // A spin is at most four of the player's transfers (bet and win, each split cash/bonus); one
  // more line than asked proves the last one is whole. Payouts are not lines, so read on if short.
  const chunk = pageSize * 4 + 4
  const transfers: Transfer[] = []
  let bound = before
  let exhausted = false
  while (!exhausted) {
    const more = await newest([own.cash, own.bonus, own.withdrawal_hold], bound, chunk)
    transfers.push(...more)
    exhausted = more.length < chunk
    bound = transfers.at(-1)?.seq ?? bound
    if (transfers.filter((t) => t.kind !== 'withdrawal_post' && t.kind !== 'closure_payout').length > pageSize * 4)
      break
  }
  const oldest = transfers.at(-1)
  if (!oldest) return { lines: [], nextCursor: null }
  const [cash, bonus] = await Promise.all([
    startBalance(db, engine, newest, own.cash, { transfers, bound: before, exhausted }),
    startBalance(db, engine, newest, own.bonus, { transfers, bound: before, exhausted }),
  ])
  let lines = linesOf(transfers, own, { cash, bonus })
  // Without the whole history in hand, the oldest line may go on in the next chunk.
  if (!exhausted) lines = lines.slice(0, -1)
  const page = lines.slice(0, pageSize)
  const last = page.at(-1)
  const more = lines.length > pageSize || !exhausted
  await resolveHolds(db, page, own)
  return { lines: page, nextCursor: more && last ? last.firstSeq : null }
}

/** A page of the statement: by cursor, or (older clients) by page number. */
export async function readStatement(
  db: Kysely<Database>,
  engine: Engine,
  accounts: AccountDirectory,
  playerId: number,
  request: { pageSize: number; cursor?: string | undefined; pageNum?: number | undefined },
): Promise<StatementView> {
  // PostgreSQL: the months' bounds and their rows read in one snapshot (newestTransfersOf).
  if (engine === 'postgres')
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => statementPage(trx, engine, accounts, playerId, request))
  return statementPage(db, engine, accounts, playerId, request)
}

async function statementPage(
  db: Kysely<Database>,
  engine: Engine,
  accounts: AccountDirectory,
  playerId: number,
  request: { pageSize: number; cursor?: string | undefined; pageNum?: number | undefined },
): Promise<StatementView> {
  const own = await ownAccounts(db, accounts, playerId)
  const newest = newestTransfersOf(db, engine)
  let before = request.cursor === undefined ? null : Number(request.cursor)
  const pageNum = request.pageNum ?? 1
  // Page numbers walk the cursor from the start: cheap for the first pages, which is what they serve.
  if (request.cursor === undefined) {
    for (let skip = 1; skip < pageNum; skip++) {
      const skipped = await linesPage(db, engine, newest, own, before, request.pageSize)
      if (skipped.nextCursor === null) return { entries: [], nextCursor: null, pageNum, pageSize: request.pageSize }
      before = skipped.nextCursor
    }
  }
  const { lines, nextCursor } = await linesPage(db, engine, newest, own, before, request.pageSize)
  return {
    entries: lines.map(({ firstSeq: _, ...line }) => line),
    nextCursor: nextCursor === null ? null : String(nextCursor),
    pageNum,
    pageSize: request.pageSize,
  }
}

/** How a statement file is written for one player: their language, the market's time zone. */
export interface StatementCsvFormat {
  language: Language
  timeZone: string
}

const csvHeaders: Record<Language, (zone: string) => string[]> = {
  'pt-BR': (zone) => [
    `Data e hora (${zone})`,
    'Transferência',
    'Tipo',
    'Conta',
    'Valor (R$)',
    'Saldo depois (R$)',
    'Referência',
  ],
  en: (zone) => [
    `Date and time (${zone})`,
    'Transfer',
    'Kind',
    'Account',
    'Amount (R$)',
    'Balance after (R$)',
    'Reference',
  ],
  hi: (zone) => [`दिनांक और समय (${zone})`, 'ट्रांसफ़र', 'प्रकार', 'खाता', 'राशि (R$)', 'बाद का शेष (R$)', 'संदर्भ'],
}

/**
 * The writer of one player's file: the header row in their language, times as the market's
 * local clock ("2026-11-23 14:05:09", which every spreadsheet reads as a date), amounts with
 * their language's decimal mark — and `;` between cells where that mark is a comma.
 */
function statementCsvWriter(format: StatementCsvFormat) {
  const decimals = new Intl.NumberFormat(format.language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  })
  const decimalComma = decimals.format(1.5).includes(',')
  const csv = { delimiter: decimalComma ? ';' : ',', formatNumber: (reais: number) => decimals.format(reais) }
  const localTime = (ms: number) => localDateTime(ms, format.timeZone)
  return {
    header: csvRows([csvHeaders[format.language](format.timeZone)], csv),
    lines(t: Transfer, own: PlayerAccounts): string {
      // Within a transfer between two of the player's accounts, money in before money out.
      const legs = legsOf(t, own).sort((a, b) => b.amount - a.amount)
      return csvRows(
        legs.map((l) => [
          localTime(l.time),
          l.transferId,
          l.kind,
          l.account,
          l.amount / 100,
          l.balanceAfter / 100,
          t.reference,
        ]),
        csv,
      )
    },
  }
}

/**
 * The whole statement as CSV, one row per leg, oldest first, in chunks of `chunkSize` transfers;
 * the event loop is given back between chunks so other requests are served during a long export.
 */
export async function* statementCsvChunks(
  db: Kysely<Database>,
  engine: Engine,
  accounts: AccountDirectory,
  playerId: number,
  format: StatementCsvFormat,
  chunkSize = 200,
): AsyncGenerator<string> {
  const own = await ownAccounts(db, accounts, playerId)
  const writer = statementCsvWriter(format)
  let after: number | null = null
  yield writer.header
  for (;;) {
    const chunk = await transfersOn(
      db,
      engine,
      ['ledger_transfers'],
      [own.cash, own.bonus, own.withdrawal_hold],
      after,
      'asc',
      chunkSize,
    )
    let text = ''
    for (const t of chunk) text += writer.lines(t, own)
    if (text) yield text
    if (chunk.length < chunkSize) return
    after = chunk.at(-1)?.seq ?? after
    await yieldToLoop()
  }
}
