// Deposit calls (SPEC 4, 9): amount choices with the first-deposit offer, order creation and
// the order's status. Amounts are integer centavos.
import { z } from 'zod'

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
  paidAmount: number | null
  bonusAmount: number
}

/** The `deposit` push: an order was credited. */
export interface DepositPush {
  orderId: string
  amount: number
  bonusAmount: number
}
