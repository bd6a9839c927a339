// Passkeys and sessions that end when the player leaves (server/accounts): a player's WebAuthn
// credentials (the public key and signature counter, never a secret), the one-use challenges a
// ceremony signs, the moment a session token ends for want of activity, and a device whose
// session ended that way until its player logs in again with a passkey or the password.
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function passkeysAndIdleMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('player_passkeys')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema.createIndex('player_passkeys_player').on('player_passkeys').column('player_id').execute()
      await db.schema
        .createTable('passkey_challenges')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'bigint')
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.alterTable('session_tokens').addColumn('idle_at', 'bigint').execute()
      await db.schema.alterTable('devices').addColumn('idle_ended_at', 'bigint').execute()
    },
  }
}
