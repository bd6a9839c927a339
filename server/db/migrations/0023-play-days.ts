// Flat cost with history (issue 20): each player's rounds, bets and wins per local day and game,
// kept by the spin in its own transaction (server/games/play-days.ts), so limits, the activity
// view, play tasks and the history's total read a few day rows instead of summing every round.
// Existing rounds are counted into it here, in the market's time zone. Two partial indexes let
// the activity view find a player's deposits and paid withdrawals without walking their bets,
// and the rounds' per-player index gains the id the history's keyset orders by.
import { type Kysely, sql } from 'kysely'
import { rebuildPlayDays } from '../../games/play-days.ts'
import type { Database } from '../schema.ts'

export function playDaysMigration(timeZone: string) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('game_play_days')
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        // The market's local date, YYYY-MM-DD (sorts as text).
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('rounds', 'bigint', (c) => c.notNull())
        .addColumn('bets', 'bigint', (c) => c.notNull())
        // Wins and jackpot wins: everything the rounds paid.
        .addColumn('wins', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('game_play_days_pk', ['player_id', 'day', 'game_id'])
        .execute()
      await db.schema
        .createIndex('ledger_transfers_deposits')
        .on('ledger_transfers')
        .columns(['credit_account_id', 'created_at'])
        .where(sql.ref('kind'), '=', 'deposit')
        .execute()
      await db.schema
        .createIndex('ledger_transfers_withdrawals')
        .on('ledger_transfers')
        .columns(['debit_account_id', 'created_at'])
        .where(sql.ref('kind'), '=', 'withdrawal_post')
        .execute()
      // The history's page, newest first by (created_at, id), straight off the index: without the
      // id the planner may walk the time index of everyone's rounds instead.
      await db.schema
        .createIndex('game_rounds_player_page')
        .on('game_rounds')
        .columns(['player_id', 'created_at', 'id'])
        .execute()
      await db.schema.dropIndex('game_rounds_player').execute()
      await rebuildPlayDays(db as Kysely<Database>, timeZone)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('game_rounds_player').on('game_rounds').columns(['player_id', 'created_at']).execute()
      await db.schema.dropIndex('game_rounds_player_page').execute()
      await db.schema.dropIndex('ledger_transfers_withdrawals').execute()
      await db.schema.dropIndex('ledger_transfers_deposits').execute()
      await db.schema.dropTable('game_play_days').execute()
    },
  }
}
