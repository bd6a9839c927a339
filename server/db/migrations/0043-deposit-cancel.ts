// A deposit order withdrawn before it was paid because the player began a pause: when, and why.
// Its status stays `expired` (a late payment is still looked at, and returned while the pause
// lasts); the player's view says `cancelled`. Its charge is withdrawn at the PSP after the pause
// commits, and again by reconciliation while the PSP still reports it ATIVA.
import type { Kysely } from 'kysely'

export function depositCancelMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('deposit_orders').addColumn('cancelled_at', 'bigint').execute()
      await db.schema.alterTable('deposit_orders').addColumn('cancel_reason', 'text').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('deposit_orders').dropColumn('cancel_reason').execute()
      await db.schema.alterTable('deposit_orders').dropColumn('cancelled_at').execute()
    },
  }
}
