// The legacy client's request shapes for the deposit and withdrawal calls, translated into the project's
//, and the legacy client's fields added to the answers. The one place in this module
// that knows them.
//   create/order without `requestId`: derived from the player, the amount, the offer choice and a
//     10-second window — a deposit order moves no money (the player still has to pay it), so a
//     double tap replays the same order and nothing is at risk. Its `payType` (the legacy client's payment
//     channel; PIX is the only one) → dropped.
//   withdraw/create/order without `requestId`: derived the same way from the player, the amount,
//     the key and a 10-second window — one withdrawal in flight per player already refuses a
//     second one, so a derived id can only replay the order a double tap made, never pay twice.
//     The rest of the legacy client's form (`bankName`, `ifscCode`, `showPixType`, `phone`, `email`) names
//     no PIX key → dropped; the answer's `payType` is the legacy client's number when it sent a number.
//   numeric `payType` 1/4/5 → cpf/phone/email (withdraw order, key correction)
//   withdrawInfo `id` (the legacy client's channel id; PIX is the only channel) → dropped; the screen's
//     state also in `msgCode` (`withdrawProcessing`, `needPlayGame`), the figures in `data.result`
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { type PixKeyType, pixKeyTypes } from '../../contract/pix-keys.ts'
import {
  type WithdrawInfo,
  type WithdrawOrderView,
  type WithdrawProcess,
  withdrawOrderView,
  withdrawProcess,
} from '../../contract/withdrawals.ts'
import { derivedRequestId, legacyPayTypeOf, projectPayType, translateBody } from '../http/legacy-shapes.ts'
import { localDateTime } from '../lib/periods.ts'

const DEPOSIT_REPLAY_WINDOW_MS = 10_000
const WITHDRAW_REPLAY_WINDOW_MS = 10_000
/** The legacy client's withdraw form fields that name no PIX key (its bank-transfer past). */
const legacyWithdrawExtras = ['bankName', 'ifscCode', 'showPixType', 'phone', 'email'] as const

/** Requests that named the PIX key type with the legacy client's number, answered with the number too. */
const numericPayType = new WeakSet<FastifyRequest>()

// The legacy client's request shapes, for the OpenAPI document (the routes validate the translated body).
export const legacyCreateDepositRequest = z
  .looseObject({
    amount: z.number().int().positive(),
    acceptOffer: z.boolean().optional(),
    payType: z.union([z.number(), z.string()]).optional().meta({ description: 'The payment channel (ignored).' }),
  })
  .meta({
    description: "The legacy client's deposit: no `requestId` (derived from player, amount and a 10-second window).",
  })
const legacyText = z.string().max(200)
export const legacyCreateWithdrawRequest = z
  .looseObject({
    userName: legacyText.optional(),
    accountNumber: legacyText,
    payType: z.union([z.literal(1), z.literal(4), z.literal(5)]),
    amount: z.number().int().positive(),
    requestId: z.string().optional().meta({ description: 'Derived when missing (player, amount, key, 10 s).' }),
    password: z.string().optional(),
    bankName: legacyText.optional(),
    ifscCode: legacyText.optional(),
    showPixType: legacyText.optional(),
    phone: legacyText.optional(),
    email: legacyText.optional(),
  })
  .meta({
    description:
      "The legacy client's withdrawal form: numeric `payType` 1 (CPF), 4 (phone), 5 (e-mail); `bankName`, " +
      '`ifscCode`, `showPixType`, `phone` and `email` are ignored; no `requestId` (derived).',
  })
export const legacyWithdrawInfoRequest = z
  .looseObject({ id: z.unknown() })
  .meta({ description: "The legacy client's call with its channel `id` (ignored: PIX is the only channel)." })

export const legacyCreateDeposit = translateBody((input, request) => {
  const { payType: _payType, ...body } = input
  if (body.requestId !== undefined) return body
  const window = Math.floor(request.server.clock.now() / DEPOSIT_REPLAY_WINDOW_MS)
  const requestId = derivedRequestId(
    'deposit',
    request.playerId,
    String(body.amount),
    String(body.acceptOffer ?? false),
    window,
  )
  return { ...body, requestId }
})

export const legacyCreateWithdraw = translateBody((input, request) => {
  const body = { ...input }
  for (const field of legacyWithdrawExtras) delete body[field]
  if (typeof body.payType === 'number') numericPayType.add(request)
  body.payType = projectPayType(body.payType)
  if (body.requestId !== undefined) return body
  const window = Math.floor(request.server.clock.now() / WITHDRAW_REPLAY_WINDOW_MS)
  const key = typeof body.accountNumber === 'string' ? body.accountNumber.replace(/\s/g, '') : ''
  const requestId = derivedRequestId(
    'withdraw',
    request.playerId,
    String(body.amount),
    String(body.payType),
    key,
    window,
  )
  return { ...body, requestId }
})

/** A created withdrawal, its `payType` the legacy client's number when the request used one. */
export function withdrawalAnswer(request: FastifyRequest, order: WithdrawProcess) {
  const code = legacyPayTypeOf[order.payType]
  return numericPayType.has(request) && code !== null ? { ...order, payType: code } : order
}

export const legacyCreatedWithdrawal = withdrawProcess.extend({
  payType: z.union([z.enum(pixKeyTypes), z.number().int()]).meta({
    description: "The key's type; the legacy client's number (1 CPF, 4 phone, 5 e-mail) when the request sent one.",
  }),
})

export const legacyUpdateKey = translateBody((body) =>
  body.payType === undefined ? body : { ...body, payType: projectPayType(body.payType) },
)

export const legacyWithdrawInfo = translateBody((body) => {
  const { id: _id, ...rest } = body
  return rest
})

/** The legacy client's number for a key type in its bank list: 1 CPF, 4 phone, 5 e-mail, 6 random key. */
const legacyKeyTypeOf: Readonly<Record<PixKeyType, 1 | 4 | 5 | 6>> = { cpf: 1, phone: 4, email: 5, random: 6 }

/** An order with the legacy client's names beside the project's (numeric payType, times, the key masked). */
export function withLegacyOrderFields<T extends WithdrawOrderView>(order: T, timeZone: string) {
  return {
    ...order,
    id: order.orderId,
    payTypeCode: legacyPayTypeOf[order.payType],
    type: legacyKeyTypeOf[order.payType],
    state: order.historyStatus,
    accountNumber: order.accountMasked,
    userName: order.holderName,
    createTime: order.createdAt,
    createTimeStr: localDateTime(order.createdAt, timeZone),
    updateTime: order.updatedAt,
  }
}

/** An order as withLegacyOrderFields answers it, for the OpenAPI document. */
export const legacyOrderView = withdrawOrderView.extend({
  id: z.string(),
  payTypeCode: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The legacy client's payType: 1 CPF, 4 phone, 5 e-mail." }),
  type: z.union([z.literal(1), z.literal(4), z.literal(5), z.literal(6)]).meta({
    description: "The key's type as the legacy client's bank list numbers it: 1 CPF, 4 phone, 5 e-mail, 6 random.",
  }),
  state: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(6)]).meta({
    description: "`historyStatus` under the legacy client's name: 1 waiting, 2 paid, 3 failed, 6 needs the player.",
  }),
  accountNumber: z.string(),
  userName: z.string(),
  createTime: z.number().int(),
  createTimeStr: z.string().meta({ description: "`yyyy-MM-dd HH:mm:ss` in the market's time zone." }),
  updateTime: z.number().int(),
})

/** A withdrawal's tracker with the legacy client's names beside the project's. */
export function withLegacyProcessFields(process: WithdrawProcess, withdrawSuccessNum: number) {
  return {
    ...process,
    userName: process.holderName,
    orderAmount: process.amount,
    processDetail: { withdrawSuccessNum, processJson: JSON.stringify(process.steps) },
  }
}

export const legacyProcessView = withdrawProcess.extend({
  userName: z.string().meta({ description: '`holderName` under the legacy name.' }),
  orderAmount: z.number().int().meta({ description: '`amount` under the legacy name.' }),
  processDetail: z.object({
    withdrawSuccessNum: z.number().int().meta({ description: "The player's withdrawals paid so far." }),
    processJson: z.string().meta({ description: '`steps` as a JSON string.' }),
  }),
})

/**
 * withdrawInfo's state as the legacy client reads it, from `msgCode`: an order in flight and bonus
 * money still to be wagered are the two that apply here. There is no VIP level and no task to
 * finish before a withdrawal, so those never come.
 */
export function legacyWithdrawMsgCode(info: WithdrawInfo): 'success' | 'withdrawProcessing' | 'needPlayGame' {
  if (info.state === 'withdraw_processing') return 'withdrawProcessing'
  if (info.state === 'bonus_wagering_incomplete') return 'needPlayGame'
  return 'success'
}

export const legacyWithdrawMsgCodes = ['success', 'withdrawProcessing', 'needPlayGame'] as const

/** withdrawInfo's figures under the legacy client's names (`data.result`). */
export function legacyWithdrawResult<Order>(info: WithdrawInfo, orderList: Order[]) {
  return {
    gold: info.withdrawable,
    minAmount: info.min,
    maxAmount: info.max,
    dailyRemaining: info.dailyRemaining,
    needPlayAmount: info.wagering.remaining,
    processOrderId: info.orderId,
    orderList,
  }
}

export const legacyWithdrawResultSchema = z
  .object({
    gold: z.number().int().meta({ description: 'What can be withdrawn (cash).' }),
    minAmount: z.number().int(),
    maxAmount: z.number().int(),
    dailyRemaining: z.number().int(),
    needPlayAmount: z.number().int().meta({ description: 'Bets still needed before the bonus becomes cash.' }),
    processOrderId: z.string().nullable(),
    orderList: z.array(legacyOrderView),
  })
  .meta({ description: "The same figures under the legacy client's names." })

/** The withdrawal "banks" the legacy client lists (`/withdraw/bank/all/list`): the PIX key types. */
export const legacyBankList = [
  { id: 1, payType: 1, code: 'cpf', name: 'PIX CPF' },
  { id: 4, payType: 4, code: 'phone', name: 'PIX Telefone' },
  { id: 5, payType: 5, code: 'email', name: 'PIX E-mail' },
  { id: 6, payType: null, code: 'random', name: 'PIX Chave aleatória' },
]
