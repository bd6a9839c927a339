// Who gave an operator their credentials or their role (server/ops/operator-grants.ts): each
// creation, reset and role change by a person, with when. Four-eyes decisions read it: a second
// person is not independent of the one whose operator they set up or changed recently.
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function operatorGrantsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('operator_grants')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id'))
        .addColumn('granted_by', 'bigint')
        .addColumn('granted_by_name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('operator_grants_operator')
        .on('operator_grants')
        .columns(['operator_id', 'at'])
        .execute()
      await db.schema.createIndex('operator_grants_by').on('operator_grants').columns(['granted_by', 'at']).execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('operator_grants').execute()
    },
  }
}
