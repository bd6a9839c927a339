// Withdrawal calls (SPEC 5, 9): the rules state, presets, orders, the tracker's steps and the
// history. Amounts are integer centavos; times epoch ms, true (never shifted).
import { z } from 'zod'
import { requestId } from './deposits.ts'
import { pageFields } from './paging.ts'
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

export const pageRequest = z.strictObject(pageFields(50, 10))

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
  /** The review SLA: an operator decides within this many minutes (well inside the 120-minute payout rule). */
  reviewMinutes: number
  /** The first withdrawal to a new key within 24 h of a change of the account's devices waits this long (0: never). */
  coolOffMinutes: number
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

/** The tracker's steps (SPEC 5.3), named once: the codes are the seed's. */
export const TrackerStep = {
  /** Funds reserved from the balance. */
  accepted: 1000,
  /** Automatic checks, or operator review with the expected time. */
  checks: 1100,
  /** Handed to the PIX network. */
  sent: 1200,
  /** The bank rejected the key; the player corrects it (free). */
  keyRejected: 2000,
  /** Sent again with the corrected key. */
  resent: 2100,
  /** Paid, with the end-to-end id as receipt. */
  paid: 2200,
  /** Failed for good: the reserved funds are back in the balance. */
  failed: 2300,
} as const
export type TrackerStepCode = (typeof TrackerStep)[keyof typeof TrackerStep]

/** A step's state: 1 success, 2 failed, 3 exception, 4 waiting. */
export const StepState = { success: 1, failed: 2, exception: 3, waiting: 4 } as const
export type StepStateCode = (typeof StepState)[keyof typeof StepState]

export interface WithdrawStep {
  processCode: TrackerStepCode
  msg: string
  /** Epoch ms at which this step happened. */
  createTime: number
  state: StepStateCode
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

/**
 * Where an open withdrawal stands against Portaria SPA/MF 615/2024's rule: paid within 120
 * minutes of the player's request, review time included.
 */
export interface PayoutClockView {
  /** When the player asked: the clock starts here. */
  requestedAt: number
  /** requestedAt + 120 minutes: paid by then. */
  dueBy: number
  /** Under review: when the operator's decision is due (the review SLA when the player asked). */
  reviewBy: number | null
  /** Past dueBy and still unpaid (the operator has been alerted). */
  overdue: boolean
}

export interface WithdrawProcess extends WithdrawOrderView {
  steps: WithdrawStep[]
  /** The 120-minute clock while the payout is open; null once paid or failed. */
  payoutClock: PayoutClockView | null
}

export interface WithdrawOrdersPage {
  total: number
  pageNum: number
  pageSize: number
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null
  orders: WithdrawOrderView[]
}

/** The `order` push: a withdrawal changed. */
export interface OrderPush {
  orderId: string
  status: OrderStatus
}
