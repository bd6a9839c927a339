// Rewards: every reward credited (one row per claim, keyed so a claim happens once),
// daily sign-ins with their streak day, wheel spins (the cooldown and requestId replay),
// invite codes, invite rewards earned when an invitee's first deposit is paid, and notices a
// player has already been shown (task flags, one-time prompts).
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function rewardsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('reward_claims')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('reward_claims_player').on('reward_claims').columns(['player_id', 'kind']).execute()

      await db.schema
        .createTable('sign_ins')
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('streak_day', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('sign_ins_pk', ['player_id', 'day'])
        .execute()

      await db.schema
        .createTable('wheel_spins')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('prize', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('wheel_spins_request', ['player_id', 'request_id'])
        .execute()
      await db.schema.createIndex('wheel_spins_player').on('wheel_spins').columns(['player_id', 'created_at']).execute()

      await db.schema
        .createTable('referral_codes')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('players_invite_code').on('players').column('invite_code').execute()

      await db.schema
        .createTable('invite_rewards')
        .addColumn('invitee_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('inviter_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('qualified_at', 'bigint', (c) => c.notNull())
        .addColumn('claim_id', 'text')
        .execute()
      await db.schema
        .createIndex('invite_rewards_inviter')
        .on('invite_rewards')
        .columns(['inviter_id', 'claim_id'])
        .execute()

      await db.schema
        .createTable('player_notices')
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('player_notices_pk', ['player_id', 'key'])
        .execute()

      await db.schema.alterTable('players').addColumn('install_accepted_at', 'bigint').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('players').dropColumn('install_accepted_at').execute()
      for (const table of [
        'player_notices',
        'invite_rewards',
        'referral_codes',
        'wheel_spins',
        'sign_ins',
        'reward_claims',
      ]) {
        await db.schema.dropTable(table).execute()
      }
      await db.schema.dropIndex('players_invite_code').execute()
    },
  }
}
