// The outbox: push events written inside the transaction that caused them (any module's — the
// ledger's money changes, a withdrawal's step, later chat and notices), read by the hub after
// commit, and pruned once delivered. With PostgreSQL the same transaction notifies the other
// instances (ids only; readers re-read the state).
import { type Kysely, sql, type Transaction } from 'kysely'
import type { OutboxPayloads, PlayerTopic, PushTopic } from '../../contract/push.ts'
import type { Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'

export interface OutboxEvent<T extends PushTopic = PushTopic> {
  /** The player it is for; null for a broadcast. */
  playerId: number | null
  topic: T
  payload: OutboxPayloads[T]
}

/** A player's event. */
export function playerEvent<T extends PlayerTopic>(playerId: number, topic: T, payload: OutboxPayloads[T]) {
  return { playerId, topic, payload } as OutboxEvent
}

/** Writes events in the caller's transaction; they are delivered after it commits. */
export async function writeOutbox(
  trx: Transaction<Database>,
  engine: Engine,
  events: OutboxEvent[],
  now: number,
): Promise<void> {
  if (events.length === 0) return
  await trx
    .insertInto('outbox')
    .values(
      events.map((e) => ({
        topic: e.topic,
        player_id: e.playerId,
        payload: JSON.stringify(e.payload),
        created_at: now,
      })),
    )
    .execute()
  if (engine === 'postgres') await sql`select pg_notify('outbox', '')`.execute(trx)
}

/** Deletes delivered rows older than `before` (every instance reads from its own cursor onward). */
export async function pruneOutbox(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('outbox').where('created_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
