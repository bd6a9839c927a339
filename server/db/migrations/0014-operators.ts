// The operator console: operators are people (role, scrypt password, optional TOTP),
// their sessions (cookie token stored hashed, idle and absolute expiry), one-time setup links,
// the append-only audit log of every operator and service-account action, notes on players,
// cash adjustments waiting for a second operator (four-eyes) and the runtime settings admins
// change without a restart.
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function operatorsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('operators')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('totp_secret', 'text')
        .addColumn('totp_enabled_at', 'bigint')
        // The last accepted code's time step: a code is accepted once (RFC 6238 §5.2).
        .addColumn('totp_last_step', 'bigint')
        .addColumn('disabled_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('operator_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('operator_sessions_operator')
        .on('operator_sessions')
        .columns(['operator_id', 'created_at'])
        .execute()

      await db.schema
        .createTable('operator_setup_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        // Null: the first admin's link, which names the operator when it is used.
        .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute()

      await db.schema
        .createTable('audit_log')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('at', 'bigint', (c) => c.notNull())
        // Null for the service account (OPS_TOKEN); actor_name is kept as it was at the time.
        .addColumn('actor_id', 'bigint')
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('object_type', 'text', (c) => c.notNull())
        .addColumn('object_id', 'text', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('reason', 'text')
        .addColumn('ip', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'id']).execute()
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute()
      await db.schema.createIndex('audit_log_object').on('audit_log').columns(['object_type', 'object_id']).execute()

      await db.schema
        .createTable('operator_notes')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('operator_id', 'bigint')
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('operator_notes_player').on('operator_notes').columns(['player_id', 'id']).execute()

      await db.schema
        .createTable('adjustment_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'bigint')
        .addColumn('requested_by_name', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('decided_by', 'bigint')
        .addColumn('decided_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('adjustment_requests_status')
        .on('adjustment_requests')
        .columns(['status', 'requested_at'])
        .execute()

      await db.schema
        .createTable('runtime_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'runtime_settings',
        'adjustment_requests',
        'operator_notes',
        'audit_log',
        'operator_setup_tokens',
        'operator_sessions',
        'operators',
      ])
        await db.schema.dropTable(table).execute()
    },
  }
}
