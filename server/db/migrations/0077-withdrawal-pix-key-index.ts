// The console finds players by a PIX key they withdrew to (`pix_key in (…)`): without an index each
// search read every withdrawal ever made.
import type { Kysely } from 'kysely'

export function withdrawalPixKeyIndexMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('withdrawal_orders_pix_key').on('withdrawal_orders').column('pix_key').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('withdrawal_orders_pix_key').execute()
    },
  }
}
