// The ledger's part of the player's data export (server/player-data): the player's accounts with
// their balances, and every transfer that touched one of them, oldest first, paged by sequence
// number off the debit and credit indexes.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { isoTime, keysetPages, PLAYER_DATA_PAGE, type PlayerDataPart, smallPart } from '../lib/player-data.ts'

export function ledgerPlayerData(db: Kysely<Database>): PlayerDataPart[] {
  const accountsOf = (playerId: number) =>
    db
      .selectFrom('ledger_accounts')
      .select(['id', 'code', 'balance'])
      .where('player_id', '=', playerId)
      .orderBy('id')
      .execute()
  return [
    smallPart('balances', async (playerId) =>
      (await accountsOf(playerId)).map((a) => ({ account: a.code, balance: Number(a.balance) })),
    ),
    {
      name: 'transfers',
      async *rows(playerId) {
        const accounts = await accountsOf(playerId)
        const codes = new Map(accounts.map((a) => [a.id, a.code]))
        const ids = accounts.map((a) => a.id)
        if (ids.length === 0) return
        const transfers = keysetPages(
          (after: number | null) =>
            db
              .selectFrom('ledger_transfers')
              .select([
                'seq',
                'id',
                'kind',
                'amount',
                'reference',
                'debit_account_id',
                'credit_account_id',
                'debit_balance_after',
                'credit_balance_after',
                'created_at',
              ])
              .where((w) => w.or([w('debit_account_id', 'in', ids), w('credit_account_id', 'in', ids)]))
              .where('seq', '>', after ?? 0)
              .orderBy('seq')
              .limit(PLAYER_DATA_PAGE)
              .execute(),
          (row) => Number(row.seq),
        )
        for await (const t of transfers) {
          // The player's side of it: money out of one of their accounts, into one, or between two.
          const from = codes.get(t.debit_account_id) ?? null
          const to = codes.get(t.credit_account_id) ?? null
          yield {
            id: t.id,
            kind: t.kind,
            amount: Number(t.amount),
            fromAccount: from,
            toAccount: to,
            balanceAfter: {
              ...(from ? { [from]: Number(t.debit_balance_after) } : {}),
              ...(to ? { [to]: Number(t.credit_balance_after) } : {}),
            },
            reference: t.reference,
            at: isoTime(Number(t.created_at)),
          }
        }
      },
    },
  ]
}
