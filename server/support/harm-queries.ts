// Support's records as the harm watch (server/harm) reads them: what the player wrote to support
// (the distress-words marker looks for words of despair in it), and who wrote over a span.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/** The texts the player wrote to support since `since`. */
export async function playerMessagesSince(db: Kysely<Database>, playerId: number, since: number): Promise<string[]> {
  return (await playerMessagesSinceFor(db, [playerId], since)).get(playerId) ?? []
}

/** The texts each of the players wrote to support since `since`, in one query for a batch. */
export async function playerMessagesSinceFor(db: Kysely<Database>, playerIds: readonly number[], since: number) {
  const byPlayer = new Map<number, string[]>()
  if (playerIds.length === 0) return byPlayer
  const rows = await db
    .selectFrom('support_messages')
    .innerJoin('support_conversations', 'support_conversations.id', 'support_messages.conversation_id')
    .select(['support_conversations.player_id', 'support_messages.text'])
    .where('support_conversations.player_id', 'in', playerIds)
    .where('support_messages.author', '=', 'player')
    .where('support_messages.created_at', '>=', since)
    .execute()
  for (const row of rows) {
    const id = Number(row.player_id)
    const list = byPlayer.get(id) ?? []
    list.push(row.text)
    byPlayer.set(id, list)
  }
  return byPlayer
}

/** Players who wrote to support in [from, to). */
export async function playersWritingBetween(db: Kysely<Database>, from: number, to: number): Promise<number[]> {
  const rows = await db
    .selectFrom('support_messages')
    .innerJoin('support_conversations', 'support_conversations.id', 'support_messages.conversation_id')
    .select('support_conversations.player_id')
    .distinct()
    .where('support_messages.author', '=', 'player')
    .where('support_messages.created_at', '>=', from)
    .where('support_messages.created_at', '<', to)
    .execute()
  return rows.map((row) => Number(row.player_id))
}
