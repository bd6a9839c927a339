// Deposit calls: amount choices with the first-deposit offer, order creation, the
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

export const depositOrderRequest = z.strictObject({ orderId: z.string().min(1).max(40) })

const money = z.number().int()

export const firstDepositOffer = z.object({
  rate: z.number().meta({ description: 'Bonus = rate × deposit, counting at most `maxDeposit` of the deposit.' }),
  maxDeposit: money,
  maxBonus: money,
  wageringMultiplier: z.number().meta({ description: 'The bonus must be bet this many times before it becomes cash.' }),
})
export type FirstDepositOffer = z.infer<typeof firstDepositOffer>

export const depositLimitView = z.object({
  period: z.enum(['day', 'week', 'month']),
  limit: money,
  used: money.meta({ description: 'Counted in this period: paid deposits plus orders still open.' }),
  remaining: money,
  resetsAt: z.number().int(),
})
export type DepositLimitView = z.infer<typeof depositLimitView>

export const depositAmounts = z
  .object({
    amounts: z.array(money),
    min: money,
    max: money,
    firstDepositOffer: firstDepositOffer
      .nullable()
      .meta({ description: 'Present while the player has never deposited and promotions are on.' }),
    limits: z.array(depositLimitView).meta({ description: 'Each deposit limit the player set, with what is left.' }),
    expirySeconds: z.number().int(),
    sandbox: z.boolean().meta({ description: 'True with the sandbox payment provider: no real money moves.' }),
  })
  .meta({ id: 'DepositAmounts' })
export type DepositAmounts = z.infer<typeof depositAmounts>

/** `cancelled`: withdrawn unpaid when the player began a pause (its code can no longer be paid). */
export const depositStatuses = ['pending', 'paid', 'expired', 'cancelled'] as const
export type DepositStatus = (typeof depositStatuses)[number]

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
export const refundStatuses = ['pending', 'processing', 'returned', 'failed'] as const
export type RefundStatus = (typeof refundStatuses)[number]

export const depositRefundView = z
  .object({
    refundId: z.string(),
    orderId: z.string().nullable(),
    endToEndId: z.string().meta({ description: "The PIX being returned (the payer's receipt id)." }),
    amount: money,
    reason: z.enum(refundReasons),
    status: z.enum(refundStatuses),
    createdAt: z.number().int(),
    returnedAt: z.number().int().nullable(),
  })
  .meta({ id: 'DepositRefund' })
export type DepositRefundView = z.infer<typeof depositRefundView>

export const refundListRequest = z.strictObject(pageFields(50, 10))

export const depositRefundsPage = z.object({
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last.' }),
  refunds: z.array(depositRefundView),
})
export type DepositRefundsPage = z.infer<typeof depositRefundsPage>

export const depositOrder = z
  .object({
    orderId: z.string(),
    amount: money,
    status: z.enum(depositStatuses),
    payCode: z.string().meta({ description: 'The PIX "copia e cola" code (a dynamic BR Code).' }),
    qrcodeUrl: z.string().meta({ description: 'An SVG of the QR code for payCode.' }),
    payUrl: z.string().nullable().meta({
      description: 'Where the provider lets the player pay the code (the sandbox bank); null with a real PSP.',
    }),
    createdAt: z.number().int(),
    expiresAt: z.number().int(),
    serverTime: z.number().int().meta({ description: "The server's clock when answering (for the countdown)." }),
    paidAt: z.number().int().nullable(),
    paidAmount: money.nullable().meta({ description: "What was credited: the charge's amount, never more." }),
    bonusAmount: money,
    refunds: z.array(depositRefundView).meta({ description: 'PIX for this order returned to the payer, with why.' }),
    cancelled: z
      .object({ at: z.number().int(), reason: z.enum(['self_excluded']) })
      .nullable()
      .meta({ description: 'When and why the order was withdrawn unpaid (status cancelled): a pause began.' }),
  })
  .meta({ id: 'DepositOrder' })
export type DepositOrder = z.infer<typeof depositOrder>

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
