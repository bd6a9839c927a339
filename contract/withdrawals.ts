// Withdrawal calls: the rules state, presets, orders, the tracker's steps and the
// history. Amounts are integer centavos; times epoch ms, true (never shifted).
import { z } from 'zod'
import { requestId } from './deposits.ts'
import { pageFields } from './paging.ts'
import { passkeyAssertion } from './passkeys.ts'
import { pixKeyTypes } from './pix-keys.ts'
import { historyStatuses, type OrderStatus, orderStatuses, StepState, TrackerStep } from './withdrawal-values.ts'

export * from './withdrawal-values.ts'

/** A PIX key as the player gives it: its type and the key (normalised by the server, contract/pix-keys.ts). */
const keyFields = {
  keyType: z.enum(pixKeyTypes),
  key: z.string().min(1).max(120),
}

export const createWithdrawOrderRequest = z.strictObject({
  /** Holder name of the PIX key: must be the verified account holder. */
  holderName: z.string().trim().min(1).max(80).optional(),
  ...keyFields,
  amount: z.number().int().positive().max(1_000_000_000),
  requestId,
  /** The account's password: every withdrawal is confirmed with it, or with a passkey. */
  password: z.string().min(1).max(128).optional(),
  /** A passkey's signature over the challenge `/v1/account/passkeys/withdrawalOptions` gave, instead of the password. */
  passkey: passkeyAssertion.optional(),
})

export const withdrawOrderRequest = z.strictObject({ orderId: z.string().min(1).max(40) })

/** The order a create made, by the requestId it was sent with (its answer may have been lost). */
export const withdrawalByRequestRequest = z.strictObject({ requestId })

export const updateKeyRequest = z.strictObject({
  orderId: z.string().min(1).max(40),
  key: keyFields.key,
  keyType: keyFields.keyType
    .optional()
    .meta({ description: "The corrected key's type (default: the rejected key's)." }),
})

export const pageRequest = z.strictObject(pageFields(50, 10))

export const withdrawStates = [
  'ok',
  'withdraw_processing',
  'needs_verification',
  'bonus_wagering_incomplete',
  'daily_limit_reached',
] as const

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

/** The withdraw screen's amount choices (`/v1/withdrawals/options`). */
export const withdrawChannels = z.object({
  presets: z.array(money),
  min: money,
  max: money,
  withdrawable: money,
  dailyMax: money,
  dailyRemaining: money,
  keyTypes: z.array(z.enum(pixKeyTypes)),
})
export type WithdrawChannels = z.infer<typeof withdrawChannels>

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
  keyType: z.enum(pixKeyTypes),
  keyMasked: z.string().meta({ description: 'The key shown masked except for its ends.' }),
  holderName: z.string(),
  status: z.enum(orderStatuses),
  historyStatus: z
    .union(historyStatuses.map((code) => z.literal(code)))
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
