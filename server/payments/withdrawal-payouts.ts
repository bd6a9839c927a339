// Withdrawal payouts: an accepted order's current attempt handed to the provider, and what the
// provider says of it applied once — paid posts the hold, a rejected key waits for the player's
// correction, any other failure (also a key the bank finds is now someone else's) voids the hold
// and the money is back at once. Payouts the provider did not confirm are found again by polling,
// also after a restart, and the poll raises the 120-minute alert for payouts running late.

import { StepState, TrackerStep } from '../../contract/withdrawals.ts'
import { accountHeld, accountHeldLocked } from '../accounts/account-holds.ts'
import { verifiedIdentity } from '../accounts/verification.ts'
import { postHold } from '../ledger/holds.ts'
import { openPayoutClocks, type PayoutAlert, type PayoutClock, PayoutClockWatch } from './payout-clock.ts'
import type { Payout } from './provider.ts'
import {
  addStep,
  emitOrder,
  failOrder,
  holdId,
  type OrderRow,
  payoutId,
  postTransferId,
  type WithdrawalServiceOptions,
} from './withdrawal-orders.ts'

const RECONCILE_EVERY_MS = 5000

type Settled = { outcome: 'paid' | 'key_rejected' | 'failed'; requestedAt: number; at: number }

export class WithdrawalPayouts {
  readonly #o: WithdrawalServiceOptions
  readonly #watch: PayoutClockWatch
  #timer: NodeJS.Timeout | undefined

  constructor(options: WithdrawalServiceOptions) {
    this.#o = options
    this.#watch = new PayoutClockWatch(options.db, (alert) => options.onPayoutOverdue?.(alert))
  }

  /**
   * Hands the order's current attempt to the provider (safe to repeat: same payout id). An
   * attempt already claimed is sent again only when asked (`resend`: the poll found that the
   * provider does not know it, its call lost).
   */
  async dispatch(orderId: string, { resend = false }: { resend?: boolean } = {}): Promise<void> {
    const order = await this.#o.db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirst()
    if (order?.status !== 'processing' || (order.sent_attempt >= order.attempt && !resend)) return
    const owner = await verifiedIdentity(this.#o.db, Number(order.player_id))
    // A withdrawal exists only for a verified player, and verification is never undone.
    if (!owner) throw new Error(`withdrawal ${orderId} belongs to an unverified player`)
    // One not claimed yet is claimed first, or stays at home.
    if (order.sent_attempt < order.attempt && !(await this.#claim(order))) return
    let payout: Payout
    try {
      payout = await this.#o.provider.createPayout({
        id: payoutId(order.id, order.attempt),
        amount: Number(order.amount),
        keyType: order.key_type,
        key: order.pix_key,
        holderName: order.holder_name,
        ownerCpf: owner.cpf,
      })
    } catch (error) {
      // No answer: the payout may or may not exist; reconciliation asks the provider by its id.
      this.#o.onError(error, `payout ${order.id} not confirmed by the provider`)
      return
    }
    await this.applyPayout(payout)
  }

  /**
   * Claims the order's current attempt for the bank, or answers false and leaves it at home: in
   * its cool-off (the poll sends it when the time comes), or its account frozen or closed (sent
   * once the hold is lifted). The account is read under its lock in the claim's transaction, so
   * a freeze is ordered with the claim: one that comes first keeps the order at home, one that
   * comes after finds it on its way to the bank and does not count it as held. From the claim on
   * the attempt is the bank's (a lost call is sent again under the same payout id); the "sent"
   * step waits for the provider's answer.
   */
  async #claim(order: OrderRow): Promise<boolean> {
    if (order.send_after !== null && Number(order.send_after) > this.#o.now()) return false
    const playerId = Number(order.player_id)
    // Outside the transaction first: the common held case takes no lock.
    if (await accountHeld(this.#o.db, playerId)) return false
    return this.#o.db.transaction().execute(async (trx) => {
      if (await accountHeldLocked(trx, this.#o.engine, playerId)) return false
      const moved = await trx
        .updateTable('withdrawal_orders')
        .set({ sent_attempt: order.attempt })
        .where('id', '=', order.id)
        .where('status', '=', 'processing')
        .where('attempt', '=', order.attempt)
        .where('sent_attempt', '<', order.attempt)
        .executeTakeFirst()
      // Another worker claimed it (and sends it), or the order moved on.
      return moved.numUpdatedRows > 0n
    })
  }

  /** Applies what the provider says of a payout: sent, paid, or failed (once each). */
  async applyPayout(payout: Payout): Promise<void> {
    const cut = payout.id.lastIndexOf('-')
    const orderId = payout.id.slice(0, cut)
    const attempt = Number(payout.id.slice(cut + 1))
    let settled: Settled | null = null
    await this.#o.ledger.transact(async (tx) => {
      settled = null
      // Locked: the poll and a webhook (or two polls) applying the same answer at once must not
      // both record the hand-over (PostgreSQL; SQLite runs one writer at a time).
      let query = tx.trx.selectFrom('withdrawal_orders').selectAll().where('id', '=', orderId)
      if (this.#o.engine === 'postgres') query = query.forUpdate()
      const order = await query.executeTakeFirst()
      if (!order || order.attempt !== attempt || order.status !== 'processing') return
      const { now } = tx
      let current = order
      // The hand-over is recorded once, when the provider first answers for the attempt (the
      // worker's claim set sent_attempt before calling it; a webhook may come first).
      const sentStep = attempt === 1 ? TrackerStep.sent : TrackerStep.resent
      const recorded = await tx.trx
        .selectFrom('withdrawal_steps')
        .select('id')
        .where('order_id', '=', orderId)
        .where('code', '=', sentStep)
        .where('args', '=', JSON.stringify({ payoutId: payout.id }))
        .executeTakeFirst()
      if (!recorded) {
        await tx.trx
          .updateTable('withdrawal_orders')
          .set({ sent_attempt: attempt, updated_at: now })
          .where('id', '=', orderId)
          .execute()
        await addStep(tx, orderId, sentStep, StepState.success, { payoutId: payout.id }, now)
        // A check that waited (cool-off) is over once the bank has the payout.
        await tx.trx
          .updateTable('withdrawal_steps')
          .set({ state: StepState.success })
          .where('order_id', '=', orderId)
          .where('code', '=', TrackerStep.checks)
          .where('state', '=', StepState.waiting)
          .execute()
        current = { ...order, sent_attempt: attempt }
        emitOrder(tx, current)
      }
      if (payout.status === 'paid') {
        // A closure's payout is posted with its own kind (reports and the statement tell it apart).
        const kind = order.purpose === 'closure' ? 'closure_payout' : 'withdrawal_post'
        await postHold(tx, { id: postTransferId(orderId), holdId: holdId(orderId), kind })
        // The poll and a dispatch can apply the same answer at once (the post above is idempotent):
        // only the one that moves the order on records the step.
        const moved = await tx.trx
          .updateTable('withdrawal_orders')
          .set({ status: 'paid', end_to_end_id: payout.endToEndId, updated_at: now })
          .where('id', '=', orderId)
          .where('status', '=', 'processing')
          .executeTakeFirst()
        if (moved.numUpdatedRows === 0n) return
        await addStep(tx, orderId, TrackerStep.paid, StepState.success, { endToEndId: payout.endToEndId }, now)
        emitOrder(tx, { ...current, status: 'paid' })
        settled = { outcome: 'paid', requestedAt: Number(order.created_at), at: now }
      } else if (payout.status === 'failed' && payout.failure === 'invalid_key') {
        await tx.trx
          .updateTable('withdrawal_orders')
          .set({ status: 'key_rejected', fail_reason: payout.reason, updated_at: now })
          .where('id', '=', orderId)
          .execute()
        await addStep(tx, orderId, TrackerStep.keyRejected, StepState.failed, { reason: payout.reason }, now)
        emitOrder(tx, { ...current, status: 'key_rejected' })
        settled = { outcome: 'key_rejected', requestedAt: Number(order.created_at), at: now }
      } else if (payout.status === 'failed' && payout.failure === 'key_not_owned') {
        await failOrder(tx, current, 'pix_key_not_owned')
        settled = { outcome: 'failed', requestedAt: Number(order.created_at), at: now }
      } else if (payout.status === 'failed') {
        await failOrder(tx, current, 'failed', payout.reason)
        settled = { outcome: 'failed', requestedAt: Number(order.created_at), at: now }
      }
    })
    this.#report(settled)
  }

  #report(settled: Settled | null): void {
    if (!settled) return
    this.#o.metrics?.withdrawal(settled.outcome)
    if (settled.outcome === 'paid') this.#o.metrics?.payoutPaid((settled.at - settled.requestedAt) / 1000)
  }

  /** Every open withdrawal against the 120-minute rule, oldest first (the console's worklist). */
  payoutClocks(): Promise<PayoutClock[]> {
    return openPayoutClocks(this.#o.db, this.#o.now())
  }

  /** Raises the operator alert for open payouts past the 120-minute rule (once each). */
  checkPayoutClocks(): Promise<PayoutAlert[]> {
    return this.#watch.check(this.#o.now())
  }

  /** Sends what was never handed over and asks the provider about what it never confirmed. */
  async reconcile(): Promise<void> {
    // The clock first: a PSP that does not answer must not hide a payout running late.
    await this.checkPayoutClocks()
    const open = await this.#o.db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('status', '=', 'processing')
      .orderBy('created_at')
      .limit(200)
      .execute()
    for (const order of open) {
      const payout = await this.#o.provider.getPayout(payoutId(order.id, order.attempt))
      if (payout) await this.applyPayout(payout)
      else await this.dispatch(order.id, { resend: true })
    }
  }

  start(): void {
    // Orders left half-way by a stop (held but never handed over) are picked up at once.
    void this.reconcile().catch((error) => this.#o.onError(error, 'withdrawal reconciliation'))
    this.#timer = setInterval(
      () => void this.reconcile().catch((error) => this.#o.onError(error, 'withdrawal reconciliation')),
      RECONCILE_EVERY_MS,
    )
    this.#timer.unref()
  }

  stop(): void {
    clearInterval(this.#timer)
  }
}
