// Push's part of the retention job (server/retention): a closed account's Web Push subscriptions
// (an endpoint and keys that identify its browsers) are removed; nothing is sent to it any more.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/** Answers how many rows went. Repeatable. */
export async function anonymisePushData(db: Kysely<Database>, playerId: number): Promise<number> {
  const removed = await db.deleteFrom('push_subscriptions').where('player_id', '=', playerId).executeTakeFirst()
  return Number(removed.numDeletedRows)
}
