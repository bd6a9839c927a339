// The sandbox PSP's charges as API Pix keeps them: a charge the receiver withdraws is stored as
// REMOVIDA_PELO_USUARIO_RECEBEDOR (apart from one the PSP removed), each charge counts its
// revisions (`revisao`, 0 when created, one more for every change), and charges are listed by
// creation time (`GET /cob?inicio&fim`).
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'

const STATUSES = sql`status in ('ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP')`

export function sandboxCobRevisionsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine === 'postgres') {
        await sql`alter table sandbox_charges drop constraint sandbox_charge_status`.execute(db)
        await sql`alter table sandbox_charges add constraint sandbox_charge_status check (${STATUSES})`.execute(db)
        await db.schema
          .alterTable('sandbox_charges')
          .addColumn('revisao', 'integer', (c) => c.notNull().defaultTo(0))
          .execute()
      } else {
        // SQLite cannot change a check constraint in place: the table is made again with it.
        await db.schema
          .createTable('sandbox_charges_next')
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
          .addColumn('revisao', 'integer', (c) => c.notNull().defaultTo(0))
          .addCheckConstraint('sandbox_charge_status', STATUSES)
          .execute()
        await sql`insert into sandbox_charges_next (txid, amount, status, pay_code, payer_name, payer_cpf, created_at,
          expires_seconds, end_to_end_id, paid_amount, paid_at, webhook_status)
          select txid, amount, status, pay_code, payer_name, payer_cpf, created_at, expires_seconds, end_to_end_id,
          paid_amount, paid_at, webhook_status from sandbox_charges`.execute(db)
        await db.schema.dropTable('sandbox_charges').execute()
        await db.schema.alterTable('sandbox_charges_next').renameTo('sandbox_charges').execute()
      }
      await db.schema
        .createIndex('sandbox_charges_created')
        .on('sandbox_charges')
        .columns(['created_at', 'txid'])
        .execute()
    },
  }
}
