// The workers' polls read the few rows waiting for them in order of age: withdrawals in a status
// (`status in (…) order by created_at`, the payout worker and its clock) and barred players not
// yet closed (`state = … and barred_at >= … order by barred_at`, the closure worker). With only
// the time indexed, each poll walked every withdrawal or every register row ever made — on a
// year of history, most of a second of the event loop at every poll. The status-only index the
// new one begins with is dropped: it answers nothing the new one does not.
import type { Kysely } from 'kysely'

export function worklistIndexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('withdrawal_orders_status_created')
        .on('withdrawal_orders')
        .columns(['status', 'created_at'])
        .execute()
      await db.schema.dropIndex('withdrawal_orders_status').execute()
      await db.schema
        .createIndex('register_players_state_barred')
        .on('register_players')
        .columns(['state', 'barred_at'])
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('register_players_state_barred').execute()
      await db.schema.createIndex('withdrawal_orders_status').on('withdrawal_orders').column('status').execute()
      await db.schema.dropIndex('withdrawal_orders_status_created').execute()
    },
  }
}
