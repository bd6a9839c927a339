// Withdrawal orders as one service: the player's requests (withdrawal-requests.ts), the
// operator's review (withdrawal-review.ts) and payouts through the provider with their polling
// (withdrawal-payouts.ts), sharing the order bookkeeping in withdrawal-orders.ts. Cash is held
// (cash → withdrawal_hold) when an order is accepted; a paid payout posts the hold, a failed one
// voids it (money back at once), and a rejected key waits for the player's correction. A closing
// account's balance is paid out as an order of its own purpose (closure-payouts.ts).

import { ClosurePayouts } from './closure-payouts.ts'
import type { WithdrawalServiceOptions } from './withdrawal-orders.ts'
import { WithdrawalPayouts } from './withdrawal-payouts.ts'
import { WithdrawalRequests } from './withdrawal-requests.ts'
import { WithdrawalReview } from './withdrawal-review.ts'

type Requests = WithdrawalRequests
type Payouts = WithdrawalPayouts
type Review = WithdrawalReview

export class WithdrawalService {
  readonly #requests: Requests
  readonly #review: Review
  readonly #payouts: Payouts
  readonly #closure: ClosurePayouts

  constructor(options: WithdrawalServiceOptions) {
    this.#payouts = new WithdrawalPayouts(options)
    this.#requests = new WithdrawalRequests(options, this.#payouts)
    this.#review = new WithdrawalReview(options, this.#payouts)
    this.#closure = new ClosurePayouts(options, this.#payouts)
  }

  info(...args: Parameters<Requests['info']>) {
    return this.#requests.info(...args)
  }
  create(...args: Parameters<Requests['create']>) {
    return this.#requests.create(...args)
  }
  process(...args: Parameters<Requests['process']>) {
    return this.#requests.process(...args)
  }
  byRequest(...args: Parameters<Requests['byRequest']>) {
    return this.#requests.byRequest(...args)
  }
  paidCount(...args: Parameters<Requests['paidCount']>) {
    return this.#requests.paidCount(...args)
  }
  page(...args: Parameters<Requests['page']>) {
    return this.#requests.page(...args)
  }
  updateKey(...args: Parameters<Requests['updateKey']>) {
    return this.#requests.updateKey(...args)
  }
  cancel(...args: Parameters<Requests['cancel']>) {
    return this.#requests.cancel(...args)
  }

  review(...args: Parameters<Review['review']>) {
    return this.#review.review(...args)
  }
  phase(...args: Parameters<Review['phase']>) {
    return this.#review.phase(...args)
  }

  /** A closing account's balance paid out, one step (server/closure asks until `settled`). */
  closurePayout(...args: Parameters<ClosurePayouts['payOut']>) {
    return this.#closure.payOut(...args)
  }

  dispatch(...args: Parameters<Payouts['dispatch']>) {
    return this.#payouts.dispatch(...args)
  }
  applyPayout(...args: Parameters<Payouts['applyPayout']>) {
    return this.#payouts.applyPayout(...args)
  }
  payoutClocks() {
    return this.#payouts.payoutClocks()
  }
  checkPayoutClocks() {
    return this.#payouts.checkPayoutClocks()
  }
  reconcile() {
    return this.#payouts.reconcile()
  }
  start() {
    this.#payouts.start()
  }
  stop() {
    this.#payouts.stop()
  }
}
