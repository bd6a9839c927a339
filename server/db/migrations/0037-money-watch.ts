// Money watch: the flags the rules raise on a player (one open flag per player and rule, kept by a
// partial unique index, so a rule that fires again updates its flag instead of adding one), each
// flag's case file (the decision, who took it and when) and the notes written on the case.
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function moneyWatchMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('risk_flags')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('rule', 'text', (c) => c.notNull())
        // `open` until an operator decides the case; then `closed` with the decision.
        .addColumn('status', 'text', (c) => c.notNull())
        // JSON: what the rule found the last time it fired (figures and the thresholds it used).
        .addColumn('reasons', 'text', (c) => c.notNull())
        // The withdrawal (or other operation) whose request last fired the rule.
        .addColumn('trigger_ref', 'text')
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('first_at', 'bigint', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .addColumn('decision', 'text')
        .addColumn('decision_reason', 'text')
        .addColumn('decided_by', 'bigint')
        .addColumn('decided_by_name', 'text')
        .addColumn('decided_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('risk_flags_one_open')
        .on('risk_flags')
        .columns(['player_id', 'rule'])
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute()
      await db.schema.createIndex('risk_flags_status').on('risk_flags').columns(['status', 'last_at']).execute()
      await db.schema.createIndex('risk_flags_player').on('risk_flags').columns(['player_id', 'id']).execute()

      await db.schema
        .createTable('risk_case_notes')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('flag_id', 'bigint', (c) => c.notNull().references('risk_flags.id'))
        .addColumn('author_id', 'bigint')
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('risk_case_notes_flag').on('risk_case_notes').columns(['flag_id', 'id']).execute()
    },
  }
}
