// The sandbox PSP's webhook registrations (API Pix `PUT /webhook/{chave}`), kept in its own table
// so a sandbox restarted mid-payout still knows where to POST.
import type { Kysely } from 'kysely'

export function sandboxWebhooksMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sandbox_webhooks')
        .addColumn('chave', 'varchar(77)', (c) => c.primaryKey())
        .addColumn('webhook_url', 'varchar(2048)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
    },
  }
}
