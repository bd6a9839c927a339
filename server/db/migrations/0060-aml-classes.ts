// Anti-money-laundering risk classes (server/aml): each bettor's class with its reasons and review
// clock, the operators' periodic reviews of it, the staff and partners classified the same way,
// the annual reports made, and the module's job state (its sweep cursors).
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function amlClassesMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('aml_classes')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey())
        .addColumn('class', 'text', (c) => c.notNull())
        .addColumn('reasons', 'text', (c) => c.notNull())
        .addColumn('rules_version', 'integer', (c) => c.notNull())
        .addColumn('computed_at', 'bigint', (c) => c.notNull())
        .addColumn('class_since', 'bigint', (c) => c.notNull())
        .addColumn('review_due_at', 'bigint')
        .addColumn('reviewed_at', 'bigint')
        .addColumn('reviewed_by', 'text')
        .execute()
      await db.schema.createIndex('aml_classes_due').on('aml_classes').columns(['review_due_at']).execute()
      await db.schema.createIndex('aml_classes_class').on('aml_classes').columns(['class', 'player_id']).execute()
      await db.schema
        .createTable('aml_reviews')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('class', 'text', (c) => c.notNull())
        .addColumn('reasons', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('reviewed_by_id', 'bigint')
        .addColumn('reviewed_by', 'text', (c) => c.notNull())
        .addColumn('reviewed_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('aml_reviews_player')
        .on('aml_reviews')
        .columns(['player_id', 'reviewed_at'])
        .execute()
      await db.schema.createIndex('aml_reviews_at').on('aml_reviews').column('reviewed_at').execute()
      await db.schema
        .createTable('aml_parties')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('handles_money', 'integer', (c) => c.notNull())
        .addColumn('personal_data', 'integer', (c) => c.notNull())
        .addColumn('pep', 'integer', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('class', 'text', (c) => c.notNull())
        .addColumn('reasons', 'text', (c) => c.notNull())
        .addColumn('sanctions_match', 'integer', (c) => c.notNull())
        .addColumn('review_due_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('aml_reports')
        .addColumn('year', 'integer', (c) => c.primaryKey())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('generated_at', 'bigint', (c) => c.notNull())
        .addColumn('generated_by', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('aml_state')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['aml_state', 'aml_reports', 'aml_parties', 'aml_reviews', 'aml_classes'])
        await db.schema.dropTable(table).execute()
    },
  }
}
