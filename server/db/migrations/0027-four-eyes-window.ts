// The four-eyes bound sums what people applied alone over 24 hours, per operator and per player
// (server/ops/adjustments.ts): adjustments applied alone are kept in `adjustment_requests` with
// status `applied`, found by these two indexes.
import { type Kysely, sql } from 'kysely'

export function fourEyesWindowMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('adjustment_requests_applied_by')
        .on('adjustment_requests')
        .columns(['requested_by', 'requested_at'])
        .where(sql.ref('status'), '=', 'applied')
        .execute()
      await db.schema
        .createIndex('adjustment_requests_applied_to')
        .on('adjustment_requests')
        .columns(['player_id', 'requested_at'])
        .where(sql.ref('status'), '=', 'applied')
        .execute()
    },
  }
}
