// The barred-person register (SIGAP's Módulo de Impedidos): each player's standing with it, every
// answer it gave (kept five years), the periodic sweeps over the whole base with their progress,
// and the leases that let one instance at a time run a job. Players verified before this table
// existed start unchecked, so the retry loop asks the register about each of them before they
// deposit or play for money again.
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

const EXCLUSION_CHECK = 'if exists (select 1 from self_exclusions x'
const REGISTER_CHECK = `if exists (select 1 from register_players g where g.player_id = p_player_id and g.state <> 'clear') then
    begin outcome := 'register'; return next; return; end;
  end if;
  `

/**
 * PostgreSQL's one-statement spin (0034) hands a player the register has not cleared back to the
 * spin's ordinary transaction, which refuses them: its own definition, read back, gains that check.
 */
async function handBackUnclearedSpins(db: Kysely<unknown>): Promise<void> {
  const found = await sql<{ def: string }>`select pg_get_functiondef('ledger_spin'::regproc) as def`.execute(db)
  const def = found.rows[0]?.def
  if (!def?.includes(EXCLUSION_CHECK)) throw new Error('ledger_spin: the exclusion check was not found')
  await sql.raw(def.replace(EXCLUSION_CHECK, `${REGISTER_CHECK}${EXCLUSION_CHECK}`)).execute(db)
}

/** The function as 0034 wrote it again (before the register's table goes). */
async function restoreSpinFunction(db: Kysely<unknown>): Promise<void> {
  const found = await sql<{ def: string }>`select pg_get_functiondef('ledger_spin'::regproc) as def`.execute(db)
  const def = found.rows[0]?.def
  if (def?.includes(REGISTER_CHECK)) await sql.raw(def.replace(REGISTER_CHECK, '')).execute(db)
}

export function barredRegisterMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('register_players')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey())
        .addColumn('cpf', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('checked_at', 'bigint')
        .addColumn('checked_day', 'text')
        .addColumn('barred_at', 'bigint')
        .addColumn('barred_answer_id', 'bigint')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('register_players_due')
        .on('register_players')
        .columns(['state', 'next_attempt_at'])
        .execute()
      await db.schema
        .createTable('register_answers')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('cpf', 'text', (c) => c.notNull())
        .addColumn('moment', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('reasons', 'text', (c) => c.notNull())
        .addColumn('protocol', 'text')
        .addColumn('sweep_id', 'bigint')
        .addColumn('asked_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('register_answers_player')
        .on('register_answers')
        .columns(['player_id', 'asked_at'])
        .execute()
      // One recorded answer per player per sweep, whatever restarts or instances do.
      await db.schema
        .createIndex('register_answers_sweep')
        .on('register_answers')
        .columns(['sweep_id', 'player_id'])
        .unique()
        .execute()
      await db.schema.createIndex('register_answers_asked').on('register_answers').column('asked_at').execute()
      await db.schema
        .createTable('register_sweeps')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('cursor', 'bigint', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addColumn('checked', 'bigint', (c) => c.notNull())
        .addColumn('barred', 'bigint', (c) => c.notNull())
        .addColumn('unavailable', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('register_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('until', 'bigint', (c) => c.notNull())
        .execute()
      await sql`
        insert into register_players (player_id, cpf, state, attempts, next_attempt_at, updated_at)
        select player_id, cpf, 'unchecked', 0, 0, 0 from player_verifications`.execute(db)
      if (engine === 'postgres') await handBackUnclearedSpins(db)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'postgres') await restoreSpinFunction(db)
      for (const table of ['register_leases', 'register_sweeps', 'register_answers', 'register_players'])
        await db.schema.dropTable(table).execute()
    },
  }
}
