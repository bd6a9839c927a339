// Payments that follow the rules: refunds of PIX the app must not credit (API Pix
// `devolucao`), the withdrawal-password failure counter, and in the sandbox bank its key
// directory (DICT), every PIX it received (a charge may be paid more than once), the refunds it
// sent back, and the owner CPF a payout (and a payout rule) is meant for.
import { type Kysely, sql } from 'kysely'

export function paymentSafetyMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('pix_refunds')
        // The devolucao id we give the provider: one per received PIX, so a retry is the same refund.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('end_to_end_id', 'text', (c) => c.notNull().unique())
        .addColumn('txid', 'text', (c) => c.notNull())
        // Null for a PIX whose txid no order has.
        .addColumn('order_id', 'text', (c) => c.references('deposit_orders.id'))
        .addColumn('player_id', 'bigint', (c) => c.references('players.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        // The provider's return id (rtrId) and its words when it could not return the money.
        .addColumn('return_id', 'text')
        .addColumn('provider_reason', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('returned_at', 'bigint')
        .addCheckConstraint('pix_refund_amount_positive', sql`amount > 0`)
        .addCheckConstraint('pix_refund_status', sql`status in ('pending', 'processing', 'returned', 'failed')`)
        .execute()
      await db.schema.createIndex('pix_refunds_player').on('pix_refunds').columns(['player_id', 'created_at']).execute()
      await db.schema.createIndex('pix_refunds_status').on('pix_refunds').columns(['status', 'created_at']).execute()

      await db.schema
        .createTable('withdrawal_password_failures')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('first_failed_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .execute()

      await db.schema
        .createTable('sandbox_dict_keys')
        .addColumn('pix_key', 'text', (c) => c.primaryKey())
        .addColumn('key_type', 'text', (c) => c.notNull())
        .addColumn('owner_cpf', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('sandbox_dict_keys_owner').on('sandbox_dict_keys').column('owner_cpf').execute()

      await db.schema
        .createTable('sandbox_received_pix')
        .addColumn('end_to_end_id', 'text', (c) => c.primaryKey())
        .addColumn('txid', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('payer_cpf', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'bigint', (c) => c.notNull())
        .addColumn('webhook_status', 'text', (c) => c.notNull().defaultTo('none'))
        .execute()
      await db.schema
        .createIndex('sandbox_received_pix_txid')
        .on('sandbox_received_pix')
        .columns(['txid', 'paid_at'])
        .execute()
      // Payments settled before this table existed: the charge's payer paid them.
      await sql`insert into sandbox_received_pix (end_to_end_id, txid, amount, payer_cpf, paid_at, webhook_status)
        select end_to_end_id, txid, paid_amount, payer_cpf, paid_at, webhook_status from sandbox_charges
        where end_to_end_id is not null and paid_amount is not null and paid_at is not null`.execute(db)

      await db.schema
        .createTable('sandbox_refunds')
        .addColumn('end_to_end_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('return_id', 'text', (c) => c.notNull().unique())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .addPrimaryKeyConstraint('sandbox_refunds_pk', ['end_to_end_id', 'id'])
        .execute()

      await db.schema.alterTable('sandbox_payouts').addColumn('owner_cpf', 'text').execute()
      await db.schema.alterTable('sandbox_payout_rules').addColumn('owner_cpf', 'text').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sandbox_payout_rules').dropColumn('owner_cpf').execute()
      await db.schema.alterTable('sandbox_payouts').dropColumn('owner_cpf').execute()
      for (const table of [
        'sandbox_refunds',
        'sandbox_received_pix',
        'sandbox_dict_keys',
        'withdrawal_password_failures',
        'pix_refunds',
      ]) {
        await db.schema.dropTable(table).execute()
      }
    },
  }
}
