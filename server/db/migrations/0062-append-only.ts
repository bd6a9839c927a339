// Append-only below the app: triggers on both engines refuse UPDATE and DELETE (and, on
// PostgreSQL, TRUNCATE) of the ledger's transfers, the audit log and the transparency chain's
// frozen days, whoever connects. The one way through is server/audit/append-only.ts: in one
// transaction it writes a row into append_only_unlocks (which the triggers look for), does its
// work, removes the row and audits what it did — other connections never see the row, so nothing
// else is let through meanwhile. The tables a later migration makes append-only are listed there.
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'

/** The tables whose rows, once written, never change (0063 adds the chain's anchors). */
export const appendOnlyTables = ['ledger_transfers', 'audit_log', 'transparency_snapshots'] as const

/** The text of the refusal both engines give (tests and the app recognise it by this). */
export const APPEND_ONLY_REFUSAL = 'append-only'

const pgFunction = `
create function refuse_append_only_change() returns trigger language plpgsql as $fn$
begin
  if exists (select 1 from append_only_unlocks) then
    if tg_op = 'DELETE' then return old; end if;
    return new;
  end if;
  raise exception '${APPEND_ONLY_REFUSAL}: % of % refused (its rows never change)', tg_op, tg_table_name
    using errcode = 'P0001';
end
$fn$`

/** Creates the refusing triggers on one table (used by this migration and later ones). */
export async function makeAppendOnly(db: Kysely<unknown>, engine: Engine, table: string): Promise<void> {
  if (engine === 'postgres') {
    await sql
      .raw(
        `create trigger ${table}_append_only before update or delete on ${table} for each row execute function refuse_append_only_change()`,
      )
      .execute(db)
    // TRUNCATE fires no row trigger: refused on its own (only dropping the table goes past).
    await refuseTruncate(db, table)
    return
  }
  for (const op of ['update', 'delete'] as const) {
    await sql
      .raw(
        `create trigger ${table}_no_${op} before ${op} on ${table} when not exists (select 1 from append_only_unlocks) begin select raise(abort, '${APPEND_ONLY_REFUSAL}: ${op} of ${table} refused (its rows never change)'); end`,
      )
      .execute(db)
  }
}

/** PostgreSQL: TRUNCATE of `table` refused (a statement trigger; a partition does not inherit it). */
export async function refuseTruncate(db: Kysely<unknown>, table: string): Promise<void> {
  await sql
    .raw(
      `create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function refuse_append_only_change()`,
    )
    .execute(db)
}

export async function dropAppendOnly(db: Kysely<unknown>, engine: Engine, table: string): Promise<void> {
  const names =
    engine === 'postgres'
      ? [`${table}_append_only`, `${table}_no_truncate`]
      : [`${table}_no_update`, `${table}_no_delete`]
  for (const name of names)
    await sql.raw(`drop trigger if exists ${name}${engine === 'postgres' ? ` on ${table}` : ''}`).execute(db)
}

export function appendOnlyMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('append_only_unlocks')
        // Why the rows are opened (the audited reason); present only inside the transaction that does it.
        .addColumn('reason', 'text', (c) => c.notNull())
        .execute()
      if (engine === 'postgres') await sql.raw(pgFunction).execute(db)
      for (const table of appendOnlyTables) await makeAppendOnly(db, engine, table)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of appendOnlyTables) await dropAppendOnly(db, engine, table)
      if (engine === 'postgres') await sql.raw('drop function refuse_append_only_change()').execute(db)
      await db.schema.dropTable('append_only_unlocks').execute()
    },
  }
}
