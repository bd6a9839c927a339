// Identity by face (server/accounts): the identity the bureau accepted while it waits for the face
// step, every face check's outcome with the provider's reference, its scores and the image's
// SHA-256 (never the image), the player's consent to biometric processing, the scores a face
// review carries to the operator, a device's pending step-up, and the registration data the rules
// ask for (address with CEP, gender, the sign-up address and device).
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function faceChecksMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('face_pending')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('cpf', 'text', (c) => c.notNull())
        .addColumn('full_name', 'text', (c) => c.notNull())
        .addColumn('birth_date', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('face_checks')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('device_row_id', 'bigint')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('match_bp', 'integer')
        .addColumn('liveness_bp', 'integer')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text')
        .addColumn('image_sha256', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('face_checks_player').on('face_checks').columns(['player_id', 'created_at']).execute()
      await db.schema
        .createTable('biometric_consents')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('given_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('biometric_consents_once', ['player_id', 'version'])
        .execute()
      await db.schema.alterTable('verification_reviews').addColumn('face_match_bp', 'integer').execute()
      await db.schema.alterTable('verification_reviews').addColumn('face_liveness_bp', 'integer').execute()
      await db.schema.alterTable('devices').addColumn('face_step_up_due', 'bigint').execute()
      await db.schema
        .createTable('player_registration')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('cep', 'text')
        .addColumn('street', 'text')
        .addColumn('number', 'text')
        .addColumn('complement', 'text')
        .addColumn('district', 'text')
        .addColumn('city', 'text')
        .addColumn('state', 'text')
        .addColumn('gender', 'text')
        .addColumn('signup_address', 'text')
        .addColumn('signup_device', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('player_registration').execute()
      await db.schema.alterTable('devices').dropColumn('face_step_up_due').execute()
      await db.schema.alterTable('verification_reviews').dropColumn('face_liveness_bp').execute()
      await db.schema.alterTable('verification_reviews').dropColumn('face_match_bp').execute()
      await db.schema.dropTable('biometric_consents').execute()
      await db.schema.dropTable('face_checks').execute()
      await db.schema.dropTable('face_pending').execute()
    },
  }
}
