// The ledger's invariants, checked from the records: the sum of all balances is zero, every
// balance equals the sum of its transfers, and no player balance is negative.
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface AuditReport {
  ok: boolean
  sumOfBalances: number
  mismatchedAccounts: { accountId: number; balance: number; fromTransfers: number }[]
  negativePlayerAccounts: number[]
  transfers: number
}

/** The sum of every account's balance: double entry keeps it at exactly 0 (the metrics' conservation gauge). */
export async function sumOfBalances(db: Kysely<Database>): Promise<number> {
  const sum = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), sql<number>`0`).as('total'))
    .executeTakeFirstOrThrow()
  return Number(sum.total)
}

export async function auditLedger(db: Kysely<Database>): Promise<AuditReport> {
  const total = await sumOfBalances(db)
  const rows = await sql<{ id: number; balance: number; from_transfers: number; player_id: number | null }>`
    select a.id, a.balance, a.player_id,
      coalesce((select sum(amount) from ledger_transfers t where t.credit_account_id = a.id), 0)
      - coalesce((select sum(amount) from ledger_transfers t where t.debit_account_id = a.id), 0) as from_transfers
    from ledger_accounts a`.execute(db)
  const count = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const mismatchedAccounts = rows.rows
    .filter((r) => Number(r.balance) !== Number(r.from_transfers))
    .map((r) => ({ accountId: Number(r.id), balance: Number(r.balance), fromTransfers: Number(r.from_transfers) }))
  const negativePlayerAccounts = rows.rows
    .filter((r) => r.player_id !== null && Number(r.balance) < 0)
    .map((r) => Number(r.id))
  return {
    ok: total === 0 && mismatchedAccounts.length === 0 && negativePlayerAccounts.length === 0,
    sumOfBalances: total,
    mismatchedAccounts,
    negativePlayerAccounts,
    transfers: Number(count.n),
  }
}
