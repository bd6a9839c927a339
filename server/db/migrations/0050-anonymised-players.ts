// A closed account's personal data replaced by placeholders once its retention period is over
// (server/retention): when that finished, and the lease one instance holds while it works on it.
import type { Kysely } from 'kysely'

export function anonymisedPlayersMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('players').addColumn('anonymised_at', 'bigint').execute()
      await db.schema.alterTable('players').addColumn('anonymise_lease_until', 'bigint').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('players').dropColumn('anonymise_lease_until').execute()
      await db.schema.alterTable('players').dropColumn('anonymised_at').execute()
    },
  }
}
