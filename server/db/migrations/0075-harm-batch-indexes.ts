// The harm watch reads each kind of record for a batch of players at once (`player_id in (…)` and a
// time since). Without an index that starts with the player, SQLite's planner took the index on
// status or time — every paid deposit, every session seen in the week — and each batch scanned
// the whole of it: cheap at thousands of players, the whole cost at a million.
import type { Kysely } from 'kysely'

const indexes = [
  { name: 'deposit_orders_player_paid', table: 'deposit_orders', columns: ['player_id', 'paid_at'] },
  { name: 'game_sessions_player_seen', table: 'game_sessions', columns: ['player_id', 'last_seen_at'] },
] as const

export function harmBatchIndexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const { name, table, columns } of indexes)
        await db.schema
          .createIndex(name)
          .on(table)
          .columns([...columns])
          .execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const { name } of indexes) await db.schema.dropIndex(name).execute()
    },
  }
}
