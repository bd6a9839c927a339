// Withdrawal calls (SPEC 5, 9): the rules state, presets, orders, the tracker's steps and the
// history. Amounts are integer centavos; times epoch ms, true (never shifted).
import { z } from 'zod'
import { requestId } from './deposits.ts'
import { pixKeyTypes } from './pix-keys.ts'

export const createWithdrawOrderRequest = z.strictObject({
  /** Holder name of the PIX key: must be the verified account holder. */
  userName: z.string().trim().min(1).max(80).optional(),
  accountNumber: z.string().min(1).max(120),
  payType: z.enum(pixKeyTypes),
  amount: z.number().int().positive().max(1_000_000_000),
  requestId,
  /** The account's password: every withdrawal is confirmed with it. */
  password: z.string().min(1).max(128).optional(),
})

export const withdrawOrderRequest = z.strictObject({ orderId: z.string().min(1).max(40) })

export const updateKeyRequest = z.strictObject({
  orderId: z.string().min(1).max(40),
  accountNumber: z.string().min(1).max(120),
  payType: z.enum(pixKeyTypes).optional(),
})

export const pageRequest = z.strictObject({
  pageNum: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
})

export type WithdrawState =
  | 'ok'
  | 'withdraw_processing'
  | 'needs_verification'
  | 'bonus_wagering_incomplete'
  | 'daily_limit_reached'

export interface WithdrawInfo {
  state: WithdrawState
  /** The order in flight (withdraw_processing). */
  orderId: string | null
  /** Cash: what can be withdrawn. */
  withdrawable: number
  bonus: number
  wagering: { required: number; wagered: number; remaining: number }
  min: number
  /** The most this withdrawal may be: min(withdrawable, what today's maximum leaves). */
  max: number
  dailyMax: number
  dailyRemaining: number
  /** When today's maximum resets (midnight in the market's time zone). */
  resetsAt: number
  bound: boolean
  verified: boolean
  holderName: string | null
  cpfMasked: string | null
  /** Withdrawals above this wait for an operator's review. */
  reviewAbove: number
  reviewHours: number
}

/** The withdraw screen's amount choices (`/withdraw/channel/list`). */
export interface WithdrawChannels {
  presets: number[]
  min: number
  max: number
  withdrawable: number
  dailyMax: number
  dailyRemaining: number
  payTypes: (typeof pixKeyTypes)[number][]
}

export type OrderStatus = 'review' | 'processing' | 'key_rejected' | 'paid' | 'failed'

/** History status icon (SPEC 5.3): 1 waiting, 2 success, 3 failed, 6 needs the player's action. */
export type HistoryStatus = 1 | 2 | 3 | 6

export interface WithdrawStep {
  processCode: 1000 | 1100 | 1200 | 2000 | 2100 | 2200 | 2300
  msg: string
  /** Epoch ms at which this step happened. */
  createTime: number
  /** 1 success, 2 failed, 3 exception, 4 waiting. */
  state: 1 | 2 | 3 | 4
  argsJson: string
}

export interface WithdrawOrderView {
  orderId: string
  amount: number
  payType: (typeof pixKeyTypes)[number]
  /** The key shown masked except for its ends. */
  accountMasked: string
  holderName: string
  status: OrderStatus
  historyStatus: HistoryStatus
  createdAt: number
  updatedAt: number
  endToEndId: string | null
  failReason: string | null
}

export interface WithdrawProcess extends WithdrawOrderView {
  steps: WithdrawStep[]
}

export interface WithdrawOrdersPage {
  total: number
  pageNum: number
  pageSize: number
  orders: WithdrawOrderView[]
}

/** The `order` push: a withdrawal changed. */
export interface OrderPush {
  orderId: string
  status: OrderStatus
}
