// The attribution module's part of the player's data export (server/player-data): the marketing
// consent as decided, the ad click identifiers kept for it, and the conversion events reported.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { isoTime, type PlayerDataPart, smallPart } from '../lib/player-data.ts'

export function attributionPlayerData(db: Kysely<Database>): PlayerDataPart[] {
  return [
    smallPart('marketingConsent', async (playerId) =>
      (
        await db
          .selectFrom('attribution_consents')
          .select(['granted', 'decided_at'])
          .where('player_id', '=', playerId)
          .execute()
      ).map((c) => ({ granted: Number(c.granted) === 1, decidedAt: isoTime(c.decided_at) })),
    ),
    smallPart('adClicks', async (playerId) =>
      (
        await db
          .selectFrom('attribution_clicks')
          .select(['fbc', 'fbp', 'event_url', 'client_user_agent', 'channel', 'updated_at'])
          .where('player_id', '=', playerId)
          .execute()
      ).map((c) => ({
        clickId: c.fbc,
        browserId: c.fbp,
        page: c.event_url,
        userAgent: c.client_user_agent,
        channel: c.channel,
        updatedAt: isoTime(c.updated_at),
      })),
    ),
    smallPart('conversionEvents', async (playerId) =>
      (
        await db
          .selectFrom('attribution_events')
          .select(['kind', 'order_id', 'value', 'currency', 'event_time', 'reported_at'])
          .where('player_id', '=', playerId)
          .orderBy('id')
          .execute()
      ).map((e) => ({
        kind: e.kind,
        orderId: e.order_id,
        value: Number(e.value),
        currency: e.currency,
        at: isoTime(e.event_time),
        reportedAt: isoTime(e.reported_at),
      })),
    ),
  ]
}
