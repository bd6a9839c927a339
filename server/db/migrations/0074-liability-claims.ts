// Who is building a day's proof of liabilities: one row per day, taken and renewed with a
// conditional update, so of two instances freezing the same day only one reads the balances and
// writes that day's leaves (the other waits for the day to be frozen, instead of deleting or
// doubling the first one's leaves).
import type { Kysely } from 'kysely'

export function liabilityClaimsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('liability_claims')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('until', 'bigint', (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('liability_claims').execute()
    },
  }
}
