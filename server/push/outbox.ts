// The outbox: push events written inside the transaction that caused them (any module's — the
// ledger's money changes, a withdrawal's step, later chat and notices), read by the hub after
// commit, and pruned once delivered. With PostgreSQL the other instances hear of new rows by a
// NOTIFY sent after the commit (push.committed(), coalesced); readers re-read the state.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { OperatorPush } from '../../contract/ops.ts'
import type { BroadcastTopic, OutboxPayloads, PlayerTopic, PushTopic } from '../../contract/push.ts'
import type { Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { DirectSqlite } from '../db/sqlite-dialect.ts'

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

/** An event for every connected player (the hub sends it as written, unless it re-reads the topic). */
export function broadcastEvent<T extends BroadcastTopic>(topic: T, payload: OutboxPayloads[T]) {
  return { playerId: null, topic, payload } as OutboxEvent
}

/** An event for every connected operator console (`/ws/ops`, topic `ops`), never a player. */
export function operatorEvent(payload: OperatorPush) {
  return { playerId: null, topic: 'ops', payload } as OutboxEvent
}

/** The insert of these events' rows, to run in the caller's transaction (none for no events). */
export function outboxInsert(trx: Transaction<Database>, events: OutboxEvent[], now: number) {
  if (events.length === 0) return undefined
  return trx
    .insertInto('outbox')
    .values(
      events.map((e) => ({
        topic: e.topic,
        player_id: e.playerId,
        payload: JSON.stringify(e.payload),
        created_at: now,
      })),
    )
    .compile()
}

/** Writes events in the caller's transaction; they are delivered after it commits. */
export async function writeOutbox(
  trx: Transaction<Database>,
  engine: Engine,
  events: OutboxEvent[],
  now: number,
): Promise<void> {
  const insert = outboxInsert(trx, events, now)
  if (insert) await trx.executeQuery(insert)
  // No NOTIFY here: inside the transaction it takes PostgreSQL's one notify lock through the
  // commit's disk flush, so every money-moving commit in the database would wait in line.
  void engine
}

/** One outbox row, prepared once: SQLite's group commit writes its rows with it (`writeOutboxDirect`). */
export const outboxRowSql = 'insert into outbox (topic, player_id, payload, created_at) values (?, ?, ?, ?)'

/**
 * `writeOutbox` on SQLite's connection, synchronously, inside the caller's transaction: a row at a
 * time through one prepared statement. A group commit writes a row per player it moved; building
 * and compiling a many-row insert for each group cost more than the rows.
 */
export function writeOutboxDirect(sqlite: DirectSqlite, events: readonly OutboxEvent[], now: number): void {
  if (events.length === 0) return
  const insert = sqlite.prepare(outboxRowSql)
  for (const event of events) insert.run(event.topic, event.playerId, JSON.stringify(event.payload), now)
}

/** Tells the other instances that new outbox rows are committed (PostgreSQL; outside any transaction). */
export async function notifyOutbox(db: Kysely<Database>): Promise<void> {
  await sql`select pg_notify('outbox', '')`.execute(db)
}

/**
 * Deletes delivered rows older than `before` (every instance reads from its own cursor onward),
 * oldest first in batches of `batch` by primary key, giving the event loop and the writers a
 * turn between batches: an hour of spins is a lot of rows to delete in one statement.
 */
export async function pruneOutbox(db: Kysely<Database>, before: number, batch = 2000): Promise<number> {
  let deleted = 0
  for (;;) {
    const ids = db.selectFrom('outbox').select('id').where('created_at', '<', before).orderBy('id').limit(batch)
    const result = await db.deleteFrom('outbox').where('id', 'in', ids).executeTakeFirst()
    const n = Number(result.numDeletedRows)
    deleted += n
    if (n < batch) return deleted
    await new Promise((resolve) => setImmediate(resolve))
  }
}
