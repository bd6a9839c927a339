// PIX deposits: the orders players create, the PIX payments the provider reported (one row per
// end-to-end id), the sandbox provider's own charges, and the player's responsible-gaming
// settings that deposits obey (deposit limits, self-exclusion).
import { type Kysely, sql } from 'kysely'

export function depositsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('deposit_orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('txid', 'text', (c) => c.notNull().unique())
        .addColumn('pay_code', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('accept_offer', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .addColumn('paid_amount', 'bigint')
        // Set when the amount paid differs from the order's (credited as paid, for an operator to see).
        .addColumn('amount_mismatch', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('bonus_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('deposit_amount_positive', sql`amount > 0`)
        .addCheckConstraint('deposit_status', sql`status in ('pending', 'paid', 'expired')`)
        .addUniqueConstraint('deposit_orders_request', ['player_id', 'request_id'])
        .execute()
      await db.schema
        .createIndex('deposit_orders_player_created')
        .on('deposit_orders')
        .columns(['player_id', 'created_at'])
        .execute()
      await db.schema
        .createIndex('deposit_orders_status')
        .on('deposit_orders')
        .columns(['status', 'expires_at'])
        .execute()

      await db.schema
        .createTable('pix_payments')
        .addColumn('end_to_end_id', 'text', (c) => c.primaryKey())
        .addColumn('txid', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint', (c) => c.notNull())
        // Null when no order has this txid: kept for an operator, never credited to anyone.
        .addColumn('order_id', 'text', (c) => c.references('deposit_orders.id'))
        .addColumn('late', 'integer', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('sandbox_charges')
        .addColumn('txid', 'text', (c) => c.primaryKey())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('pay_code', 'text', (c) => c.notNull())
        .addColumn('payer_name', 'text', (c) => c.notNull())
        .addColumn('payer_cpf', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_seconds', 'integer', (c) => c.notNull())
        .addColumn('end_to_end_id', 'text', (c) => c.unique())
        .addColumn('paid_amount', 'bigint')
        .addColumn('paid_at', 'bigint')
        .addColumn('webhook_status', 'text', (c) => c.notNull().defaultTo('none'))
        .addCheckConstraint('sandbox_charge_status', sql`status in ('ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_PSP')`)
        .execute()

      await db.schema
        .createTable('player_limits')
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        // Null: no limit.
        .addColumn('amount', 'bigint')
        // An increase (or removal) waits 24 h: it takes effect at pending_from.
        .addColumn('pending_amount', 'bigint')
        .addColumn('pending_from', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('player_limits_pk', ['player_id', 'kind'])
        .execute()

      await db.schema
        .createTable('self_exclusions')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        // Null: permanent.
        .addColumn('until', 'bigint')
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['self_exclusions', 'player_limits', 'sandbox_charges', 'pix_payments', 'deposit_orders']) {
        await db.schema.dropTable(table).execute()
      }
    },
  }
}
