// Web Push subscriptions: each browser that allowed notifications, with the keys its
// push service needs (RFC 8291) and the language the player had when subscribing, so a
// notification to a closed app is written in that language.
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function pushSubscriptionsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('push_subscriptions')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('push_subscriptions_player').on('push_subscriptions').columns(['player_id']).execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('push_subscriptions').execute()
    },
  }
}
