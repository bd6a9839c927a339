// The AML worker's lease: one row taken and renewed with a conditional update, so that of two
// instances of the app on one database only one runs the worker's turn (the list's poll, a batch
// of screening, a batch of classes) at a time; the other skips its turn while the lease holds.
import type { Kysely } from 'kysely'

export function amlWorkerLeaseMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('aml_worker_lease')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('until', 'bigint', (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('aml_worker_lease').execute()
    },
  }
}
