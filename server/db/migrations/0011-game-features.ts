// Games, second shape: the committed next server seed of each player (one row per player, the
// hash shown before any client seed is chosen), and the free spins of each round (the
// stops of every free spin, JSON; rounds played before free spins existed have none).
import type { Kysely } from 'kysely'

export function gameFeaturesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('fair_next_seeds')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('server_seed', 'text', (c) => c.notNull())
        .addColumn('server_seed_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .alterTable('game_rounds')
        .addColumn('free_spins', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('game_rounds').dropColumn('free_spins').execute()
      await db.schema.dropTable('fair_next_seeds').execute()
    },
  }
}
