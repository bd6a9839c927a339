// Account closure (server/closure): one row per closure — why it began (the register named the
// player, the player asked, an operator closed it), when it is due, its state (paying the balance
// out, waiting on an operator's worklist, closed, reopened) and what was paid and forfeited; at most
// one open closure per player (a partial unique index). The players' row gets `closing_at` (play,
// deposits, new withdrawals and rewards stop at once) and `closed_reason` (what the login says);
// a withdrawal order gets its `purpose` (a closure's payout is one, with its own ledger kind).
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

const HOLD_CHECK = '(p.frozen_at is not null or p.closed_at is not null)'
const WITH_CLOSING = '(p.frozen_at is not null or p.closed_at is not null or p.closing_at is not null)'

/**
 * PostgreSQL's one-statement spin (0034) hands a player whose account is being closed back to the
 * spin's ordinary transaction, which refuses them: its own definition, read back, gains that check.
 */
async function spinFunction(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const found = await sql<{ def: string }>`select pg_get_functiondef('ledger_spin'::regproc) as def`.execute(db)
  const def = found.rows[0]?.def
  if (!def?.includes(from)) throw new Error('ledger_spin: the hold check was not found')
  await sql.raw(def.replace(from, to)).execute(db)
}

export function accountClosuresMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('account_closures')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('cause', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('stuck_reason', 'text')
        .addColumn('answer_id', 'bigint')
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('payout_attempts', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('paid_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('forfeited_bonus', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('closed_at', 'bigint')
        .addColumn('closed_by', 'text')
        .addColumn('reopened_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('account_closures_one_open')
        .on('account_closures')
        .column('player_id')
        .unique()
        .where(sql.ref('state'), 'in', sql`('paying', 'stuck')`)
        .execute()
      await db.schema
        .createIndex('account_closures_state')
        .on('account_closures')
        .columns(['state', 'due_at'])
        .execute()
      await db.schema
        .createIndex('account_closures_player')
        .on('account_closures')
        .columns(['player_id', 'id'])
        .execute()
      await db.schema.alterTable('players').addColumn('closing_at', 'bigint').execute()
      await db.schema.alterTable('players').addColumn('closed_reason', 'text').execute()
      await db.schema
        .alterTable('withdrawal_orders')
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('player'))
        .execute()
      if (engine === 'postgres') await spinFunction(db, HOLD_CHECK, WITH_CLOSING)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'postgres') await spinFunction(db, WITH_CLOSING, HOLD_CHECK)
      await db.schema.alterTable('withdrawal_orders').dropColumn('purpose').execute()
      await db.schema.alterTable('players').dropColumn('closed_reason').execute()
      await db.schema.alterTable('players').dropColumn('closing_at').execute()
      await db.schema.dropTable('account_closures').execute()
    },
  }
}
