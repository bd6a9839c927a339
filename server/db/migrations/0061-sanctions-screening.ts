// Sanctions screening (server/aml): each UN Security Council consolidated list loaded (its source,
// date and hash; the entries of the current one), each match found for a player with its strength
// and the operator's decision, and which list each verified player was last screened against.
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function sanctionsScreeningMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sanctions_lists')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('generated_at', 'text')
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('individuals', 'integer', (c) => c.notNull())
        .addColumn('loaded_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('sanctions_entries')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('list_id', 'bigint', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        /** JSON: every name the entry goes by ({ name, quality }). */
        .addColumn('names', 'text', (c) => c.notNull())
        /** JSON: its dates of birth ({ date } | { year } | { from, to }). */
        .addColumn('births', 'text', (c) => c.notNull())
        .addColumn('nationality', 'text', (c) => c.notNull())
        .addColumn('listed_on', 'text')
        .execute()
      await db.schema.createIndex('sanctions_entries_list').on('sanctions_entries').columns(['list_id']).execute()
      await db.schema
        .createTable('sanctions_matches')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('list_id', 'bigint', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('listed_name', 'text', (c) => c.notNull())
        .addColumn('matched_as', 'text', (c) => c.notNull())
        .addColumn('listed_birth', 'text', (c) => c.notNull())
        .addColumn('strength', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .addColumn('decided_by', 'text')
        .addColumn('decision_reason', 'text')
        .addUniqueConstraint('sanctions_matches_once', ['player_id', 'reference'])
        .execute()
      await db.schema
        .createIndex('sanctions_matches_status')
        .on('sanctions_matches')
        .columns(['status', 'id'])
        .execute()
      await db.schema
        .createTable('sanctions_screened')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey())
        .addColumn('list_id', 'bigint', (c) => c.notNull())
        .addColumn('screened_at', 'bigint', (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['sanctions_screened', 'sanctions_matches', 'sanctions_entries', 'sanctions_lists'])
        await db.schema.dropTable(table).execute()
    },
  }
}
