// Deposit calls (SPEC 4, 9): amount choices with the first-deposit offer, order creation, the
// order's status, and the PIX returned to the payer (refunds). Amounts are integer centavos.
import { z } from 'zod'
import { pageFields } from './paging.ts'

export const requestId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)

export const createDepositOrderRequest = z.strictObject({
  amount: z.number().int().positive().max(1_000_000_000),
  requestId,
  /** The player ticked the first-deposit offer after reading its terms (opt-in). */
  acceptOffer: z.boolean().optional(),
})
export type CreateDepositOrderRequest = z.infer<typeof createDepositOrderRequest>

export const depositOrderRequest = z.strictObject({ orderId: z.string().min(1).max(40) })

export interface FirstDepositOffer {
  /** Bonus = rate × deposit, counting at most `maxDeposit` of the deposit. */
  rate: number
  maxDeposit: number
  maxBonus: number
  /** The bonus must be bet this many times before it becomes cash. */
  wageringMultiplier: number
}

export interface DepositLimitView {
  period: 'day' | 'week' | 'month'
  limit: number
  /** Counted in this period: paid deposits plus orders still open. */
  used: number
  remaining: number
  resetsAt: number
}

export interface DepositAmounts {
  amounts: number[]
  min: number
  max: number
  /** Present while the player has never deposited and promotions are on. */
  firstDepositOffer: FirstDepositOffer | null
  /** Each deposit limit the player has set, with what is left of it now. */
  limits: DepositLimitView[]
  expirySeconds: number
  /** True with the sandbox payment provider: no real money moves. */
  sandbox: boolean
}

export type DepositStatus = 'pending' | 'paid' | 'expired'

/**
 * Why (part of) a PIX was returned to the payer instead of credited: more than the charge
 * (the excess), less than the charge, a second payment of a paid charge, the player on a
 * break, the account frozen or closed by an operator, over the player's deposit limit, paid from a CPF that is not the player's (or not
 * told), or paid to a charge no order has.
 */
export const refundReasons = [
  'overpaid',
  'underpaid',
  'already_paid',
  'self_excluded',
  'account_held',
  'deposit_limit',
  'payer_not_player',
  'payer_unknown',
  'unknown_charge',
] as const
export type RefundReason = (typeof refundReasons)[number]

/** pending: not yet taken by the bank; processing: on its way; returned: back with the payer. */
export type RefundStatus = 'pending' | 'processing' | 'returned' | 'failed'

export interface DepositRefundView {
  refundId: string
  orderId: string | null
  /** The PIX being returned (the payer's receipt id). */
  endToEndId: string
  amount: number
  reason: RefundReason
  status: RefundStatus
  createdAt: number
  returnedAt: number | null
}

export const refundListRequest = z.strictObject(pageFields(50, 10))

export interface DepositRefundsPage {
  total: number
  pageNum: number
  pageSize: number
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null
  refunds: DepositRefundView[]
}

export interface DepositOrder {
  orderId: string
  amount: number
  status: DepositStatus
  /** The PIX "copia e cola" code (a dynamic BR Code). */
  payCode: string
  /** An SVG of the QR code for payCode. */
  qrcodeUrl: string
  /** Where to pay: the sandbox bank with the code filled in, or the provider's page. */
  /** Where the provider lets the player pay the code (the sandbox bank); null with a real PSP (the bank app). */
  payUrl: string | null
  createdAt: number
  expiresAt: number
  /** The server's clock when answering, so the countdown does not depend on the phone's clock. */
  serverTime: number
  paidAt: number | null
  /** What was credited: the charge's amount, never more. */
  paidAmount: number | null
  bonusAmount: number
  /** PIX for this order returned to the payer, with the reason. */
  refunds: DepositRefundView[]
}

/** The `deposit` push: an order was credited (and the excess of an overpayment returned). */
export interface DepositPush {
  orderId: string
  amount: number
  bonusAmount: number
  refund?: { amount: number; reason: RefundReason }
}

/** The `refund` push: a PIX (or part of it) is being returned to the payer. */
export interface RefundPush {
  orderId: string | null
  amount: number
  reason: RefundReason
  /** What the same PIX credited (0 when it was refused in full). */
  credited: number
}
