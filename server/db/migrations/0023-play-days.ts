// Flat cost with history: each player's rounds, bets and wins per local day and game,
// kept by the spin in its own transaction (server/games/play-days.ts), so limits, the activity
// view, play tasks and the history's total read a few day rows instead of summing every round.
// Existing rounds are counted into it here, in the market's time zone. Two partial indexes let
// the activity view find a player's deposits and paid withdrawals without walking their bets,
// and the rounds' per-player index gains the id the history's keyset orders by. Frozen: it
// imports no live code, so a later change to the games module cannot change what it did.
import { type Kysely, sql } from 'kysely'

// Rounds are grouped per quarter hour before dating: every market time zone's midnight falls on one.
const QUARTER_HOUR_MS = 15 * 60_000

interface DayRow {
  player_id: number
  day: string
  game_id: string
  rounds: number
  bets: number
  wins: number
}

/** The local date (YYYY-MM-DD) of an instant in the market's time zone. */
function localDate(epochMs: number, format: Intl.DateTimeFormat): string {
  const parts = Object.fromEntries(format.formatToParts(epochMs).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** Counts every existing round into its player's day row (run inside the migration's transaction). */
async function countExistingRounds(db: Kysely<unknown>, timeZone: string): Promise<void> {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  const quarter = sql<number | string>`created_at / ${sql.lit(QUARTER_HOUR_MS)}`
  const groups = await sql<{
    player_id: number | string
    game_id: string
    quarter: number | string
    rounds: number | string
    bets: number | string
    wins: number | string
  }>`
    select player_id, game_id, ${quarter} as quarter, count(*) as rounds, sum(bet) as bets, sum(win + jackpot_win) as wins
    from game_rounds group by player_id, game_id, ${quarter}`.execute(db)
  const days = new Map<string, DayRow>()
  for (const group of groups.rows) {
    const day = localDate(Number(group.quarter) * QUARTER_HOUR_MS, format)
    const key = `${group.player_id}|${day}|${group.game_id}`
    const row = days.get(key) ?? {
      player_id: Number(group.player_id),
      day,
      game_id: group.game_id,
      rounds: 0,
      bets: 0,
      wins: 0,
    }
    row.rounds += Number(group.rounds)
    row.bets += Number(group.bets)
    row.wins += Number(group.wins)
    days.set(key, row)
  }
  const rows = [...days.values()]
  for (let i = 0; i < rows.length; i += 500) {
    await (db as Kysely<{ game_play_days: DayRow }>)
      .insertInto('game_play_days')
      .values(rows.slice(i, i + 500))
      .execute()
  }
}

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
      await countExistingRounds(db, timeZone)
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
