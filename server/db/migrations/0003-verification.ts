// Player verification before the first deposit: full name and CPF, one account per CPF.
import type { Kysely } from 'kysely'

export function verificationMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('player_verifications')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('full_name', 'text', (c) => c.notNull())
        .addColumn('cpf', 'text', (c) => c.notNull().unique())
        .addColumn('verified_at', 'bigint', (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('player_verifications').execute()
    },
  }
}
