// Operators' notes on a player (the console's player page): the newest hundred, and a note written
// with its audit row in one transaction.
import type { Kysely } from 'kysely'
import { type Actor, writeAudit } from '../audit/audit.ts'
import type { Database } from '../db/schema.ts'

export interface OperatorNote {
  id: number
  author: string
  body: string
  createdAt: number
}

/** The player's notes, newest first (at most 100). */
export async function playerNotes(db: Kysely<Database>, playerId: number): Promise<OperatorNote[]> {
  const rows = await db
    .selectFrom('operator_notes')
    .select(['id', 'author', 'body', 'created_at'])
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
  return rows.map((n) => ({ id: Number(n.id), author: n.author, body: n.body, createdAt: Number(n.created_at) }))
}

/** Writes `actor`'s note on the player and its audit row, together. */
export async function addPlayerNote(
  db: Kysely<Database>,
  actor: Actor,
  playerId: number,
  body: string,
  now: number,
): Promise<OperatorNote> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('operator_notes')
      .values({ player_id: playerId, operator_id: actor.id, author: actor.name, body, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeAudit(
      trx,
      actor,
      { action: 'player.note', objectType: 'player', objectId: playerId, after: { noteId: Number(row.id), body } },
      now,
    )
    return { id: Number(row.id), author: actor.name, body, createdAt: now }
  })
}
