// The public transparency page's frozen days: one row per local day of the market, its figures
// as canonical JSON and the hash chain over them (server/transparency). The time indexes let the
// page's windows (last 24 h, 7 days, 30 days, a day being frozen) start where the window starts,
// so their cost follows the window's activity, not the length of the history.
import { type Kysely, sql } from 'kysely'

export function transparencyMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('transparency_snapshots')
        // The market's local date, YYYY-MM-DD.
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('previous_hash', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        // The day's figures, canonical JSON (RFC 8785): the text the hash covers with day and previous hash.
        .addColumn('figures', 'text', (c) => c.notNull())
        .addColumn('frozen_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('withdrawal_orders_status_updated')
        .on('withdrawal_orders')
        .columns(['status', 'updated_at'])
        .execute()
      await db.schema.createIndex('withdrawal_orders_created').on('withdrawal_orders').column('created_at').execute()
      await db.schema.createIndex('pix_refunds_created').on('pix_refunds').column('created_at').execute()
      await db.schema.createIndex('limit_events_created').on('limit_events').column('created_at').execute()
      await db.schema
        .createIndex('support_conversations_created')
        .on('support_conversations')
        .column('created_at')
        .execute()
      await db.schema
        .createIndex('game_rounds_jackpot_won')
        .on('game_rounds')
        .column('created_at')
        .where(sql.ref('jackpot_win'), '>', 0)
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('game_rounds_jackpot_won').execute()
      await db.schema.dropIndex('support_conversations_created').execute()
      await db.schema.dropIndex('limit_events_created').execute()
      await db.schema.dropIndex('pix_refunds_created').execute()
      await db.schema.dropIndex('withdrawal_orders_created').execute()
      await db.schema.dropIndex('withdrawal_orders_status_updated').execute()
      await db.schema.dropTable('transparency_snapshots').execute()
    },
  }
}
