// Refunds of received PIX the app must not credit (Portaria SPA/MF 615/2024): each is
// recorded in the transaction that decides it (with the ledger moving the money aside, never
// through the player's balances), then asked of the provider (API Pix `devolucao`, one id per
// received PIX so asking again is the same refund). A refund the provider did not take stays
// `pending` and is asked again by the poller; one on its way is polled until it settles.

import type { Kysely, Selectable } from 'kysely'
import type { DepositRefundsPage, DepositRefundView, RefundPush, RefundReason } from '../../contract/deposits.ts'
import type { PageRequest } from '../db/keyset.ts'
import { pageNewestFirst } from '../db/keyset.ts'
import type { Database, PixRefundStatus } from '../db/schema.ts'
import { setAsidePixRefund } from '../ledger/refunds.ts'
import type { LedgerTx } from '../ledger/tx.ts'
import { refundIdFor } from './ids.ts'
import { type PaymentProvider, type PixRefund, RefundRefused } from './provider.ts'

export interface RefundServiceOptions {
  db: Kysely<Database>
  provider: PaymentProvider
  now: () => number
  onError: (error: unknown, context: string) => void
}

export interface RefundDecision {
  endToEndId: string
  txid: string
  orderId: string | null
  playerId: number | null
  amount: number
  reason: RefundReason
  /** What the same PIX credited, for the player's push. */
  credited: number
}

type RefundRow = Selectable<Database['pix_refunds']>

/** What the payer's bank shows with the returned money (API Pix `descricao`, ≤ 140 characters). */
const payerTexts: Record<RefundReason, string> = {
  overpaid: 'pagamento acima do valor da cobrança',
  underpaid: 'pagamento abaixo do valor da cobrança',
  already_paid: 'cobrança já paga',
  self_excluded: 'conta em pausa (autoexclusão)',
  account_held: 'conta do jogador em análise ou encerrada',
  deposit_limit: 'acima do limite de depósito do jogador',
  payer_not_player: 'o pagador não é o titular da conta',
  payer_unknown: 'pagador não identificado',
  unknown_charge: 'cobrança desconhecida',
}

const statusOf: Record<PixRefund['status'], PixRefundStatus> = {
  EM_PROCESSAMENTO: 'processing',
  DEVOLVIDO: 'returned',
  NAO_REALIZADO: 'failed',
}

const RETRY_BATCH = 100

export class RefundService {
  readonly #o: RefundServiceOptions

  constructor(options: RefundServiceOptions) {
    this.#o = options
  }

  /** Records a refund inside the transaction that decided it; answers its id (send it after commit). */
  async record(tx: LedgerTx, decision: RefundDecision): Promise<string> {
    const id = refundIdFor(decision.endToEndId)
    await setAsidePixRefund(tx, {
      endToEndId: decision.endToEndId,
      amount: decision.amount,
      orderId: decision.orderId,
    })
    await tx.trx
      .insertInto('pix_refunds')
      .values({
        id,
        end_to_end_id: decision.endToEndId,
        txid: decision.txid,
        order_id: decision.orderId,
        player_id: decision.playerId,
        amount: decision.amount,
        reason: decision.reason,
        status: 'pending',
        return_id: null,
        provider_reason: null,
        created_at: tx.now,
        updated_at: tx.now,
        returned_at: null,
      })
      .execute()
    if (decision.playerId !== null) {
      const push: RefundPush = {
        orderId: decision.orderId,
        amount: decision.amount,
        reason: decision.reason,
        credited: decision.credited,
      }
      tx.emit(decision.playerId, 'refund', push)
    }
    return id
  }

  /** Asks the provider to return the money (safe to repeat); a provider that fails leaves it pending. */
  async send(id: string): Promise<void> {
    const row = await this.#row(id)
    if (row?.status !== 'pending') return
    try {
      const refund = await this.#o.provider.requestRefund({
        endToEndId: row.end_to_end_id,
        id: row.id,
        amount: Number(row.amount),
        description: `Devolução Jogo Limpo: ${payerTexts[row.reason]}`,
      })
      await this.#settle(row, refund)
    } catch (error) {
      if (error instanceof RefundRefused) {
        await this.#update(row.id, 'pending', { status: 'failed', provider_reason: error.message.slice(0, 140) })
        this.#o.onError(error, `refund ${row.id} refused by the provider`)
        return
      }
      await this.#o.db
        .updateTable('pix_refunds')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: this.#o.now() }))
        .where('id', '=', row.id)
        .execute()
      this.#o.onError(error, `refund ${row.id} not taken by the provider; will retry`)
    }
  }

  /** The poller: asks again for refunds never taken, and about refunds on their way. */
  async retry(): Promise<void> {
    const open = await this.#o.db
      .selectFrom('pix_refunds')
      .selectAll()
      .where('status', 'in', ['pending', 'processing'])
      .orderBy('created_at')
      .limit(RETRY_BATCH)
      .execute()
    await this.#refresh(open)
  }

  /**
   * The provider's webhook says returns of these PIX reached a final status: ask it about ours
   * that are still open (its answer, not the webhook's body, moves them on).
   */
  async refreshFor(endToEndIds: string[]): Promise<void> {
    if (endToEndIds.length === 0) return
    const open = await this.#o.db
      .selectFrom('pix_refunds')
      .selectAll()
      .where('end_to_end_id', 'in', endToEndIds)
      .where('status', 'in', ['pending', 'processing'])
      .execute()
    await this.#refresh(open)
  }

  async #refresh(open: RefundRow[]): Promise<void> {
    for (const row of open) {
      if (row.status === 'pending') {
        await this.send(row.id)
        continue
      }
      const refund = await this.#o.provider.getRefund(row.end_to_end_id, row.id)
      if (refund) await this.#settle(row, refund)
    }
  }

  async forOrder(orderId: string): Promise<DepositRefundView[]> {
    const rows = await this.#o.db
      .selectFrom('pix_refunds')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    return rows.map(refundView)
  }

  async page(playerId: number, request: PageRequest): Promise<DepositRefundsPage> {
    const { db } = this.#o
    const total = await db
      .selectFrom('pix_refunds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('player_id', '=', playerId)
      .executeTakeFirstOrThrow()
    const { rows, nextCursor } = await pageNewestFirst(
      db.selectFrom('pix_refunds').selectAll().where('player_id', '=', playerId),
      request,
    )
    const { pageNum, pageSize } = request
    return { total: Number(total.n), pageNum, pageSize, nextCursor, refunds: rows.map(refundView) }
  }

  /** For the operator: every refund (newest first), optionally of one status. */
  async list(filter: { status?: PixRefundStatus | undefined; limit: number }) {
    let query = this.#o.db.selectFrom('pix_refunds').selectAll()
    if (filter.status) query = query.where('status', '=', filter.status)
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute()
    return rows.map((row) => ({
      ...refundView(row),
      txid: row.txid,
      playerId: row.player_id === null ? null : Number(row.player_id),
      returnId: row.return_id,
      providerReason: row.provider_reason,
      attempts: Number(row.attempts),
      updatedAt: Number(row.updated_at),
    }))
  }

  async #settle(row: RefundRow, refund: PixRefund): Promise<void> {
    const status = statusOf[refund.status]
    const settledAt = refund.horario.liquidacao ? Date.parse(refund.horario.liquidacao) : this.#o.now()
    await this.#update(row.id, row.status, {
      status,
      return_id: refund.rtrId,
      provider_reason: refund.motivo?.slice(0, 140) ?? null,
      returned_at: status === 'returned' ? settledAt : null,
    })
  }

  /** Moves a refund on from the status it was read in (a concurrent poller may have moved it first). */
  async #update(id: string, from: PixRefundStatus, values: Partial<Omit<RefundRow, 'id' | 'attempts'>>) {
    await this.#o.db
      .updateTable('pix_refunds')
      .set({ ...values, updated_at: this.#o.now() })
      .where('id', '=', id)
      .where('status', '=', from)
      .execute()
  }

  #row(id: string) {
    return this.#o.db.selectFrom('pix_refunds').selectAll().where('id', '=', id).executeTakeFirst()
  }
}

function refundView(row: RefundRow): DepositRefundView {
  return {
    refundId: row.id,
    orderId: row.order_id,
    endToEndId: row.end_to_end_id,
    amount: Number(row.amount),
    reason: row.reason,
    status: row.status,
    createdAt: Number(row.created_at),
    returnedAt: row.returned_at === null ? null : Number(row.returned_at),
  }
}
