// A player's paid deposits counted by their status (`accountInfo`'s first-deposit state and the
// legacy client's count of paid deposits, on every balance refresh): with only the player's
// (player_id, paid_at) index each count read every one of the player's orders from the table, so
// the call grew with a regular's year of deposits. Counted from this index alone, it does not.
import type { Kysely } from 'kysely'

export function depositOrdersPlayerStatusIndexMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('deposit_orders_player_status')
        .on('deposit_orders')
        .columns(['player_id', 'status'])
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('deposit_orders_player_status').execute()
    },
  }
}
