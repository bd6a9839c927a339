// What the operator dashboard reads from games: how many players played in the last minutes.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export async function playersPlayingSince(db: Kysely<Database>, since: number): Promise<number> {
  const row = await db
    .selectFrom('game_rounds')
    .select((eb) => eb.fn.count<number>('player_id').distinct().as('n'))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
