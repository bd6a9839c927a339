// Where each account was signed in from: the device id the client presented and the client
// address, one row per account, device and address, with the first and last time. The money
// watch links accounts that share a device or an address through it. No personal data beyond
// the address; '' stands for "not sent" so the unique key holds on both engines.
import type { Kysely } from 'kysely'

export function loginSightingsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('login_sightings')
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('first_at', 'bigint', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_sightings_pk', ['player_id', 'device_id', 'address'])
        .execute()
      await db.schema.createIndex('login_sightings_device').on('login_sightings').column('device_id').execute()
      await db.schema.createIndex('login_sightings_address').on('login_sightings').column('address').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('login_sightings').execute()
    },
  }
}
