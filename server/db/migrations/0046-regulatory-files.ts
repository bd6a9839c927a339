// The daily data files for the regulator (SIGAP): one job row per local day (its lease, so one
// instance writes the day, and its progress: which dataset, the cursor after the last record
// written, the next file's number), and the files themselves (content, SHA-256, where they
// start, and what the receiver answered).
import type { Kysely } from 'kysely'

export function regulatoryFilesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('regulatory_file_jobs')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint', (c) => c.notNull())
        // The dataset being written (its index in the layout's order) and the cursor after the
        // last record already in a file; null when the dataset starts.
        .addColumn('dataset_index', 'integer', (c) => c.notNull())
        .addColumn('cursor', 'text')
        .addColumn('next_seq', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute()
      await db.schema
        .createTable('regulatory_files')
        // `<day>-<dataset>-<seq>`: one file per place in the day's stream, whoever writes it.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('dataset', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('records', 'integer', (c) => c.notNull())
        .addColumn('cursor_from', 'text')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        // generated, resent (queued again after a rejection), sent, structure_accepted,
        // quality_accepted, rejected.
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reasons', 'text')
        .addColumn('protocol', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('send_lease_until', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('answered_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('regulatory_files_day')
        .on('regulatory_files')
        .columns(['day', 'dataset', 'seq'])
        .execute()
      await db.schema.createIndex('regulatory_files_status').on('regulatory_files').columns(['status', 'id']).execute()
    },
  }
}
