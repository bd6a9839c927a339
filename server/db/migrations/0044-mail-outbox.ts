// The e-mail outbox (server/mail): a message is written in the transaction of the action that
// sends it and delivered after the commit, retried with backoff until the SMTP server takes it.
// Each row keeps its status; a sent row's body is emptied (it may hold a one-time link).
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function mailOutboxMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('mail_outbox')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body_text', 'text', (c) => c.notNull())
        .addColumn('body_html', 'text')
        .addColumn('message_id', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('provider_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('mail_outbox_due')
        .on('mail_outbox')
        .columns(['next_attempt_at', 'id'])
        .where(sql.ref('status'), '<>', 'sent')
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('mail_outbox').execute()
    },
  }
}
