// The harm watch (server/harm): each player's markers as last computed (one row per rule, with the
// rule's version), their harm score and level, the interventions it led to (a message, an offered
// cool-off, an operator's contact task with its due time, a mandatory pause) with what the player
// did in the week before and after, the operators' requests to lower a score (four eyes), and the
// worker's watermark and lease.
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function harmWatchMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('harm_markers')
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('rule', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .addColumn('threshold', 'bigint', (c) => c.notNull())
        .addColumn('fired', 'integer', (c) => c.notNull())
        .addColumn('computed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('harm_markers_pk', ['player_id', 'rule'])
        .execute()
      await db.schema
        .createTable('harm_scores')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('raw_score', 'integer', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('fired', 'text', (c) => c.notNull())
        .addColumn('computed_at', 'bigint', (c) => c.notNull())
        .addColumn('lowered_to', 'integer')
        .addColumn('lowered_at_raw', 'integer')
        .addColumn('lowered_until', 'bigint')
        .addColumn('lowered_reason', 'text')
        .execute()
      await db.schema.createIndex('harm_scores_level').on('harm_scores').columns(['level', 'computed_at']).execute()
      await db.schema
        .createTable('harm_interventions')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('fired', 'text', (c) => c.notNull())
        .addColumn('figures', 'text', (c) => c.notNull())
        .addColumn('due_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('resolved_at', 'bigint')
        .addColumn('resolved_by', 'text')
        .addColumn('outcome', 'text')
        .addColumn('effect', 'text')
        .addColumn('effect_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('harm_interventions_player')
        .on('harm_interventions')
        .columns(['player_id', 'created_at'])
        .execute()
      await db.schema
        .createIndex('harm_interventions_open')
        .on('harm_interventions')
        .columns(['kind', 'status', 'due_at'])
        .execute()
      await db.schema
        .createIndex('harm_interventions_effect')
        .on('harm_interventions')
        .columns(['effect_at', 'created_at'])
        .execute()
      await db.schema
        .createTable('harm_score_reviews')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('from_score', 'integer', (c) => c.notNull())
        .addColumn('to_score', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'bigint')
        .addColumn('requested_by_name', 'text', (c) => c.notNull())
        .addColumn('decided_by', 'bigint')
        .addColumn('decided_by_name', 'text')
        .addColumn('decided_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('harm_worker')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('watermark', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint', (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['harm_worker', 'harm_score_reviews', 'harm_interventions', 'harm_scores', 'harm_markers'])
        await db.schema.dropTable(table).execute()
    },
  }
}
