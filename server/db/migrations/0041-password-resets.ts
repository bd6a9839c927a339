// Password resets an operator starts for a player after checking who they are: a one-time code
// (only its SHA-256 kept) that expires, which the player redeems to set a new password. Used and
// expired rows stay: with the audit log they show who started which reset and whether it was used.
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function passwordResetsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('password_resets')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('operator_id', 'bigint')
        .addColumn('operator_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('voided_at', 'bigint')
        .execute()
      await db.schema.createIndex('password_resets_player').on('password_resets').column('player_id').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('password_resets').execute()
    },
  }
}
