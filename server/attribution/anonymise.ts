// Attribution's part of the retention job (server/retention): a closed account's ad-click
// identifiers and browser string are removed; its consent and events (kind, value, time) stay.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/** Answers how many rows changed. Repeatable. */
export async function anonymiseAttributionData(db: Kysely<Database>, playerId: number): Promise<number> {
  const clicks = await db
    .updateTable('attribution_clicks')
    .set({ fbc: null, fbp: null, event_url: null, client_user_agent: null })
    .where('player_id', '=', playerId)
    .where((eb) =>
      eb.or([
        eb('fbc', 'is not', null),
        eb('fbp', 'is not', null),
        eb('event_url', 'is not', null),
        eb('client_user_agent', 'is not', null),
      ]),
    )
    .executeTakeFirst()
  return Number(clicks.numUpdatedRows)
}
