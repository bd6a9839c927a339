// Games: provably fair seed pairs (one active per player), game sessions opened by a launch
// token (their open/last-seen times give the real "players now"), and the rounds — every spin
// with what is needed to verify and audit it.
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function gamesMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('fair_seeds')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('server_seed', 'text', (c) => c.notNull())
        .addColumn('server_seed_hash', 'text', (c) => c.notNull())
        .addColumn('client_seed', 'text', (c) => c.notNull())
        .addColumn('next_nonce', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revealed_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('fair_seeds_one_active')
        .on('fair_seeds')
        .column('player_id')
        .unique()
        .where(sql.ref('revealed_at'), 'is', null)
        .execute()
      await db.schema.createIndex('fair_seeds_player').on('fair_seeds').columns(['player_id', 'id']).execute()

      await db.schema
        .createTable('game_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('launch_token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('launch_expires_at', 'bigint', (c) => c.notNull())
        .addColumn('session_token_hash', 'text', (c) => c.unique())
        .addColumn('opened_at', 'bigint')
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('game_sessions_seen').on('game_sessions').column('last_seen_at').execute()

      await db.schema
        .createTable('game_rounds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('game_version', 'integer', (c) => c.notNull())
        .addColumn('bet', 'bigint', (c) => c.notNull())
        .addColumn('stops', 'text', (c) => c.notNull())
        .addColumn('win', 'bigint', (c) => c.notNull())
        .addColumn('jackpot_win', 'bigint', (c) => c.notNull())
        .addColumn('jackpot_contribution', 'bigint', (c) => c.notNull())
        .addColumn('balance_before', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('seed_id', 'bigint', (c) => c.notNull().references('fair_seeds.id'))
        .addColumn('server_seed_hash', 'text', (c) => c.notNull())
        .addColumn('client_seed', 'text', (c) => c.notNull())
        .addColumn('nonce', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('game_rounds_request', ['player_id', 'request_id'])
        .execute()
      await db.schema.createIndex('game_rounds_player').on('game_rounds').columns(['player_id', 'created_at']).execute()
      await db.schema.createIndex('game_rounds_game').on('game_rounds').columns(['game_id', 'created_at']).execute()
      await db.schema.createIndex('game_rounds_created').on('game_rounds').column('created_at').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('game_rounds').execute()
      await db.schema.dropTable('game_sessions').execute()
      await db.schema.dropTable('fair_seeds').execute()
    },
  }
}
