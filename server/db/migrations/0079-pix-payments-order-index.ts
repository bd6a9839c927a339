// The payments a deposit order received, looked up by the order (`order_id in (…)`): the money
// watch and the AML classes read the payer's CPF of each player's deposits, the console's player
// view the same. Without an index each look-up read every PIX payment ever received — on a year of
// deposits about a second of the event loop, for every batch of players the AML worker classes.
import type { Kysely } from 'kysely'

export function pixPaymentsOrderIndexMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('pix_payments_order').on('pix_payments').column('order_id').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('pix_payments_order').execute()
    },
  }
}
