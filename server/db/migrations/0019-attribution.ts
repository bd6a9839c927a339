// Marketing attribution, only with consent: the player's answer to the
// consent question, the ad click kept once they agreed, and the conversion events (outbox
// style: written in the transaction of what they record, reported later by a worker).
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function attributionMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('attribution_consents')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('granted', 'integer', (c) => c.notNull())
        .addColumn('decided_at', 'bigint', (c) => c.notNull())
        .execute()

      // The latest ad click of a consenting player (deleted when consent is withdrawn).
      await db.schema
        .createTable('attribution_clicks')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('fbc', 'text')
        .addColumn('fbp', 'text')
        .addColumn('event_url', 'text')
        .addColumn('client_user_agent', 'text')
        .addColumn('channel', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('attribution_events')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('event_id', 'text', (c) => c.notNull().unique())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        // registration | first_deposit | deposit
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text')
        // Centavos; reported in reais.
        .addColumn('value', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('event_time', 'bigint', (c) => c.notNull())
        // The server's report: 0 pending, 1 reported, 2 given up.
        .addColumn('report_status', 'integer', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('error_code', 'text')
        .addColumn('reported_at', 'bigint')
        // What the legacy client says of its own report (`updateFbRechargeRecords`): 0 not yet, 1 reported, 2 failed.
        .addColumn('client_report_status', 'integer', (c) => c.notNull())
        .addColumn('client_error_code', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('attribution_events_due')
        .on('attribution_events')
        .columns(['report_status', 'next_attempt_at'])
        .execute()
      await db.schema
        .createIndex('attribution_events_player')
        .on('attribution_events')
        .columns(['player_id', 'id'])
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('attribution_events').execute()
      await db.schema.dropTable('attribution_clicks').execute()
      await db.schema.dropTable('attribution_consents').execute()
    },
  }
}
