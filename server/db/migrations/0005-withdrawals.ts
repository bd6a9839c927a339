// PIX withdrawals: orders (at most one in flight per player, enforced by a partial unique
// index), the tracker's steps with the times they happened, and the sandbox provider's payouts
// and the per-key outcomes a tester set in the sandbox bank.
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function withdrawalsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('withdrawal_orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('key_type', 'text', (c) => c.notNull())
        .addColumn('pix_key', 'text', (c) => c.notNull())
        .addColumn('holder_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        // Payout attempts: a corrected key makes a new attempt; sent_attempt is the last one the provider took.
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('sent_attempt', 'integer', (c) => c.notNull())
        .addColumn('end_to_end_id', 'text')
        .addColumn('fail_reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('withdrawal_amount_positive', sql`amount > 0`)
        .addCheckConstraint(
          'withdrawal_status',
          sql`status in ('review', 'processing', 'key_rejected', 'paid', 'failed')`,
        )
        .addUniqueConstraint('withdrawal_orders_request', ['player_id', 'request_id'])
        .execute()
      await db.schema
        .createIndex('withdrawal_one_in_flight')
        .on('withdrawal_orders')
        .column('player_id')
        .unique()
        .where(sql.ref('status'), 'in', sql`('review', 'processing', 'key_rejected')`)
        .execute()
      await db.schema
        .createIndex('withdrawal_orders_player_created')
        .on('withdrawal_orders')
        .columns(['player_id', 'created_at'])
        .execute()
      await db.schema.createIndex('withdrawal_orders_status').on('withdrawal_orders').column('status').execute()

      await db.schema
        .createTable('withdrawal_steps')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('order_id', 'text', (c) => c.notNull().references('withdrawal_orders.id'))
        .addColumn('code', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('args', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('withdrawal_steps_order').on('withdrawal_steps').columns(['order_id', 'id']).execute()

      await db.schema
        .createTable('sandbox_payouts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('key_type', 'text', (c) => c.notNull())
        .addColumn('pix_key', 'text', (c) => c.notNull())
        .addColumn('holder_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('end_to_end_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('settle_at', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .addColumn('webhook_status', 'text', (c) => c.notNull().defaultTo('none'))
        .execute()
      await db.schema
        .createIndex('sandbox_payouts_due')
        .on('sandbox_payouts')
        .columns(['status', 'settle_at'])
        .execute()

      await db.schema
        .createTable('sandbox_payout_rules')
        .addColumn('pix_key', 'text', (c) => c.primaryKey())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['sandbox_payout_rules', 'sandbox_payouts', 'withdrawal_steps', 'withdrawal_orders']) {
        await db.schema.dropTable(table).execute()
      }
    },
  }
}
