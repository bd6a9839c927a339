// Column shapes both engines spell differently.
import type { CreateTableBuilder } from 'kysely'
import type { Engine } from '../database.ts'

/** An auto-incrementing integer primary key: bigserial on PostgreSQL, INTEGER PRIMARY KEY AUTOINCREMENT on SQLite. */
export function serialPrimaryKey(engine: Engine, name: string) {
  return <TB extends string, C extends string>(builder: CreateTableBuilder<TB, C>) =>
    engine === 'postgres'
      ? builder.addColumn(name, 'bigserial', (c) => c.primaryKey())
      : builder.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement())
}
