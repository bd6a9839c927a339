// The money accounts each player owns, created at zero with the player, and their balances.
// Only this folder writes balances.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'

export const playerAccountCodes = ['cash', 'bonus', 'withdrawal_hold'] as const
export type PlayerAccountCode = (typeof playerAccountCodes)[number]

export async function openPlayerAccounts(trx: Transaction<Database>, playerId: number, now: number): Promise<void> {
  await trx
    .insertInto('ledger_accounts')
    .values(playerAccountCodes.map((code) => ({ player_id: playerId, code, balance: 0, created_at: now })))
    .execute()
}

export interface PlayerBalances {
  cash: number
  bonus: number
  withdrawalHold: number
  /** What the header shows: cash + bonus (money on hold for a withdrawal is not spendable). */
  total: number
}

export async function readPlayerBalances(db: Kysely<Database>, playerId: number): Promise<PlayerBalances> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['code', 'balance'])
    .where('player_id', '=', playerId)
    .execute()
  const byCode = new Map(rows.map((row) => [row.code, Number(row.balance)]))
  const cash = byCode.get('cash') ?? 0
  const bonus = byCode.get('bonus') ?? 0
  return { cash, bonus, withdrawalHold: byCode.get('withdrawal_hold') ?? 0, total: cash + bonus }
}
