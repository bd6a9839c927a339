// The withdrawal calls: rules state, presets, order creation, the tracker, the
// history, correcting a rejected key (free) or giving up at that step.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { okEnvelopeWithState } from '../../contract/envelope.ts'
import {
  createWithdrawOrderRequest,
  pageRequest,
  updateKeyRequest,
  type WithdrawOrdersPage,
  withdrawChannels,
  withdrawInfo,
  withdrawOrderRequest,
  withdrawOrdersPage,
  withdrawProcess,
} from '../../contract/withdrawals.ts'
import { ok, okWithState, replies } from '../http/envelope.ts'
import {
  legacyBankList,
  legacyCreatedWithdrawal,
  legacyCreateWithdraw,
  legacyCreateWithdrawRequest,
  legacyOrderView,
  legacyProcessView,
  legacyUpdateKey,
  legacyWithdrawInfo,
  legacyWithdrawInfoRequest,
  legacyWithdrawMsgCode,
  legacyWithdrawMsgCodes,
  legacyWithdrawResult,
  legacyWithdrawResultSchema,
  withdrawalAnswer,
  withLegacyOrderFields,
  withLegacyProcessFields,
} from './legacy-shapes.ts'

const legacyOrderList = z
  .array(legacyOrderView)
  .meta({ description: "The page's orders under the legacy client's names." })
const processReply = replies(withdrawProcess)

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const withdrawals = app.payments.withdrawals
  const auth = {}
  const timeZone = app.config.market.timeZone
  const legacyOrders = (orders: WithdrawOrdersPage['orders']) =>
    orders.map((order) => withLegacyOrderFields(order, timeZone))

  const infoSchema = {
    summary: 'Whether the player may withdraw now, how much, and the latest orders',
    body: pageRequest.optional(),
    description:
      '`msgCode` is `success`, or for the legacy client the state it reads there: `withdrawProcessing` ' +
      '(an order in flight) or `needPlayGame` (bonus still to be wagered); the answer is a success either way.',
    response: {
      200: okEnvelopeWithState(
        withdrawInfo.extend({
          orders: withdrawOrdersPage,
          orderList: legacyOrderList,
          result: legacyWithdrawResultSchema,
        }),
        legacyWithdrawMsgCodes,
      ),
    },
  }
  const infoOptions = {
    ...auth,
    preValidation: legacyWithdrawInfo,
    schema: infoSchema,
    config: { legacyBody: legacyWithdrawInfoRequest },
  }
  app.post('/v1/bus/withdrawInfo', infoOptions, async (request) => {
    const [info, page] = await Promise.all([
      withdrawals.info(request.playerId),
      withdrawals.page(request.playerId, request.body ?? { pageNum: 1, pageSize: 10 }),
    ])
    const orderList = legacyOrders(page.orders)
    const data = { ...info, orders: page, orderList, result: legacyWithdrawResult(info, orderList) }
    return okWithState(legacyWithdrawMsgCode(info), data)
  })

  const channelSchema = {
    summary: 'The withdraw screen: amount presets, bounds and PIX key types',
    response: replies(
      withdrawChannels.extend({
        list: z.array(z.object({ id: z.number().int(), amount: z.number().int() })).meta({
          description: 'The presets as the legacy client reads them.',
        }),
      }),
    ),
  }
  app.post('/withdraw/channel/list', { ...auth, schema: channelSchema }, async (request) => {
    const info = await withdrawals.info(request.playerId)
    return ok({
      presets: app.config.withdrawals.presets,
      min: info.min,
      max: info.max,
      withdrawable: info.withdrawable,
      dailyMax: info.dailyMax,
      dailyRemaining: info.dailyRemaining,
      payTypes: ['cpf', 'phone', 'email', 'random'],
      // The legacy client reads the amount choices as `data.list`.
      list: app.config.withdrawals.presets.map((amount, index) => ({ id: index + 1, amount })),
    })
  })

  // The legacy client's list of withdrawal channels: with PIX, the key types (and the legacy client's payType codes).
  const bankSchema = {
    summary: "The legacy client's withdrawal channels: the PIX key types",
    response: replies(
      z.object({
        list: z.array(
          z.object({ id: z.number().int(), payType: z.number().int().nullable(), code: z.string(), name: z.string() }),
        ),
      }),
    ),
  }
  app.post('/withdraw/bank/all/list', { ...auth, schema: bankSchema }, async () => ok({ list: legacyBankList }))

  const createSchema = {
    summary: 'Withdraw to a PIX key of the verified holder (idempotent by requestId)',
    body: createWithdrawOrderRequest,
    response: replies(legacyCreatedWithdrawal),
  }
  const createOptions = {
    ...auth,
    preValidation: legacyCreateWithdraw,
    schema: createSchema,
    config: { legacyBody: legacyCreateWithdrawRequest },
  }
  app.post('/withdraw/create/order', createOptions, async (request) =>
    ok(withdrawalAnswer(request, await withdrawals.create(request.playerId, request.body, request.language))),
  )

  const processSchema = {
    summary: "A withdrawal's tracker: steps and the 120-minute clock",
    body: withdrawOrderRequest,
    response: replies(legacyProcessView),
  }
  app.post('/v1/bus/getWithdrawProcess', { ...auth, schema: processSchema }, async (request) => {
    const process = await withdrawals.process(request.playerId, request.body.orderId, request.language)
    return ok(withLegacyProcessFields(process, await withdrawals.paidCount(request.playerId)))
  })

  const pageSchema = {
    summary: "The player's withdrawals, newest first",
    body: pageRequest,
    response: replies(withdrawOrdersPage.extend({ orderList: legacyOrderList })),
  }
  const pageOptions = {
    ...auth,
    preValidation: legacyWithdrawInfo,
    schema: pageSchema,
    config: { legacyBody: legacyWithdrawInfoRequest },
  }
  app.post('/v1/bus/getAllWithdrawOrders', pageOptions, async (request) => {
    const page = await withdrawals.page(request.playerId, request.body)
    return ok({ ...page, orderList: legacyOrders(page.orders) })
  })

  const updateSchema = {
    summary: 'Correct the PIX key of a withdrawal the bank rejected (free)',
    body: updateKeyRequest,
    response: processReply,
  }
  const updateOptions = { ...auth, preValidation: legacyUpdateKey, schema: updateSchema }
  app.post('/v1/bus/updateCpf', updateOptions, async (request) =>
    ok(await withdrawals.updateKey(request.playerId, request.body, request.language)),
  )

  const cancelSchema = {
    summary: 'Give up a withdrawal whose key was rejected: the money returns to the balance',
    body: withdrawOrderRequest,
    response: processReply,
  }
  app.post('/v1/bus/cancelWithdraw', { ...auth, schema: cancelSchema }, async (request) =>
    ok(await withdrawals.cancel(request.playerId, request.body.orderId, request.language)),
  )
}
