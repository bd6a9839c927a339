// The harm watch finds the players whose records changed since its last run by time: deposits by
// the moment they were paid, withdrawals by their last change, reality-check answers and support messages by when
// they were written (game sessions and limit changes already have theirs).
import type { Kysely } from 'kysely'

export function harmWatchIndexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('deposit_orders_paid').on('deposit_orders').column('paid_at').execute()
      await db.schema.createIndex('reality_checks_answered').on('reality_checks').column('answered_at').execute()
      await db.schema.createIndex('support_messages_created').on('support_messages').column('created_at').execute()
      await db.schema.createIndex('withdrawal_orders_updated').on('withdrawal_orders').column('updated_at').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const index of [
        'withdrawal_orders_updated',
        'support_messages_created',
        'reality_checks_answered',
        'deposit_orders_paid',
      ])
        await db.schema.dropIndex(index).execute()
    },
  }
}
