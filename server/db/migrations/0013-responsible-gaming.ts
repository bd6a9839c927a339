// Responsible gaming in the player's hands: the append-only history of every limit
// change and exclusion (by the player or an operator), and the answers to reality checks.
// Loss, time and reality-check settings live in `player_limits` under their own kinds.
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function responsibleGamingMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('limit_events')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        // JSON: what was asked and what took effect (values, pending time, operator's reason).
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('limit_events_player').on('limit_events').columns(['player_id', 'id']).execute()

      await db.schema
        .createTable('reality_checks')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        // What the dialog showed: time played in the play session and its net result.
        .addColumn('played_ms', 'bigint', (c) => c.notNull())
        .addColumn('net', 'bigint', (c) => c.notNull())
        .addColumn('answered_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('reality_checks_player')
        .on('reality_checks')
        .columns(['player_id', 'answered_at'])
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('reality_checks').execute()
      await db.schema.dropTable('limit_events').execute()
    },
  }
}
