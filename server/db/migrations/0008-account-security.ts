// Account security: devices with a server-issued secret (stored hashed) that log an account in,
// session tokens tied to the device they were issued to, when a player's credentials last
// changed, and the login throttle shared by every instance (failures per user name and per
// device id).
//
// Existing players keep their device id as a "legacy" device without a secret: an unbound
// legacy device may log in once by its id alone and is issued a secret then; a bound one logs in
// with its name and password (pre-production, so this one-time claim is the whole migration path).
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function accountSecurityMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('devices')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('device_id', 'text', (c) => c.notNull().unique())
        // SHA-256 of the secret; null for a legacy device that has not been given one yet.
        .addColumn('secret_hash', 'text')
        .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema.createIndex('devices_player').on('devices').column('player_id').execute()
      await sql`insert into devices (player_id, device_id, secret_hash, label, created_at, last_seen_at)
        select id, lower(device_id), null, '', created_at, created_at from players`.execute(db)

      await db.schema
        .alterTable('session_tokens')
        .addColumn('device_id', 'bigint', (c) => c.references('devices.id'))
        .execute()
      await sql`update session_tokens set device_id =
        (select d.id from devices d where d.player_id = session_tokens.player_id)`.execute(db)
      await db.schema.createIndex('session_tokens_device').on('session_tokens').column('device_id').execute()

      await db.schema.alterTable('players').addColumn('credentials_changed_at', 'bigint').execute()

      await db.schema
        .createTable('login_throttles')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'bigint', (c) => c.notNull())
        .addColumn('last_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .execute()
      await db.schema
        .createIndex('login_throttles_last_attempt')
        .on('login_throttles')
        .column('last_attempt_at')
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('login_throttles').execute()
      await db.schema.alterTable('players').dropColumn('credentials_changed_at').execute()
      await db.schema.dropIndex('session_tokens_device').execute()
      await db.schema.alterTable('session_tokens').dropColumn('device_id').execute()
      await db.schema.dropTable('devices').execute()
    },
  }
}
