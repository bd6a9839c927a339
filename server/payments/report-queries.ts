// What the regulatory export reads from payments: every PIX received, every withdrawal paid
// and every PIX set aside for return in a period, streamed in pages by time (never the period
// at once). Personal data (payer CPF, PIX key, holder name) comes back whole: the caller masks it
// unless the operator may see it.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface ReportPayment {
  type: 'pix_in' | 'pix_out' | 'pix_return'
  /** The PIX's end-to-end id (received), the withdrawal order (paid out) or the return's id. */
  id: string
  playerId: number | null
  orderId: string | null
  amount: number
  status: string
  endToEndId: string | null
  keyType: string | null
  /** The payer's CPF (received) or the PIX key paid to (paid out). */
  key: string | null
  holderName: string | null
  at: number
}

const PAGE = 500

async function* receivedBetween(db: Kysely<Database>, start: number, end: number): AsyncGenerator<ReportPayment> {
  let after = { at: start, id: '' }
  for (;;) {
    const cursor = after
    const rows = await db
      .selectFrom('pix_payments as p')
      .leftJoin('deposit_orders as d', 'd.id', 'p.order_id')
      .select(['p.end_to_end_id', 'p.order_id', 'd.player_id', 'p.amount', 'p.late', 'p.payer_cpf', 'p.paid_at'])
      .where('p.paid_at', '>=', start)
      .where('p.paid_at', '<', end)
      .where((eb) =>
        eb.or([
          eb('p.paid_at', '>', cursor.at),
          eb.and([eb('p.paid_at', '=', cursor.at), eb('p.end_to_end_id', '>', cursor.id)]),
        ]),
      )
      .orderBy('p.paid_at')
      .orderBy('p.end_to_end_id')
      .limit(PAGE)
      .execute()
    for (const r of rows)
      yield {
        type: 'pix_in',
        id: r.end_to_end_id,
        playerId: r.player_id === null ? null : Number(r.player_id),
        orderId: r.order_id,
        amount: Number(r.amount),
        status: r.order_id === null ? 'no_order' : Number(r.late) ? 'late' : 'received',
        endToEndId: r.end_to_end_id,
        keyType: r.payer_cpf === null ? null : 'cpf',
        key: r.payer_cpf,
        holderName: null,
        at: Number(r.paid_at),
      }
    const last = rows.at(-1)
    if (rows.length < PAGE || !last) return
    after = { at: Number(last.paid_at), id: last.end_to_end_id }
  }
}

/** Withdrawals paid in [start, end), in time order; after `from` (a payment's time and order id) when given. */
export async function* paidOutBetween(
  db: Kysely<Database>,
  start: number,
  end: number,
  from: { at: number; id: string } | null = null,
): AsyncGenerator<ReportPayment> {
  let after = from ?? { at: start, id: '' }
  for (;;) {
    const cursor = after
    const rows = await db
      .selectFrom('withdrawal_orders')
      .select(['id', 'player_id', 'amount', 'end_to_end_id', 'key_type', 'pix_key', 'holder_name', 'updated_at'])
      .where('status', '=', 'paid')
      .where('updated_at', '>=', start)
      .where('updated_at', '<', end)
      .where((eb) =>
        eb.or([eb('updated_at', '>', cursor.at), eb.and([eb('updated_at', '=', cursor.at), eb('id', '>', cursor.id)])]),
      )
      .orderBy('updated_at')
      .orderBy('id')
      .limit(PAGE)
      .execute()
    for (const r of rows)
      yield {
        type: 'pix_out',
        id: r.id,
        playerId: Number(r.player_id),
        orderId: r.id,
        amount: Number(r.amount),
        status: 'paid',
        endToEndId: r.end_to_end_id,
        keyType: r.key_type,
        key: r.pix_key,
        holderName: r.holder_name,
        at: Number(r.updated_at),
      }
    const last = rows.at(-1)
    if (rows.length < PAGE || !last) return
    after = { at: Number(last.updated_at), id: last.id }
  }
}

/** PIX set aside for return in [start, end), in time order; after `from` when given. */
export async function* returnsBetween(
  db: Kysely<Database>,
  start: number,
  end: number,
  from: { at: number; id: string } | null = null,
): AsyncGenerator<ReportPayment> {
  let after = from ?? { at: start, id: '' }
  for (;;) {
    const cursor = after
    const rows = await db
      .selectFrom('pix_refunds')
      .select(['id', 'end_to_end_id', 'order_id', 'player_id', 'amount', 'status', 'created_at'])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .where((eb) =>
        eb.or([eb('created_at', '>', cursor.at), eb.and([eb('created_at', '=', cursor.at), eb('id', '>', cursor.id)])]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(PAGE)
      .execute()
    for (const r of rows)
      yield {
        type: 'pix_return',
        id: r.id,
        playerId: r.player_id === null ? null : Number(r.player_id),
        orderId: r.order_id,
        amount: Number(r.amount),
        status: r.status,
        endToEndId: r.end_to_end_id,
        keyType: null,
        key: null,
        holderName: null,
        at: Number(r.created_at),
      }
    const last = rows.at(-1)
    if (rows.length < PAGE || !last) return
    after = { at: Number(last.created_at), id: last.id }
  }
}

/** PIX received, withdrawals paid, then PIX set aside for return, each in time order, in [start, end). */
export async function* paymentsBetween(
  db: Kysely<Database>,
  start: number,
  end: number,
): AsyncGenerator<ReportPayment> {
  yield* receivedBetween(db, start, end)
  yield* paidOutBetween(db, start, end)
  yield* returnsBetween(db, start, end)
}
