// The money side of the player's activity view (issue 17, "Minha atividade"): deposits,
// withdrawals paid, bets and wins since an instant, summed from the ledger's transfers on the
// player's own accounts (cash and bonus as the ledger counts them).
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { AccountDirectory } from './accounts.ts'

export interface LedgerFlows {
  deposits: number
  withdrawals: number
  bets: number
  wins: number
}

export async function ledgerFlows(
  db: Kysely<Database>,
  accounts: AccountDirectory,
  playerId: number,
  since: number,
): Promise<LedgerFlows> {
  const ids = await accounts.playerAccountIds(db, playerId)
  const own = sql.join([ids.cash, ids.bonus, ids.withdrawal_hold])
  const { rows } = await sql<{ kind: string; credited: number | string | null; debited: number | string | null }>`
    select kind,
      sum(case when credit_account_id in (${own}) then amount else 0 end) as credited,
      sum(case when debit_account_id in (${own}) then amount else 0 end) as debited
    from ledger_transfers
    where created_at >= ${since}
      and kind in ('deposit', 'withdrawal_post', 'bet', 'bet_rollback', 'win')
      and (credit_account_id in (${own}) or debit_account_id in (${own}))
    group by kind`.execute(db)
  const sum = (kind: string, side: 'credited' | 'debited') => Number(rows.find((r) => r.kind === kind)?.[side] ?? 0)
  return {
    deposits: sum('deposit', 'credited'),
    withdrawals: sum('withdrawal_post', 'debited'),
    bets: sum('bet', 'debited') - sum('bet_rollback', 'credited'),
    wins: sum('win', 'credited'),
  }
}
