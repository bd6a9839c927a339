// One open verification review per player, kept by the database (a partial unique index), not by
// a check before the insert: concurrent submissions from one account cannot open one review each.
// An account that holds several already keeps its oldest; the rest are closed as duplicates. Each
// review also keeps the address it came from, for the cap on reviews per address and day.
import { type Kysely, sql } from 'kysely'

export function oneOpenReviewMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('verification_reviews').addColumn('address', 'text').execute()
      await sql`
        UPDATE verification_reviews
        SET status = 'rejected',
            decided_at = ${Date.now()},
            decided_by = 'system',
            decision_reason = 'Duplicada: só uma verificação aberta por conta.'
        WHERE status = 'open'
          AND id > (
            SELECT min(o.id) FROM verification_reviews o
            WHERE o.player_id = verification_reviews.player_id AND o.status = 'open'
          )
      `.execute(db)
      await db.schema
        .createIndex('verification_reviews_one_open')
        .on('verification_reviews')
        .column('player_id')
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute()
      await db.schema
        .createIndex('verification_reviews_address')
        .on('verification_reviews')
        .columns(['address', 'created_at'])
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('verification_reviews_address').execute()
      await db.schema.dropIndex('verification_reviews_one_open').execute()
      await db.schema.alterTable('verification_reviews').dropColumn('address').execute()
    },
  }
}
