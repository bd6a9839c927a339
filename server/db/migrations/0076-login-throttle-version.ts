// A version on each login-throttle row, raised by every change to it. An attempt is counted with a
// compare-and-set on the row; compared on its count and time alone, a count taken back by an
// attempt that was never checked (the server too busy) made the row look unchanged to a reader
// from before, so two attempts could be counted at the same number and one more guess checked.
import type { Kysely } from 'kysely'

export function loginThrottleVersionMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('login_throttles')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('login_throttles').dropColumn('version').execute()
    },
  }
}
