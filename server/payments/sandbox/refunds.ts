// The sandbox bank's refunds (API Pix `PUT/GET /pix/{e2eid}/devolucao/{id}`): a refund returns
// part or all of a PIX it received to the payer, at once (status DEVOLVIDO). The same id for the
// same PIX answers the same refund; refunds of one PIX never add up to more than it.
import type { Kysely, Selectable } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { newReturnId } from '../ids.ts'
import { toPixValue } from '../pix-values.ts'
import { type PixRefund, RefundRefused, type RefundRequest } from '../provider.ts'

type RefundRow = Selectable<Database['sandbox_refunds']>

export class SandboxRefunds {
  readonly #db: Kysely<Database>
  readonly #now: () => number

  constructor(db: Kysely<Database>, now: () => number) {
    this.#db = db
    this.#now = now
  }

  async request(input: RefundRequest): Promise<PixRefund> {
    const existing = await this.#row(input.endToEndId, input.id)
    if (existing) return refundView(existing)
    const pix = await this.#db
      .selectFrom('sandbox_received_pix')
      .select('amount')
      .where('end_to_end_id', '=', input.endToEndId)
      .executeTakeFirst()
    if (!pix) throw new RefundRefused('PixNaoEncontrado: no PIX with this end-to-end id')
    const returned = await this.#db
      .selectFrom('sandbox_refunds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('end_to_end_id', '=', input.endToEndId)
      .where('status', '<>', 'NAO_REALIZADO')
      .executeTakeFirstOrThrow()
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      throw new RefundRefused('PixDevolucaoInvalida: valor')
    }
    if (Number(returned.total) + input.amount > Number(pix.amount)) {
      throw new RefundRefused('PixDevolucaoInvalida: refunds would exceed the PIX')
    }
    const now = this.#now()
    await this.#db
      .insertInto('sandbox_refunds')
      .values({
        end_to_end_id: input.endToEndId,
        id: input.id,
        return_id: newReturnId(now),
        amount: input.amount,
        description: input.description.slice(0, 140),
        status: 'DEVOLVIDO',
        requested_at: now,
        settled_at: now,
      })
      .onConflict((oc) => oc.columns(['end_to_end_id', 'id']).doNothing())
      .execute()
    const row = await this.#row(input.endToEndId, input.id)
    if (!row) throw new Error(`sandbox refund ${input.id} vanished`)
    return refundView(row)
  }

  async get(endToEndId: string, id: string): Promise<PixRefund | null> {
    const row = await this.#row(endToEndId, id)
    return row ? refundView(row) : null
  }

  /** Every refund of one PIX received, oldest first (API Pix lists them as the PIX's `devolucoes`). */
  async forPix(endToEndId: string): Promise<PixRefund[]> {
    const rows = await this.#db
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('end_to_end_id', '=', endToEndId)
      .orderBy('requested_at')
      .orderBy('id')
      .execute()
    return rows.map(refundView)
  }

  /** Every refund of the PIX received for a charge (the bank page shows them). */
  async forCharge(txid: string): Promise<(PixRefund & { endToEndId: string })[]> {
    const rows = await this.#db
      .selectFrom('sandbox_refunds')
      .innerJoin('sandbox_received_pix', 'sandbox_received_pix.end_to_end_id', 'sandbox_refunds.end_to_end_id')
      .selectAll('sandbox_refunds')
      .where('sandbox_received_pix.txid', '=', txid)
      .orderBy('sandbox_refunds.requested_at')
      .execute()
    return rows.map((row) => ({ ...refundView(row), endToEndId: row.end_to_end_id }))
  }

  #row(endToEndId: string, id: string) {
    return this.#db
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('end_to_end_id', '=', endToEndId)
      .where('id', '=', id)
      .executeTakeFirst()
  }
}

function refundView(row: RefundRow): PixRefund {
  return {
    id: row.id,
    rtrId: row.return_id,
    valor: toPixValue(Number(row.amount)),
    horario: {
      solicitacao: new Date(Number(row.requested_at)).toISOString(),
      ...(row.settled_at === null ? {} : { liquidacao: new Date(Number(row.settled_at)).toISOString() }),
    },
    status: row.status,
  }
}
