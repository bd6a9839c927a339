// Operator holds on a player's account: a risk freeze (play, deposits, new
// withdrawals and rewards refused until lifted) and closing (logins refused; every record kept).
import type { Kysely } from 'kysely'

export function accountHoldsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('players').addColumn('frozen_at', 'bigint').execute()
      await db.schema.alterTable('players').addColumn('closed_at', 'bigint').execute()
    },
  }
}
