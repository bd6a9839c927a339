// The withdrawal cool-off: an order may wait before it is handed to the
// PIX network — the first withdrawal to a new key right after the account's password or
// devices changed.
import type { Kysely } from 'kysely'

export function withdrawalCoolOffMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('withdrawal_orders').addColumn('send_after', 'bigint').execute()
    },
  }
}
