// The payments module's part of the player's data export (server/player-data): deposits (PIX
// charges), withdrawals with the PIX key and holder they went to, and PIX payments returned.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { isoTime, keysetPages, PLAYER_DATA_PAGE, type PlayerDataPart } from '../lib/player-data.ts'

export function paymentsPlayerData(db: Kysely<Database>): PlayerDataPart[] {
  return [
    {
      name: 'deposits',
      async *rows(playerId) {
        const orders = keysetPages(
          (after: string | null) =>
            db
              .selectFrom('deposit_orders')
              .select([
                'id',
                'amount',
                'txid',
                'status',
                'created_at',
                'expires_at',
                'paid_at',
                'paid_amount',
                'bonus_amount',
                'cancelled_at',
                'cancel_reason',
              ])
              .where('player_id', '=', playerId)
              .where('id', '>', after ?? '')
              .orderBy('id')
              .limit(PLAYER_DATA_PAGE)
              .execute(),
          (row) => row.id,
        )
        for await (const d of orders) {
          yield {
            id: d.id,
            amount: Number(d.amount),
            txid: d.txid,
            status: d.status,
            createdAt: isoTime(d.created_at),
            expiresAt: isoTime(d.expires_at),
            paidAt: isoTime(d.paid_at),
            paidAmount: d.paid_amount === null ? null : Number(d.paid_amount),
            bonusAmount: Number(d.bonus_amount),
            cancelledAt: isoTime(d.cancelled_at),
            cancelReason: d.cancel_reason,
          }
        }
      },
    },
    {
      name: 'withdrawals',
      async *rows(playerId) {
        const orders = keysetPages(
          (after: string | null) =>
            db
              .selectFrom('withdrawal_orders')
              .select([
                'id',
                'amount',
                'key_type',
                'pix_key',
                'holder_name',
                'status',
                'end_to_end_id',
                'fail_reason',
                'created_at',
                'updated_at',
              ])
              .where('player_id', '=', playerId)
              .where('id', '>', after ?? '')
              .orderBy('id')
              .limit(PLAYER_DATA_PAGE)
              .execute(),
          (row) => row.id,
        )
        for await (const w of orders) {
          yield {
            id: w.id,
            amount: Number(w.amount),
            pixKeyType: w.key_type,
            pixKey: w.pix_key,
            holderName: w.holder_name,
            status: w.status,
            endToEndId: w.end_to_end_id,
            failReason: w.fail_reason,
            createdAt: isoTime(w.created_at),
            updatedAt: isoTime(w.updated_at),
          }
        }
      },
    },
    {
      name: 'refunds',
      rows: (playerId) =>
        keysetPages(
          (after: string | null) =>
            db
              .selectFrom('pix_refunds')
              .select(['id', 'order_id', 'amount', 'reason', 'status', 'created_at', 'returned_at'])
              .where('player_id', '=', playerId)
              .where('id', '>', after ?? '')
              .orderBy('id')
              .limit(PLAYER_DATA_PAGE)
              .execute(),
          (row) => row.id,
        ),
    },
  ]
}
