// The legacy client's paths and request shapes for the deposit and withdrawal calls, translated into
// the project's, and the legacy client's fields added to the answers. The one place in this module
// that knows them. Each project route names its legacy path here (`config.legacyPath`).
//   A PIX key: the project's `{ keyType, key }` (and `holderName`); the legacy client's `payType` and
//     `accountNumber` (and `userName`), in requests and beside the project's names in answers
//     (`payType`, `accountMasked`).
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
import { okEnvelopeWithState } from '../../contract/envelope.ts'
import { type PixKeyType, pixKeyTypes } from '../../contract/pix-keys.ts'
import {
  type WithdrawChannels,
  type WithdrawInfo,
  type WithdrawOrdersPage,
  type WithdrawOrderView,
  type WithdrawProcess,
  withdrawChannels,
  withdrawInfo,
  withdrawOrdersPage,
  withdrawOrderView,
  withdrawProcess,
} from '../../contract/withdrawals.ts'
import type { Ok } from '../http/envelope.ts'
import { okWithState, replies } from '../http/envelope.ts'
import {
  type Body,
  derivedRequestId,
  type LegacyPath,
  legacyPayTypeOf,
  projectPayType,
  translateBody,
} from '../http/legacy-shapes.ts'
import { localDateTime } from '../lib/periods.ts'

const DEPOSIT_REPLAY_WINDOW_MS = 10_000
const WITHDRAW_REPLAY_WINDOW_MS = 10_000
/** The legacy client's withdraw form fields that name no PIX key (its bank-transfer past). */
const legacyWithdrawExtras = ['bankName', 'ifscCode', 'showPixType', 'phone', 'email'] as const

/** Requests that named the PIX key type with the legacy client's number, answered with the number too. */
const numericPayType = new WeakSet<FastifyRequest>()

// The legacy client's request shapes, for the OpenAPI document (the routes validate the translated body).
const legacyCreateDepositRequest = z
  .looseObject({
    amount: z.number().int().positive(),
    acceptOffer: z.boolean().optional(),
    payType: z.union([z.number(), z.string()]).optional().meta({ description: 'The payment channel (ignored).' }),
  })
  .meta({
    description: "The legacy client's deposit: no `requestId` (derived from player, amount and a 10-second window).",
  })
const legacyText = z.string().max(200)
const legacyCreateWithdrawRequest = z
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
      "The legacy client's withdrawal form: `accountNumber` is the key, `userName` the holder, numeric `payType` " +
      "1 (CPF), 4 (phone), 5 (e-mail) or the type's name; `bankName`, " +
      '`ifscCode`, `showPixType`, `phone` and `email` are ignored; no `requestId` (derived).',
  })
const legacyWithdrawInfoRequest = z
  .looseObject({ id: z.unknown() })
  .meta({ description: "The legacy client's call with its channel `id` (ignored: PIX is the only channel)." })

const legacyCreateDeposit = translateBody((input, request) => {
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

/** The legacy client's names of a PIX key (`payType`, `accountNumber`, `userName`) → the project's. */
function projectKeyNames(input: Body): Body {
  const { payType, accountNumber, userName, ...body } = input
  if (payType !== undefined) body.keyType = projectPayType(payType)
  if (accountNumber !== undefined) body.key = accountNumber
  if (userName !== undefined) body.holderName = userName
  return body
}

const legacyCreateWithdraw = translateBody((input, request) => {
  const body = { ...input }
  for (const field of legacyWithdrawExtras) delete body[field]
  if (typeof body.payType === 'number') numericPayType.add(request)
  const named = projectKeyNames(body)
  if (named.requestId !== undefined) return named
  const window = Math.floor(request.server.clock.now() / WITHDRAW_REPLAY_WINDOW_MS)
  const key = typeof named.key === 'string' ? named.key.replace(/\s/g, '') : ''
  const requestId = derivedRequestId(
    'withdraw',
    request.playerId,
    String(named.amount),
    String(named.keyType),
    key,
    window,
  )
  return { ...named, requestId }
})

/** An order with the legacy names of its key beside the project's: `payType` (the type's name) and `accountMasked`. */
function withLegacyKeyNames<T extends WithdrawOrderView>(order: T) {
  return { ...order, payType: order.keyType, accountMasked: order.keyMasked }
}
const legacyKeyNames = {
  payType: z.enum(pixKeyTypes).meta({ description: '`keyType` under the legacy name.' }),
  accountMasked: z.string().meta({ description: '`keyMasked` under the legacy name.' }),
}
const legacyNamedOrder = withdrawOrderView.extend(legacyKeyNames)
const legacyNamedProcess = withdrawProcess.extend(legacyKeyNames)
const legacyNamedPage = withdrawOrdersPage.extend({ orders: z.array(legacyNamedOrder) })
const withLegacyPageNames = (page: WithdrawOrdersPage) => ({ ...page, orders: page.orders.map(withLegacyKeyNames) })

/** A created withdrawal, its `payType` the legacy client's number when the request used one. */
function withdrawalAnswer(request: FastifyRequest, order: WithdrawProcess) {
  const named = withLegacyKeyNames(order)
  const code = legacyPayTypeOf[order.keyType]
  return numericPayType.has(request) && code !== null ? { ...named, payType: code } : named
}

const legacyCreatedWithdrawal = legacyNamedProcess.extend({
  payType: z.union([z.enum(pixKeyTypes), z.number().int()]).meta({
    description: "The key's type; the legacy client's number (1 CPF, 4 phone, 5 e-mail) when the request sent one.",
  }),
})

const legacyWithdrawInfo = translateBody((body) => {
  const { id: _id, ...rest } = body
  return rest
})

/** The legacy client's number for a key type in its bank list: 1 CPF, 4 phone, 5 e-mail, 6 random key. */
const legacyKeyTypeOf: Readonly<Record<PixKeyType, 1 | 4 | 5 | 6>> = { cpf: 1, phone: 4, email: 5, random: 6 }

/** An order with the legacy client's names beside the project's (numeric payType, times, the key masked). */
function withLegacyOrderFields<T extends WithdrawOrderView>(order: T, timeZone: string) {
  return {
    ...withLegacyKeyNames(order),
    id: order.orderId,
    payTypeCode: legacyPayTypeOf[order.keyType],
    type: legacyKeyTypeOf[order.keyType],
    state: order.historyStatus,
    accountNumber: order.keyMasked,
    userName: order.holderName,
    createTime: order.createdAt,
    createTimeStr: localDateTime(order.createdAt, timeZone),
    updateTime: order.updatedAt,
  }
}

/** An order as withLegacyOrderFields answers it, for the OpenAPI document. */
const legacyOrderView = legacyNamedOrder.extend({
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
function withLegacyProcessFields(process: WithdrawProcess, withdrawSuccessNum: number) {
  return {
    ...withLegacyKeyNames(process),
    userName: process.holderName,
    orderAmount: process.amount,
    processDetail: { withdrawSuccessNum, processJson: JSON.stringify(process.steps) },
  }
}

const legacyProcessView = legacyNamedProcess.extend({
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
function legacyWithdrawMsgCode(info: WithdrawInfo): 'success' | 'withdrawProcessing' | 'needPlayGame' {
  if (info.state === 'withdraw_processing') return 'withdrawProcessing'
  if (info.state === 'bonus_wagering_incomplete') return 'needPlayGame'
  return 'success'
}

const legacyWithdrawMsgCodes = ['success', 'withdrawProcessing', 'needPlayGame'] as const

/** withdrawInfo's figures under the legacy client's names (`data.result`). */
function legacyWithdrawResult<Order>(info: WithdrawInfo, orderList: Order[]) {
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

const legacyWithdrawResultSchema = z
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

const legacyOrderList = z
  .array(legacyOrderView)
  .meta({ description: "The page's orders under the legacy client's names." })

/** The withdrawal routes' legacy paths, by the project route they alias (see legacyAlias). */
export function withdrawalLegacyPaths(timeZone: string, paidCount: (playerId: number) => Promise<number>) {
  const legacyOrders = (orders: WithdrawOrdersPage['orders']) =>
    orders.map((order) => withLegacyOrderFields(order, timeZone))
  const info: LegacyPath = {
    path: '/v1/bus/withdrawInfo',
    translate: legacyWithdrawInfo,
    body: legacyWithdrawInfoRequest,
    answer: ({ data }: Ok<WithdrawInfo & { orders: WithdrawOrdersPage }>) => {
      const orderList = legacyOrders(data.orders.orders)
      return okWithState(legacyWithdrawMsgCode(data), {
        ...data,
        orders: withLegacyPageNames(data.orders),
        orderList,
        result: legacyWithdrawResult(data, orderList),
      })
    },
    response: {
      200: okEnvelopeWithState(
        withdrawInfo.extend({
          orders: legacyNamedPage,
          orderList: legacyOrderList,
          result: legacyWithdrawResultSchema,
        }),
        legacyWithdrawMsgCodes,
      ),
    },
  }
  const options: LegacyPath = {
    path: '/withdraw/channel/list',
    answer: ({ data }: Ok<WithdrawChannels>) => ({
      success: true,
      msgCode: 'success',
      data: {
        ...data,
        payTypes: data.keyTypes,
        // The legacy client reads the amount choices as `data.list`.
        list: data.presets.map((amount, index) => ({ id: index + 1, amount })),
      },
    }),
    response: replies(
      withdrawChannels.extend({
        payTypes: withdrawChannels.shape.keyTypes.meta({ description: '`keyTypes` under the legacy name.' }),
        list: z.array(z.object({ id: z.number().int(), amount: z.number().int() })).meta({
          description: 'The presets as the legacy client reads them.',
        }),
      }),
    ),
  }
  const create: LegacyPath = {
    path: '/withdraw/create/order',
    translate: legacyCreateWithdraw,
    body: legacyCreateWithdrawRequest,
    answer: (reply: Ok<WithdrawProcess>, request) => ({ ...reply, data: withdrawalAnswer(request, reply.data) }),
    response: replies(legacyCreatedWithdrawal),
  }
  const tracker: LegacyPath = {
    path: '/v1/bus/getWithdrawProcess',
    answer: async (reply: Ok<WithdrawProcess>, request) => ({
      ...reply,
      data: withLegacyProcessFields(reply.data, await paidCount(request.playerId)),
    }),
    response: replies(legacyProcessView),
  }
  const byRequest: LegacyPath = {
    path: '/v1/bus/withdrawalByRequest',
    answer: (reply: Ok<{ order: WithdrawProcess | null }>) => ({
      ...reply,
      data: { order: reply.data.order && withLegacyKeyNames(reply.data.order) },
    }),
    response: replies(z.object({ order: legacyNamedProcess.nullable() })),
  }
  const list: LegacyPath = {
    path: '/v1/bus/getAllWithdrawOrders',
    translate: legacyWithdrawInfo,
    body: legacyWithdrawInfoRequest,
    answer: (reply: Ok<WithdrawOrdersPage>) => ({
      ...reply,
      data: { ...withLegacyPageNames(reply.data), orderList: legacyOrders(reply.data.orders) },
    }),
    response: replies(legacyNamedPage.extend({ orderList: legacyOrderList })),
  }
  const processAnswer = {
    answer: (reply: Ok<WithdrawProcess>) => ({ ...reply, data: withLegacyKeyNames(reply.data) }),
    response: replies(legacyNamedProcess),
  }
  const correctKey: LegacyPath = {
    path: '/v1/bus/updateCpf',
    translate: translateBody(projectKeyNames),
    body: z
      .looseObject({
        orderId: z.string(),
        accountNumber: z.string(),
        payType: z.union([z.literal(1), z.literal(4), z.literal(5), z.enum(pixKeyTypes)]).optional(),
      })
      .meta({ description: "The legacy client's correction: `accountNumber` is the key, `payType` its type." }),
    ...processAnswer,
  }
  const cancel: LegacyPath = { path: '/v1/bus/cancelWithdraw', ...processAnswer }
  return { info, options, create, tracker, byRequest, list, correctKey, cancel }
}

/** The deposit routes' legacy paths, by the project route they alias (see legacyAlias). */
export const depositLegacyPaths = {
  amounts: { path: '/charge/amount/list' },
  create: { path: '/charge/create/order', translate: legacyCreateDeposit, body: legacyCreateDepositRequest },
  order: { path: '/charge/order/detail' },
  refunds: { path: '/charge/refund/list' },
} satisfies Record<string, LegacyPath>
