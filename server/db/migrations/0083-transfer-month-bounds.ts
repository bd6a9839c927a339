// PostgreSQL: what a month of transfers can hold, so a player's statement reads only the months
// that may have their lines. The statement asks for the newest transfers of three accounts by
// `seq`; with the transfers partitioned by `created_at` (0082) nothing in that question names a
// month, and PostgreSQL plans every month's indexes for every page — a cost that grows with each
// month kept. A month other than the ones the clock is in has a bound: the lowest and highest `seq`
// in it and the highest account id that any of its transfers moves (all null while it is empty). A trigger on that month keeps its bound
// true in the same transaction as any row written there later (a transfer whose clock was read in
// the month before it was written is rare, not impossible), so a reader taking the bounds and the
// rows in one snapshot skips a month exactly when no row of it could be on the page. The months
// the clock is in have none (their rows are every spin's, and one row counting them would be a
// lock every spin waits for); server/db/partitions.ts moves months in and out of bounds as the
// clock passes. SQLite: one file, no months; nothing to do.
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'

export function transferMonthBoundsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return
      await sql
        .raw(`create table ledger_transfer_months (
          partition text primary key,
          min_seq bigint,
          max_seq bigint,
          max_account_id bigint
        )`)
        .execute(db)
      await sql
        .raw(`create function ledger_transfer_month_bound() returns trigger language plpgsql as $$
          begin
            update ledger_transfer_months
               set min_seq = least(min_seq, new.seq),
                   max_seq = greatest(max_seq, new.seq),
                   max_account_id = greatest(max_account_id, new.debit_account_id, new.credit_account_id)
             where partition = tg_table_name;
            return null;
          end $$`)
        .execute(db)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return
      const { rows } = await sql<{ name: string }>`select partition as name from ledger_transfer_months`.execute(db)
      for (const { name } of rows) await sql.raw(`drop trigger if exists ${name}_bound on ${name}`).execute(db)
      await sql.raw('drop table ledger_transfer_months').execute(db)
      await sql.raw('drop function ledger_transfer_month_bound()').execute(db)
    },
  }
}
