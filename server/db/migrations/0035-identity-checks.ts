// Know your customer: the date of birth kept with a verified identity, the verification queue
// (what the identity bureau could not settle, and verified players a new barred list names) and
// the list of people barred from betting that the operator uploads (Lei 14.790/2023 art. 26).
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function identityChecksMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // 'YYYY-MM-DD'; null for identities verified before the date of birth was asked.
      await db.schema.alterTable('player_verifications').addColumn('birth_date', 'text').execute()
      await db.schema
        .createTable('verification_reviews')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('cpf', 'text', (c) => c.notNull())
        .addColumn('full_name', 'text', (c) => c.notNull())
        .addColumn('birth_date', 'text')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('bureau_name', 'text')
        .addColumn('bureau_birth_date', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .addColumn('decided_by', 'text')
        .addColumn('decision_reason', 'text')
        .execute()
      await db.schema
        .createIndex('verification_reviews_player')
        .on('verification_reviews')
        .columns(['player_id', 'status'])
        .execute()
      await db.schema
        .createIndex('verification_reviews_status')
        .on('verification_reviews')
        .columns(['status', 'created_at'])
        .execute()
      await db.schema
        .createTable('barred_cpfs')
        .addColumn('cpf', 'text', (c) => c.primaryKey())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .execute()
    },
  }
}
