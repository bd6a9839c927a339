// A player's e-mail address and mobile phone (server/accounts), each confirmed with a one-time
// code: the confirmed value, the value waiting for its code (only the code's hash, its expiry and
// the wrong tries), and each code sent (the hourly sending limits count them).
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function playerContactsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('player_contacts')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'text')
        .addColumn('confirmed_at', 'bigint')
        .addColumn('pending_value', 'text')
        .addColumn('code_hash', 'text')
        .addColumn('code_expires_at', 'bigint')
        .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('player_contacts_one_per_kind', ['player_id', 'kind'])
        .execute()
      await db.schema
        .createTable('player_contact_codes')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('player_contact_codes_player')
        .on('player_contact_codes')
        .columns(['player_id', 'sent_at'])
        .execute()
      await db.schema
        .createIndex('player_contact_codes_value')
        .on('player_contact_codes')
        .columns(['value', 'sent_at'])
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('player_contact_codes').execute()
      await db.schema.dropTable('player_contacts').execute()
    },
  }
}
