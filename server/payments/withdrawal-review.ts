// The operator's review of a large withdrawal: the first decision wins (approve sends the payout,
// or leaves it waiting out the cool-off; reject voids the hold and the money is back at once),
// recorded with the console's audit row in one transaction. Also what an order is doing now, for
// the console after a decision.

import type { ReviewDecision, WithdrawalPhase } from '../../contract/ops.ts'
import { StepState } from '../../contract/withdrawals.ts'
import { accountHeld } from '../accounts/account-holds.ts'
import type { WithdrawalStatus } from '../db/schema.ts'
import type { LedgerTx } from '../ledger/tx.ts'
import { Refusal } from '../refusal.ts'
import {
  emitOrder,
  failOrder,
  lockOrder,
  type OrderRow,
  type WithdrawalServiceOptions,
  withdrawalPhase,
} from './withdrawal-orders.ts'
import type { WithdrawalPayouts } from './withdrawal-payouts.ts'

export class WithdrawalReview {
  readonly #o: WithdrawalServiceOptions
  readonly #payouts: Pick<WithdrawalPayouts, 'dispatch'>

  constructor(options: WithdrawalServiceOptions, payouts: Pick<WithdrawalPayouts, 'dispatch'>) {
    this.#o = options
    this.#payouts = payouts
  }

  /**
   * An operator's decision on an order waiting for review. The first decision wins: the order is
   * locked, and a later one is refused (`withdrawal_taken`). `record` runs in the decision's
   * transaction (the console's audit row), so a decision without its record cannot exist.
   */
  async review(
    orderId: string,
    decision: ReviewDecision,
    options: { reason?: string | null; record?: (tx: LedgerTx, order: OrderRow) => Promise<void> } = {},
  ): Promise<OrderRow> {
    const order = await this.#o.ledger.transact(async (tx) => {
      const current = await lockOrder(tx, this.#o.engine, orderId)
      if (current.status !== 'review') throw new Refusal('withdrawal_taken', { status: current.status })
      await options.record?.(tx, current)
      // Approved inside the cool-off: the step says so and stays waiting until the bank takes it.
      const coolOffUntil =
        decision === 'approve' && current.send_after !== null && Number(current.send_after) > tx.now
          ? Number(current.send_after)
          : undefined
      await tx.trx
        .updateTable('withdrawal_steps')
        .set({
          state: decision === 'reject' ? StepState.failed : coolOffUntil ? StepState.waiting : StepState.success,
          args: JSON.stringify({
            review: true,
            decision,
            decidedAt: tx.now,
            reason: options.reason ?? null,
            ...(coolOffUntil ? { coolOffUntil } : {}),
          }),
        })
        .where('order_id', '=', orderId)
        .where('code', '=', 1100)
        .execute()
      if (decision === 'reject') return failOrder(tx, current, 'rejected_in_review')
      await tx.trx
        .updateTable('withdrawal_orders')
        .set({ status: 'processing', updated_at: tx.now })
        .where('id', '=', orderId)
        .execute()
      const next = { ...current, status: 'processing' as const }
      emitOrder(tx, next)
      return next
    })
    if (order.status === 'processing') await this.#payouts.dispatch(orderId)
    return order
  }

  /** What the order is doing now (after a decision: at the bank, or held, and until when). */
  async phase(
    orderId: string,
  ): Promise<{ status: WithdrawalStatus; phase: WithdrawalPhase; sendAfter: number | null }> {
    const order = await this.#o.db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    const frozen = await accountHeld(this.#o.db, Number(order.player_id))
    const sendAfter = order.send_after === null ? null : Number(order.send_after)
    return { status: order.status, phase: withdrawalPhase(order, frozen, this.#o.now()), sendAfter }
  }
}
