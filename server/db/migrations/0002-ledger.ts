// The ledger: house accounts, immutable transfers (ids supplied by callers, for idempotency),
// the seamless-wallet bets, bonus wagering, and the outbox that carries events after commit.
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function ledgerMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('ledger_house_account_code')
        .on('ledger_accounts')
        .column('code')
        .unique()
        .where(sql.ref('player_id'), 'is', null)
        .execute()

      await db.schema
        .createTable('ledger_transfers')
        .$call(serialPrimaryKey(engine, 'seq'))
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('debit_account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
        .addColumn('credit_account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        // A post or void names the hold it resolves; unique, so each hold resolves at most once.
        .addColumn('resolves_id', 'text', (c) => c.unique())
        .addColumn('debit_balance_after', 'bigint', (c) => c.notNull())
        .addColumn('credit_balance_after', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('transfer_amount_positive', sql`amount > 0`)
        .addCheckConstraint('transfer_two_accounts', sql`debit_account_id <> credit_account_id`)
        .execute()
      await db.schema
        .createIndex('ledger_transfers_debit')
        .on('ledger_transfers')
        .columns(['debit_account_id', 'seq'])
        .execute()
      await db.schema
        .createIndex('ledger_transfers_credit')
        .on('ledger_transfers')
        .columns(['credit_account_id', 'seq'])
        .execute()

      await db.schema
        .createTable('wallet_bets')
        .addColumn('transaction_id', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('round_id', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('cash_part', 'bigint', (c) => c.notNull())
        .addColumn('bonus_part', 'bigint', (c) => c.notNull())
        // placed | rolled_back; a rollback of an unknown bet leaves a rolled_back row with amount 0
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('win_transaction_id', 'text', (c) => c.unique())
        .addColumn('win_amount', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('wallet_bets_round').on('wallet_bets').columns(['player_id', 'round_id']).execute()

      await db.schema
        .createTable('bonus_wagering')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('required', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('wagered', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute()

      await db.schema
        .createTable('outbox')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('player_id', 'bigint')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['outbox', 'bonus_wagering', 'wallet_bets', 'ledger_transfers']) {
        await db.schema.dropTable(table).execute()
      }
      await db.schema.dropIndex('ledger_house_account_code').execute()
    },
  }
}
