// Reads the background jobs make every few seconds or minutes, each of which read a whole table
// once a year of history was in it — on the event loop, beside every spin:
// - the sandbox PSP's list of PIX received in a window (the deposit reconciliation asks for the
//   last 48 hours, a page at a time, with its total): by the instant paid, in the list's order;
// - the harm watch's hourly refresh of players with a score: by score, then when computed (most
//   players' score is 0, so the scores above it are a short range).
import type { Kysely } from 'kysely'

export function backgroundReadsIndexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('sandbox_received_pix_paid')
        .on('sandbox_received_pix')
        .columns(['paid_at', 'end_to_end_id'])
        .execute()
      await db.schema.createIndex('harm_scores_score').on('harm_scores').columns(['score', 'computed_at']).execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('harm_scores_score').execute()
      await db.schema.dropIndex('sandbox_received_pix_paid').execute()
    },
  }
}
