// The player's statement: every ledger entry on their accounts, newest first, with the
// balance of that account after it. A transfer between two of the player's own accounts (a
// hold, a bonus conversion) is two entries, one per account.

import { type Kysely, sql } from 'kysely'
import type { TransferKind } from '../../contract/transfers.ts'
import type { Database } from '../db/schema.ts'
import type { AccountDirectory } from './accounts.ts'

export interface StatementEntry {
  transferId: string
  seq: number
  time: number
  kind: TransferKind
  account: 'cash' | 'bonus' | 'withdrawal_hold'
  /** Signed: positive for money in, negative for money out. */
  amount: number
  balanceAfter: number
  reference: string | null
}

export interface StatementPage {
  entries: StatementEntry[]
  total: number
  pageNum: number
  pageSize: number
}

interface Row {
  id: string
  seq: number
  created_at: number
  kind: TransferKind
  account_id: number
  amount: number
  balance_after: number
  reference: string | null
}

export async function readStatement(
  db: Kysely<Database>,
  accounts: AccountDirectory,
  playerId: number,
  page: { pageNum: number; pageSize: number } | 'all',
): Promise<StatementPage> {
  const ids = await accounts.playerAccountIds(db, playerId)
  const own = [ids.cash, ids.bonus, ids.withdrawal_hold]
  const codeOf = new Map<number, StatementEntry['account']>([
    [ids.cash, 'cash'],
    [ids.bonus, 'bonus'],
    [ids.withdrawal_hold, 'withdrawal_hold'],
  ])
  const entries = sql<Row>`
    select id, seq, created_at, kind, credit_account_id as account_id, amount, credit_balance_after as balance_after, reference
      from ledger_transfers where credit_account_id in (${sql.join(own)})
    union all
    select id, seq, created_at, kind, debit_account_id as account_id, -amount as amount, debit_balance_after as balance_after, reference
      from ledger_transfers where debit_account_id in (${sql.join(own)})`
  const paging = page === 'all' ? sql`` : sql`limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}`
  const rows = await sql<Row>`select * from (${entries}) e order by seq desc, amount asc ${paging}`.execute(db)
  const count = await sql<{ n: number }>`select count(*) as n from (${entries}) e`.execute(db)
  return {
    entries: rows.rows.map((r) => ({
      transferId: r.id,
      seq: Number(r.seq),
      time: Number(r.created_at),
      kind: r.kind,
      account: codeOf.get(Number(r.account_id)) ?? 'cash',
      amount: Number(r.amount),
      balanceAfter: Number(r.balance_after),
      reference: r.reference,
    })),
    total: Number(count.rows[0]?.n ?? 0),
    pageNum: page === 'all' ? 1 : page.pageNum,
    pageSize: page === 'all' ? rows.rows.length : page.pageSize,
  }
}

function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value)
  if (/^-?\d+(\.\d+)?$/.test(text)) return text
  // Quote anything a spreadsheet could read as a formula.
  return /[",\n\r]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** CSV of the whole statement, oldest first; amounts in reais with a dot. */
export function statementCsv(entries: StatementEntry[]): string {
  const reais = (minor: number) => (minor / 100).toFixed(2)
  const lines = ['time_utc,transfer_id,kind,account,amount_brl,balance_after_brl,reference']
  for (const e of [...entries].reverse()) {
    lines.push(
      [
        new Date(e.time).toISOString(),
        e.transferId,
        e.kind,
        e.account,
        reais(e.amount),
        reais(e.balanceAfter),
        e.reference,
      ]
        .map((v) => csvField(v))
        .join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}
