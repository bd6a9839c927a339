// Text messages through the outbox (server/mail): a row is an e-mail or an SMS, so an SMS too is
// written in the transaction of the action that sends it and retried until the SMS API takes it.
import type { Kysely } from 'kysely'

export function smsOutboxMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('mail_outbox')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('email'))
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('mail_outbox').dropColumn('kind').execute()
    },
  }
}
