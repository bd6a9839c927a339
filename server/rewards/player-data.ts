// The rewards module's part of the player's data export (server/player-data): every reward
// credited (its kind and amount; the money itself is in the ledger's transfers).
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { isoTime, keysetPages, PLAYER_DATA_PAGE, type PlayerDataPart } from '../lib/player-data.ts'

export function rewardsPlayerData(db: Kysely<Database>): PlayerDataPart[] {
  return [
    {
      name: 'rewards',
      async *rows(playerId) {
        const claims = keysetPages(
          (after: string | null) =>
            db
              .selectFrom('reward_claims')
              .select(['id', 'kind', 'amount', 'created_at'])
              .where('player_id', '=', playerId)
              .where('id', '>', after ?? '')
              .orderBy('id')
              .limit(PLAYER_DATA_PAGE)
              .execute(),
          (row) => row.id,
        )
        for await (const c of claims) yield { kind: c.kind, amount: Number(c.amount), at: isoTime(c.created_at) }
      },
    },
  ]
}
