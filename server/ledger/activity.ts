// The money side of the player's activity view ("Minha atividade"): deposits and
// withdrawals paid since an instant, summed from the ledger's transfers on the player's own
// accounts. Each sum walks a partial index (0023) holding only that kind of transfer, so it costs
// the player's deposits or withdrawals in the window, never their bets and wins (the play side,
// server/games/activity.ts, counts those from the day rows the spin keeps). Also whether the
// player's accounts ever held money, which decides whether a new device counts for the cool-off.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { AccountDirectory } from './accounts.ts'

export interface LedgerFlows {
  deposits: number
  withdrawals: number
}

export async function ledgerFlows(
  db: Kysely<Database>,
  accounts: AccountDirectory,
  playerId: number,
  since: number,
): Promise<LedgerFlows> {
  const ids = await accounts.playerAccountIds(db, playerId)
  const own = sql.join([ids.cash, ids.bonus, ids.withdrawal_hold])
  // The kinds are literals, not parameters: a partial index is used only when the query's
  // condition visibly matches the index's.
  const { rows } = await sql<{ deposits: number | string | null; withdrawals: number | string | null }>`
    select
      (select sum(amount) from ledger_transfers
        where kind = 'deposit' and credit_account_id in (${own}) and created_at >= ${since}) as deposits,
      (select sum(amount) from ledger_transfers
        where kind = 'withdrawal_post' and debit_account_id in (${own}) and created_at >= ${since}) as withdrawals`.execute(
    db,
  )
  return { deposits: Number(rows[0]?.deposits ?? 0), withdrawals: Number(rows[0]?.withdrawals ?? 0) }
}

/**
 * Whether money ever came into or went out of the player's accounts (a deposit or a withdrawal),
 * or cash is there now: what a new device on the account could take (the withdrawal cool-off).
 */
export async function hadMoney(db: Kysely<Database> | Transaction<Database>, playerId: number): Promise<boolean> {
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'code', 'balance'])
    .where('player_id', '=', playerId)
    .execute()
  if (accounts.some((a) => (a.code === 'cash' || a.code === 'withdrawal_hold') && Number(a.balance) !== 0)) return true
  const cash = accounts.find((a) => a.code === 'cash')
  if (!cash) return false
  const moved = await db
    .selectFrom('ledger_transfers')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('credit_account_id', '=', cash.id), eb('kind', '=', 'deposit')]),
        eb.and([eb('debit_account_id', '=', cash.id), eb('kind', '=', 'withdrawal_hold')]),
      ]),
    )
    .limit(1)
    .executeTakeFirst()
  return moved !== undefined
}
