// Time indexes for the finance and regulatory reports: the ledger's transfers by when they
// happened (a day's totals and the transfers of a period, paged by time and seq), PIX received by
// when they were paid and players by when they registered, so a report's cost follows the
// period's activity, not the length of the history.
import type { Kysely } from 'kysely'

export function reportIndexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('ledger_transfers_created')
        .on('ledger_transfers')
        .columns(['created_at', 'seq'])
        .execute()
      await db.schema.createIndex('pix_payments_paid').on('pix_payments').column('paid_at').execute()
      await db.schema.createIndex('players_created').on('players').column('created_at').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('players_created').execute()
      await db.schema.dropIndex('pix_payments_paid').execute()
      await db.schema.dropIndex('ledger_transfers_created').execute()
    },
  }
}
