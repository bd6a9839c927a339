// Withdrawal calls: the rules state, presets, orders, the tracker's steps and the
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

export const withdrawStates = [
  'ok',
  'withdraw_processing',
  'needs_verification',
  'bonus_wagering_incomplete',
  'daily_limit_reached',
] as const
export type WithdrawState = (typeof withdrawStates)[number]

const money = z.number().int()

export const withdrawInfo = z.object({
  state: z.enum(withdrawStates),
  orderId: z.string().nullable().meta({ description: 'The order in flight (withdraw_processing).' }),
  withdrawable: money.meta({ description: 'Cash: what can be withdrawn.' }),
  bonus: money,
  wagering: z.object({ required: money, wagered: money, remaining: money }),
  min: money,
  max: money.meta({ description: "The most this withdrawal may be: min(withdrawable, what today's maximum leaves)." }),
  dailyMax: money,
  dailyRemaining: money,
  resetsAt: z.number().int().meta({ description: "When today's maximum resets (midnight in the market's time zone)." }),
  bound: z.boolean(),
  verified: z.boolean(),
  holderName: z.string().nullable(),
  cpfMasked: z.string().nullable(),
  reviewAbove: money.meta({ description: "Withdrawals above this wait for an operator's review." }),
  reviewMinutes: z.number().int(),
  coolOffMinutes: z.number().int(),
})
export type WithdrawInfo = z.infer<typeof withdrawInfo>

/** The withdraw screen's amount choices (`/withdraw/channel/list`). */
export const withdrawChannels = z.object({
  presets: z.array(money),
  min: money,
  max: money,
  withdrawable: money,
  dailyMax: money,
  dailyRemaining: money,
  payTypes: z.array(z.enum(pixKeyTypes)),
})
export type WithdrawChannels = z.infer<typeof withdrawChannels>

export const orderStatuses = ['review', 'processing', 'key_rejected', 'paid', 'failed'] as const
export type OrderStatus = (typeof orderStatuses)[number]

/** History status icon: 1 waiting, 2 success, 3 failed, 6 needs the player's action. */
export type HistoryStatus = 1 | 2 | 3 | 6

/** The tracker's steps, named once: the codes are the legacy client's. */
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

export const withdrawStep = z.object({
  processCode: z.union(Object.values(TrackerStep).map((code) => z.literal(code))),
  msg: z.string(),
  createTime: z.number().int().meta({ description: 'Epoch ms at which this step happened.' }),
  state: z.union(Object.values(StepState).map((code) => z.literal(code))),
  argsJson: z.string(),
})
export type WithdrawStep = z.infer<typeof withdrawStep>

export const withdrawOrderView = z.object({
  orderId: z.string(),
  amount: money,
  payType: z.enum(pixKeyTypes),
  accountMasked: z.string().meta({ description: 'The key shown masked except for its ends.' }),
  holderName: z.string(),
  status: z.enum(orderStatuses),
  historyStatus: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(6)])
    .meta({ description: "1 waiting, 2 success, 3 failed, 6 needs the player's action." }),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  endToEndId: z.string().nullable(),
  failReason: z.string().nullable(),
})
export type WithdrawOrderView = z.infer<typeof withdrawOrderView>

/**
 * Where an open withdrawal stands against Portaria SPA/MF 615/2024's rule: paid within 120
 * minutes of the player's request, review time included.
 */
export const payoutClockView = z.object({
  requestedAt: z.number().int().meta({ description: 'When the player asked: the clock starts here.' }),
  dueBy: z.number().int().meta({ description: 'requestedAt + 120 minutes: paid by then.' }),
  reviewBy: z.number().int().nullable(),
  overdue: z.boolean(),
})
export type PayoutClockView = z.infer<typeof payoutClockView>

export const withdrawProcess = withdrawOrderView
  .extend({
    steps: z.array(withdrawStep),
    payoutClock: payoutClockView
      .nullable()
      .meta({ description: 'The 120-minute clock while the payout is open; null once paid or failed.' }),
  })
  .meta({ id: 'WithdrawProcess' })
export type WithdrawProcess = z.infer<typeof withdrawProcess>

export const withdrawOrdersPage = z.object({
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last.' }),
  orders: z.array(withdrawOrderView),
})
export type WithdrawOrdersPage = z.infer<typeof withdrawOrdersPage>

/** The `order` push: a withdrawal changed. */
export interface OrderPush {
  orderId: string
  status: OrderStatus
}
