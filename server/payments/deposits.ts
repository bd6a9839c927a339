// Deposit orders: created for an amount (idempotent per requestId, inside the player's limits),
// paid by a PIX the provider reports (webhook or reconciliation), or expired after the PIX
// expiry. A payment is looked at once per end-to-end id, even after expiry: an order is credited
// exactly its amount, once; the excess of an overpayment, and the whole of a payment that breaks
// the rules (second payment, underpayment, player on a break or over a deposit limit, payer CPF
// not the player's, unknown charge) is returned to the payer (refunds.ts). The first paid deposit
// of a player who accepted the offer earns the first-deposit bonus (when promotions are on).
import { type Kysely, type Selectable, sql } from 'kysely'
import { normalizeCpf } from '../../contract/cpf.ts'
import type {
  DepositAmounts,
  DepositLimitView,
  DepositOrder,
  DepositPush,
  DepositRefundView,
  FirstDepositOffer,
  RefundReason,
} from '../../contract/deposits.ts'
import { accountClosing, accountHeld, refuseIfHeld } from '../accounts/account-holds.ts'
import { openReviewOf } from '../accounts/identity-checks.ts'
import { activeSelfExclusion, mandatoryLimitsSet, readDepositLimits } from '../accounts/limits.ts'
import { adultConfirmed, lockPlayerRow } from '../accounts/players.ts'
import { verifiedIdentity } from '../accounts/verification.ts'
import { auditEntryExists, writeAudit } from '../audit/audit.ts'
import { type Config, promotionOn } from '../config.ts'
import type { Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { MessageParams } from '../i18n/messages.ts'
import { createOnce } from '../idempotency.ts'
import { grantBonus } from '../ledger/bonus.ts'
import { creditDeposit } from '../ledger/deposits.ts'
import type { Ledger } from '../ledger/ledger.ts'
import type { LedgerTx } from '../ledger/tx.ts'
import { periodEnd, periodStart } from '../lib/periods.ts'
import type { Metrics } from '../metrics/metrics.ts'
import { Refusal } from '../refusal.ts'
import { refuseIfRegisterBlocked, registerBlocked } from '../sigap/gate.ts'
import { newOrderId, newTxid } from './ids.ts'
import { fromPixValue } from './pix-values.ts'
import { type PaymentProvider, type PixReceived, ProviderUnavailable } from './provider.ts'
import type { RefundService } from './refunds.ts'

export interface DepositServiceOptions {
  db: Kysely<Database>
  engine: Engine
  ledger: Ledger
  provider: PaymentProvider
  refunds: RefundService
  config: Config
  now: () => number
  metrics?: Pick<Metrics, 'deposit'>
  /** A PIX in the ledger that the provider does not confirm (the operators' alert). */
  onAlert?: (alert: { endToEndId: string; amount: number; gap: number }) => void
}

/** Runs in the transaction that credits a player's first paid deposit (e.g. invite rewards). */
export type FirstDepositHandler = (tx: LedgerTx, playerId: number) => Promise<void>
/** A credited deposit as another module sees it, inside the transaction that credits it. */
export interface CreditedDeposit {
  playerId: number
  orderId: string
  amount: number
  first: boolean
  paidAt: number
}
export type DepositCreditedHandler = (tx: LedgerTx, deposit: CreditedDeposit) => Promise<void>

type OrderRow = Selectable<Database['deposit_orders']>

export type ApplyOutcome = 'credited' | 'refunded' | 'replayed' | 'unmatched' | 'invalid' | 'unconfirmed'

/** What a received PIX does: credit (the charge's amount) and/or return (the rest, with why). */
interface PaymentDecision {
  credit: number
  refund: number
  reason: RefundReason | null
}

const refuse = (amount: number, reason: RefundReason): PaymentDecision => ({ credit: 0, refund: amount, reason })

const RECONCILE_EVERY_MS = 15_000
/** How often, and how far back, reconciliation lists every PIX received (`GET /pix?inicio&fim`). */
const LIST_RECEIVED_EVERY_MS = 5 * 60_000
const LIST_RECEIVED_WINDOW_MS = 48 * 3600_000
/** How long after expiry reconciliation still asks the provider about an order. */
const RECONCILE_AFTER_EXPIRY_MS = 3600_000

export class DepositService {
  readonly #o: DepositServiceOptions
  readonly #firstDepositHandlers: FirstDepositHandler[] = []
  readonly #creditedHandlers: DepositCreditedHandler[] = []
  #timer: NodeJS.Timeout | undefined
  #listedAt = 0

  constructor(options: DepositServiceOptions) {
    this.#o = options
  }
  /** Another module's work for the transaction that credits a player's first paid deposit. */
  onFirstDeposit(handler: FirstDepositHandler): void {
    this.#firstDepositHandlers.push(handler)
  }
  /** Another module's work for the transaction that credits any deposit (e.g. a conversion event). */
  onDepositCredited(handler: DepositCreditedHandler): void {
    this.#creditedHandlers.push(handler)
  }

  get firstDepositOffer(): FirstDepositOffer {
    const { rate, maxDeposit, wagering } = this.#o.config.promotions.firstDeposit
    return { rate, maxDeposit, maxBonus: Math.round(rate * maxDeposit), wageringMultiplier: wagering }
  }

  /** The first-deposit offer while it applies: promotions on, never deposited, not on a break. */
  async offerFor(playerId: number, now: number): Promise<FirstDepositOffer | null> {
    const eligible =
      promotionOn(this.#o.config, 'first_deposit') &&
      !(await hasPaidDeposit(this.#o.db, playerId)) &&
      !(await activeSelfExclusion(this.#o.db, playerId, now))
    return eligible ? this.firstDepositOffer : null
  }

  async amounts(playerId: number): Promise<DepositAmounts> {
    const { deposits, payments } = this.#o.config
    const now = this.#o.now()
    return {
      amounts: deposits.amounts,
      min: deposits.min,
      max: deposits.max,
      firstDepositOffer: await this.offerFor(playerId, now),
      limits: await this.#limitUse(this.#o.db, playerId, now),
      expirySeconds: payments.expirySeconds,
      sandbox: this.#o.provider.sandbox,
    }
  }

  async create(playerId: number, input: { amount: number; requestId: string; acceptOffer?: boolean }) {
    const { db, config } = this.#o
    const { min, max } = config.deposits
    const acceptOffer = input.acceptOffer === true ? 1 : 0
    if (!(await adultConfirmed(db, playerId))) throw new Refusal('age_not_confirmed')
    const verification = await verifiedIdentity(db, playerId)
    // Verification settles before the first deposit: one waiting for an operator says so.
    if (!verification)
      throw new Refusal((await openReviewOf(db, playerId)) ? 'verification_pending' : 'verification_required')
    // Portaria SPA/MF 2.579/2025: the daily loss and time limits are part of the registration.
    if (!(await mandatoryLimitsSet(db, playerId, this.#o.now()))) throw new Refusal('registration_limits_required')

    const order = await db.transaction().execute(async (trx) => {
      // One order decision per player at a time, so two requests cannot both fit in a limit.
      if (this.#o.engine === 'postgres') await lockPlayerRow(trx, playerId)
      const now = this.#o.now()
      return createOnce({
        find: () =>
          trx
            .selectFrom('deposit_orders')
            .selectAll()
            .where('player_id', '=', playerId)
            .where('request_id', '=', input.requestId)
            .executeTakeFirst(),
        sameRequest: (existing) =>
          Number(existing.amount) === input.amount && Number(existing.accept_offer) === acceptOffer,
        replay: (existing) => existing,
        create: async () => {
          if (input.amount < min || input.amount > max) throw new Refusal('amount_out_of_range', { min, max })
          await refuseIfRegisterBlocked(trx, playerId)
          await refuseIfHeld(trx, playerId)
          const exclusion = await activeSelfExclusion(trx, playerId, now)
          if (exclusion) {
            const params: MessageParams = exclusion.until === null ? {} : { until: exclusion.until }
            throw new Refusal('self_excluded', { until: exclusion.until }, params)
          }
          for (const limit of await this.#limitUse(trx, playerId, now)) {
            if (input.amount > limit.remaining) throw new Refusal('deposit_limit_reached', { ...limit })
          }
          const row: OrderRow = {
            id: newOrderId('D'),
            player_id: playerId,
            request_id: input.requestId,
            amount: input.amount,
            txid: newTxid(),
            pay_code: '',
            status: 'pending',
            accept_offer: acceptOffer,
            created_at: now,
            expires_at: now + config.payments.expirySeconds * 1000,
            paid_at: null,
            paid_amount: null,
            amount_mismatch: 0,
            bonus_amount: 0,
            cancelled_at: null,
            cancel_reason: null,
          }
          await trx.insertInto('deposit_orders').values(row).execute()
          return row
        },
      })
    })

    if (order.pay_code === '') {
      // The charge is created after the order commits (no provider call inside a transaction);
      // the provider answers the same charge for the same txid, so a retry is safe.
      try {
        const charge = await this.#o.provider.createCharge({
          txid: order.txid,
          amount: Number(order.amount),
          expiresInSeconds: Math.max(1, Math.round((Number(order.expires_at) - Number(order.created_at)) / 1000)),
          payer: { name: verification.fullName, cpf: verification.cpf },
        })
        await db
          .updateTable('deposit_orders')
          .set({ pay_code: charge.pixCopiaECola })
          .where('id', '=', order.id)
          .execute()
        order.pay_code = charge.pixCopiaECola
      } catch (error) {
        await db.updateTable('deposit_orders').set({ status: 'expired' }).where('id', '=', order.id).execute()
        // A PSP that does not answer is a clear refusal, not a server error; nothing was charged.
        if (error instanceof ProviderUnavailable) throw new Refusal('payment_provider_unavailable')
        throw error
      }
      this.#o.metrics?.deposit('created')
    }
    return this.view(order)
  }

  /** The copia-e-cola code of a charge, by its txid (for its QR image). */
  async payCodeOf(txid: string): Promise<string | null> {
    const row = await this.#o.db
      .selectFrom('deposit_orders')
      .select('pay_code')
      .where('txid', '=', txid)
      .executeTakeFirst()
    return row?.pay_code ?? null
  }

  /** How many of the player's deposits were paid (the account's first-deposit state). */
  paidCount(playerId: number): Promise<number> {
    return paidDepositCount(this.#o.db, playerId)
  }

  async find(playerId: number, orderId: string): Promise<DepositOrder | null> {
    const row = await this.#o.db
      .selectFrom('deposit_orders')
      .selectAll()
      .where('id', '=', orderId)
      .where('player_id', '=', playerId)
      .executeTakeFirst()
    return row ? this.view(row, await this.#o.refunds.forOrder(row.id)) : null
  }

  view(row: OrderRow, refunds: DepositRefundView[] = []): DepositOrder {
    const now = this.#o.now()
    const cancelled =
      row.cancelled_at == null ? null : { at: Number(row.cancelled_at), reason: row.cancel_reason ?? 'self_excluded' }
    const status = cancelled
      ? 'cancelled'
      : row.status === 'pending' && Number(row.expires_at) <= now
        ? 'expired'
        : row.status
    const base = this.#o.config.publicUrl
    return {
      orderId: row.id,
      amount: Number(row.amount),
      status,
      // A withdrawn charge's code is no longer shown: paying it could only send money out and back.
      payCode: cancelled ? '' : row.pay_code,
      qrcodeUrl: `${base}/api/pix/qr/${row.txid}.svg`,
      payUrl: this.#o.provider.payUrl(row.pay_code),
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
      serverTime: now,
      paidAt: row.paid_at === null ? null : Number(row.paid_at),
      paidAmount: row.paid_amount === null ? null : Number(row.paid_amount),
      bonusAmount: Number(row.bonus_amount ?? 0),
      refunds,
      cancelled,
    }
  }

  /**
   * Applies one received PIX (from a webhook or reconciliation), once per end-to-end id: credits
   * the order's amount when the payment follows the rules, and returns the rest to the payer.
   */
  /**
   * A payment a webhook reports, applied only as the provider confirms it (API Pix `GET
   * /pix/{e2eid}`): a signed webhook proves who sent it, not that the money arrived. One the
   * provider never received is not applied ('unconfirmed'; so is one it cannot be asked about
   * now — reconciliation, which asks the provider itself, brings it later); where the webhook's
   * txid, amount or payer differ from the provider's, the provider's word is what is applied.
   */
  async applyReported(reported: PixReceived): Promise<{ outcome: ApplyOutcome; differs: string[] }> {
    const confirmed = await this.#o.provider.getPix(reported.endToEndId).catch((error: unknown) => {
      if (error instanceof ProviderUnavailable) return undefined
      throw error
    })
    if (!confirmed) {
      this.#o.metrics?.deposit('unconfirmed')
      // Unknown to the provider is a forgery; no answer now is for reconciliation to settle.
      return { outcome: 'unconfirmed', differs: confirmed === null ? ['unknown_to_provider'] : [] }
    }
    const differs = [
      confirmed.txid !== reported.txid && 'txid',
      fromPixValue(confirmed.valor) !== fromPixValue(reported.valor) && 'valor',
      normalizeCpf(confirmed.pagador?.cpf ?? '') !== normalizeCpf(reported.pagador?.cpf ?? '') && 'pagador',
    ].filter((field): field is string => field !== false)
    return { outcome: await this.apply(confirmed), differs }
  }

  async apply(pix: PixReceived): Promise<ApplyOutcome> {
    const amount = fromPixValue(pix.valor)
    if (amount === null || amount <= 0) {
      this.#o.metrics?.deposit('invalid')
      return 'invalid'
    }
    const settledAt = Date.parse(pix.horario)
    const { outcome, refundId } = await this.#o.ledger.transact(async (tx) => {
      const { trx, now } = tx
      const seen = await trx
        .selectFrom('pix_payments')
        .select('end_to_end_id')
        .where('end_to_end_id', '=', pix.endToEndId)
        .executeTakeFirst()
      if (seen) return { outcome: 'replayed' as const, refundId: null }
      let orderQuery = trx.selectFrom('deposit_orders').selectAll().where('txid', '=', pix.txid)
      if (this.#o.engine === 'postgres') orderQuery = orderQuery.forUpdate()
      const order = await orderQuery.executeTakeFirst()
      const paidAt = Number.isFinite(settledAt) ? settledAt : now
      const late = order ? Math.max(paidAt, now) >= Number(order.expires_at) : false
      // A concurrent delivery of the same payment fails here on the primary key; the ledger
      // retries the transaction, which then answers 'replayed'.
      await trx
        .insertInto('pix_payments')
        .values({
          end_to_end_id: pix.endToEndId,
          txid: pix.txid,
          amount,
          paid_at: paidAt,
          order_id: order?.id ?? null,
          late: late ? 1 : 0,
          received_at: now,
          payer_cpf: pix.pagador?.cpf ? normalizeCpf(pix.pagador.cpf) : null,
        })
        .execute()
      const refundOf = (decision: PaymentDecision, playerId: number | null) =>
        this.#o.refunds.record(tx, {
          endToEndId: pix.endToEndId,
          txid: pix.txid,
          orderId: order?.id ?? null,
          playerId,
          amount: decision.refund,
          reason: decision.reason as RefundReason,
          credited: decision.credit,
        })
      if (!order) {
        return { outcome: 'unmatched' as const, refundId: await refundOf(refuse(amount, 'unknown_charge'), null) }
      }
      const playerId = Number(order.player_id)
      const decision = await this.#decide(tx, order, pix, amount)
      if (decision.credit > 0) await this.#credit(tx, order, pix.endToEndId, decision, paidAt)
      else if (order.status === 'pending') {
        // Refused in full: its charge is paid at the bank, so the order is over and stops
        // counting against the player's deposit limits.
        await trx.updateTable('deposit_orders').set({ status: 'expired' }).where('id', '=', order.id).execute()
      }
      const refundId = decision.refund > 0 ? await refundOf(decision, playerId) : null
      return { outcome: decision.credit > 0 ? ('credited' as const) : ('refunded' as const), refundId }
    })
    // The provider is asked after commit; if it does not answer, the poller asks again.
    this.#o.metrics?.deposit(outcome)
    if (refundId) await this.#o.refunds.send(refundId)
    return outcome
  }

  /** The rules a received PIX must follow to be credited (Portaria SPA/MF 615/2024, the player's limits). */
  async #decide(tx: LedgerTx, order: OrderRow, pix: PixReceived, amount: number): Promise<PaymentDecision> {
    const { trx, now } = tx
    const playerId = Number(order.player_id)
    const charge = Number(order.amount)
    const verification = await verifiedIdentity(trx, playerId)
    if (!pix.pagador?.cpf) return refuse(amount, 'payer_unknown')
    if (!verification || normalizeCpf(pix.pagador.cpf) !== normalizeCpf(verification.cpf)) {
      return refuse(amount, 'payer_not_player')
    }
    if (order.status === 'paid') return refuse(amount, 'already_paid')
    if (await activeSelfExclusion(trx, playerId, now)) return refuse(amount, 'self_excluded')
    // A player the barred-person register has not cleared may not deposit (Portaria SPA/MF 2.217/2025).
    if (
      (await accountHeld(trx, playerId)) ||
      (await accountClosing(trx, playerId)) ||
      (await registerBlocked(trx, playerId))
    )
      return refuse(amount, 'account_held')
    if (amount < charge) return refuse(amount, 'underpaid')
    if (await this.#overLimit(trx, playerId, charge, now)) return refuse(amount, 'deposit_limit')
    return { credit: charge, refund: amount - charge, reason: amount > charge ? 'overpaid' : null }
  }

  /** Credits the order's amount (and the first-deposit bonus), marks it paid and tells the player. */
  async #credit(tx: LedgerTx, order: OrderRow, endToEndId: string, decision: PaymentDecision, paidAt: number) {
    const { trx } = tx
    const playerId = Number(order.player_id)
    const amount = decision.credit
    const firstDeposit = !(await hasPaidDeposit(trx, playerId))
    await creditDeposit(tx, { endToEndId, playerId, amount, orderId: order.id })

    let bonusAmount = 0
    if (firstDeposit && Number(order.accept_offer) === 1 && promotionOn(this.#o.config, 'first_deposit')) {
      const offer = this.firstDepositOffer
      bonusAmount = Math.round(offer.rate * Math.min(amount, offer.maxDeposit))
      await grantBonus(tx, {
        id: `first-deposit:${playerId}`,
        playerId,
        amount: bonusAmount,
        wageringMultiplier: offer.wageringMultiplier,
        kind: 'first_deposit_bonus',
        reference: order.id,
      })
    }
    if (firstDeposit) for (const handler of this.#firstDepositHandlers) await handler(tx, playerId)
    for (const handler of this.#creditedHandlers)
      await handler(tx, { playerId, orderId: order.id, amount, first: firstDeposit, paidAt })
    await trx
      .updateTable('deposit_orders')
      .set({
        status: 'paid',
        paid_at: paidAt,
        paid_amount: amount,
        amount_mismatch: decision.refund > 0 ? 1 : 0,
        bonus_amount: bonusAmount,
      })
      .where('id', '=', order.id)
      .execute()
    const push: DepositPush = { orderId: order.id, amount, bonusAmount }
    if (decision.refund > 0 && decision.reason) push.refund = { amount: decision.refund, reason: decision.reason }
    tx.emit(playerId, 'deposit', push)
  }

  /** True when crediting `amount` now would pass a deposit limit in force (paid deposits only). */
  async #overLimit(db: Kysely<Database>, playerId: number, amount: number, now: number): Promise<boolean> {
    const { timeZone } = this.#o.config.market
    for (const setting of await readDepositLimits(db, playerId, now)) {
      if (setting.amount === null) continue
      const row = await db
        .selectFrom('deposit_orders')
        .select(sql<string | number>`coalesce(sum(paid_amount), 0)`.as('paid'))
        .where('player_id', '=', playerId)
        .where('status', '=', 'paid')
        .where('created_at', '>=', periodStart(setting.period, now, timeZone))
        .executeTakeFirst()
      if (Number(row?.paid ?? 0) + amount > setting.amount) return true
    }
    return false
  }

  /**
   * Marks orders past their expiry as expired (a later payment still credits them) and withdraws
   * their charges at the provider (API Pix `PATCH /cob/{txid}`), so their codes stop being payable.
   */
  async expire(): Promise<number> {
    const now = this.#o.now()
    const due = await this.#o.db
      .selectFrom('deposit_orders')
      .select('txid')
      .where('status', '=', 'pending')
      .where('expires_at', '<=', now)
      .limit(500)
      .execute()
    if (due.length === 0) return 0
    const txids = due.map((row) => row.txid)
    const result = await this.#o.db
      .updateTable('deposit_orders')
      .set({ status: 'expired' })
      .where('status', '=', 'pending')
      .where('txid', 'in', txids)
      .executeTakeFirst()
    // Best effort: a charge the provider keeps expires there on its own (calendario.expiracao).
    await this.#withdrawCharges(txids)
    return Number(result.numUpdatedRows)
  }

  /**
   * Withdraws the still-payable orders of players on a pause (one player's, right after their
   * pause commits; everyone's, at each reconciliation, should that call not have happened): each
   * is marked cancelled — its status `expired`, so a PIX that still arrives is looked at and
   * returned while the pause lasts — and its charge withdrawn at the provider (API Pix
   * `PATCH /cob/{txid}`), so its code can no longer be paid. Marking again changes nothing; a
   * provider that does not answer is asked again by reconciliation (`#withdrawCancelled`).
   */
  async cancelForPause(playerId?: number): Promise<number> {
    const { db } = this.#o
    const now = this.#o.now()
    let query = db
      .selectFrom('deposit_orders')
      .select(['id', 'txid', 'player_id'])
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .limit(500)
    if (playerId !== undefined) query = query.where('player_id', '=', playerId)
    const open = await query.execute()
    const paused = new Set<number>()
    for (const id of new Set(open.map((row) => Number(row.player_id)))) {
      if (await activeSelfExclusion(db, id, now)) paused.add(id)
    }
    const due = open.filter((row) => paused.has(Number(row.player_id)))
    if (due.length === 0) return 0
    const result = await db
      .updateTable('deposit_orders')
      .set({ status: 'expired', cancelled_at: now, cancel_reason: 'self_excluded' })
      .where('status', '=', 'pending')
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .executeTakeFirst()
    await this.#withdrawCharges(due.map((row) => row.txid))
    return Number(result.numUpdatedRows)
  }

  /** Withdraws charges at the provider, best effort: a charge already paid or removed stays as it is. */
  async #withdrawCharges(txids: string[]): Promise<void> {
    const cancel = this.#o.provider.cancelCharge?.bind(this.#o.provider)
    if (cancel) for (const txid of txids) await cancel(txid).catch(() => false)
  }

  /**
   * Asks the provider about every order still open or expired (or paid) within the last hour,
   * applies any payment a lost webhook did not bring (a second payment of a paid order too, so
   * that it is returned), and asks again for refunds the provider has not taken.
   */
  async reconcile(): Promise<number> {
    const now = this.#o.now()
    const open = await this.#o.db
      .selectFrom('deposit_orders')
      .select(['txid', 'cancelled_at'])
      .where('expires_at', '>', now - RECONCILE_AFTER_EXPIRY_MS)
      .where('pay_code', '<>', '')
      .orderBy('created_at')
      .limit(500)
      .execute()
    let credited = 0
    const stillActive: string[] = []
    for (const { txid, cancelled_at } of open) {
      const charge = await this.#o.provider.getCharge(txid)
      for (const pix of await this.#notApplied(charge?.pix ?? []))
        if ((await this.apply(pix)) === 'credited') credited++
      // A cancelled order's charge the provider did not withdraw when asked (it did not answer).
      if (cancelled_at != null && charge?.status === 'ATIVA') stillActive.push(txid)
    }
    await this.#withdrawCharges(stillActive)
    await this.cancelForPause()
    credited += await this.#reconcileReceived(now)
    await this.expire()
    await this.#o.refunds.retry()
    return credited
  }

  /**
   * Every PIX the provider received in the last 48 h that we have not applied (an app down longer
   * than an order's reconciliation hour, a webhook lost for good): applied now. At most every
   * five minutes, and at start-up.
   */
  async #reconcileReceived(now: number): Promise<number> {
    const list = this.#o.provider.listReceived?.bind(this.#o.provider)
    if (!list || now - this.#listedAt < LIST_RECEIVED_EVERY_MS) return 0
    const received = await list(now - LIST_RECEIVED_WINDOW_MS, now)
    this.#listedAt = now
    await this.#checkClearing(received, now)
    let credited = 0
    for (const pix of await this.#notApplied(received)) if ((await this.apply(pix)) === 'credited') credited++
    return credited
  }

  /**
   * The payments among `pix` not yet applied. Reconciliation asks about paid orders for an hour
   * (a second payment of one must still be returned), so the PIX it hears of are mostly known:
   * passing them to `apply` would open a ledger transaction each, every 15 s, only to find them
   * applied — and count each as `replayed`, a count meant for deliveries the PSP repeated.
   */
  async #notApplied(pix: readonly PixReceived[]): Promise<PixReceived[]> {
    if (pix.length === 0) return []
    const known = new Set<string>()
    // Chunks keep the IN list under every engine's parameter limit.
    for (let i = 0; i < pix.length; i += 500) {
      const ids = pix.slice(i, i + 500).map((p) => p.endToEndId)
      const rows = await this.#o.db
        .selectFrom('pix_payments')
        .select('end_to_end_id')
        .where('end_to_end_id', 'in', ids)
        .execute()
      for (const row of rows) known.add(row.end_to_end_id)
    }
    return pix.filter((p) => !known.has(p.endToEndId))
  }

  /**
   * What the ledger took in through PIX clearing beyond what the provider confirmed: the
   * payments of the listed window (less an hour at its far edge) that the provider's list lacks,
   * or lists for less. Above 0 the clearing account is below what the PSP confirmed — a forged
   * webhook from before payments were confirmed, or a database changed by hand: each such
   * payment gets one audit row and an error line, and the gauge
   * `jogolimpo_pix_clearing_unconfirmed_centavos` says how much (the alert rule fires on it).
   */
  async #checkClearing(received: PixReceived[], listedAt: number): Promise<void> {
    const confirmed = new Map(received.map((pix) => [pix.endToEndId, fromPixValue(pix.valor) ?? 0]))
    const rows = await this.#o.db
      .selectFrom('pix_payments')
      .select(['end_to_end_id', 'txid', 'amount', 'paid_at'])
      .where('paid_at', '>=', listedAt - LIST_RECEIVED_WINDOW_MS + 3600_000)
      .where('received_at', '<', listedAt)
      .execute()
    let unconfirmed = 0
    for (const row of rows) {
      const gap = Number(row.amount) - (confirmed.get(row.end_to_end_id) ?? 0)
      if (gap <= 0) continue
      unconfirmed += gap
      if (
        await auditEntryExists(this.#o.db, 'payments.pix_unconfirmed', { type: 'pix_payment', id: row.end_to_end_id })
      )
        continue
      await writeAudit(
        this.#o.db,
        { id: null, name: 'system: reconciliation', ip: '' },
        {
          action: 'payments.pix_unconfirmed',
          objectType: 'pix_payment',
          objectId: row.end_to_end_id,
          after: { txid: row.txid, amount: Number(row.amount), confirmed: confirmed.get(row.end_to_end_id) ?? null },
          reason: 'PIX in the ledger that the provider does not confirm',
        },
        this.#o.now(),
      )
      this.#o.onAlert?.({ endToEndId: row.end_to_end_id, amount: Number(row.amount), gap })
    }
    this.unconfirmedCentavos = unconfirmed
  }

  /** From the last check of the ledger's PIX against the provider's list (`#checkClearing`). */
  unconfirmedCentavos = 0

  /** The pass made at start-up (it lists the last 48 h from the provider), once `start` was called. */
  startupPass: Promise<void> = Promise.resolve()

  start(onError: (error: unknown) => void): void {
    this.startupPass = this.reconcile().then(() => undefined, onError)
    this.#timer = setInterval(() => void this.reconcile().catch(onError), RECONCILE_EVERY_MS)
    this.#timer.unref()
  }

  stop(): void {
    clearInterval(this.#timer)
  }

  /** Each limit in force, with what this period's paid deposits and open orders used of it. */
  async #limitUse(db: Kysely<Database>, playerId: number, now: number): Promise<DepositLimitView[]> {
    const { timeZone } = this.#o.config.market
    const views: DepositLimitView[] = []
    for (const setting of await readDepositLimits(db, playerId, now)) {
      if (setting.amount === null) continue
      const since = periodStart(setting.period, now, timeZone)
      const row = await db
        .selectFrom('deposit_orders')
        .select(
          sql<
            string | number
          >`coalesce(sum(case when status = 'paid' then paid_amount when status = 'pending' and expires_at > ${now} then amount else 0 end), 0)`.as(
            'used',
          ),
        )
        .where('player_id', '=', playerId)
        .where('created_at', '>=', since)
        .executeTakeFirst()
      const used = Number(row?.used ?? 0)
      views.push({
        period: setting.period,
        limit: setting.amount,
        used,
        remaining: Math.max(0, setting.amount - used),
        resetsAt: periodEnd(setting.period, now, timeZone),
      })
    }
    return views
  }
}

/** How many of the player's deposits were paid. */
export async function paidDepositCount(db: Kysely<Database>, playerId: number): Promise<number> {
  const row = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('player_id', '=', playerId)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function hasPaidDeposit(db: Kysely<Database>, playerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('deposit_orders')
    .select('id')
    .where('player_id', '=', playerId)
    .where('status', '=', 'paid')
    .executeTakeFirst()
  return row !== undefined
}

/** The player whose deposit order a charge's txid is (null for a txid of no order). */
export async function depositPlayerOfTxid(db: Kysely<Database>, txid: string): Promise<number | null> {
  const row = await db.selectFrom('deposit_orders').select('player_id').where('txid', '=', txid).executeTakeFirst()
  return row?.player_id ?? null
}
