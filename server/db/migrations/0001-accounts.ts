// Players, their session tokens, and the ledger accounts that hold their money.
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function accountsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('players')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('device_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_name', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('invite_code', 'text')
        .addColumn('channel', 'text')
        .addColumn('adult_confirmed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('session_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema.createIndex('session_tokens_player').on('session_tokens').column('player_id').execute()

      await db.schema
        .createTable('ledger_accounts')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.references('players.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // Player money can never go negative; house accounts may.
        .addCheckConstraint('player_balance_not_negative', sql`player_id is null or balance >= 0`)
        .execute()
      await db.schema
        .createIndex('ledger_accounts_player_code')
        .on('ledger_accounts')
        .columns(['player_id', 'code'])
        .unique()
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('ledger_accounts').execute()
      await db.schema.dropTable('session_tokens').execute()
      await db.schema.dropTable('players').execute()
    },
  }
}
