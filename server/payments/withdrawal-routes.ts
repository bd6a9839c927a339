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
  seedBankList,
  seedCreatedWithdrawal,
  seedCreateWithdraw,
  seedCreateWithdrawRequest,
  seedOrderView,
  seedProcessView,
  seedUpdateKey,
  seedWithdrawInfo,
  seedWithdrawInfoRequest,
  seedWithdrawMsgCode,
  seedWithdrawMsgCodes,
  seedWithdrawResult,
  seedWithdrawResultSchema,
  withdrawalAnswer,
  withSeedOrderFields,
  withSeedProcessFields,
} from './seed-shapes.ts'

const seedOrderList = z.array(seedOrderView).meta({ description: "The page's orders under the seed client's names." })
const processReply = replies(withdrawProcess)

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const withdrawals = app.payments.withdrawals
  const auth = {}
  const timeZone = app.config.market.timeZone
  const seedOrders = (orders: WithdrawOrdersPage['orders']) =>
    orders.map((order) => withSeedOrderFields(order, timeZone))

  const infoSchema = {
    summary: 'Whether the player may withdraw now, how much, and the latest orders',
    body: pageRequest.optional(),
    description:
      "`msgCode` is `success`, or for the seed's client the state it reads there: `withdrawProcessing` " +
      '(an order in flight) or `needPlayGame` (bonus still to be wagered); the answer is a success either way.',
    response: {
      200: okEnvelopeWithState(
        withdrawInfo.extend({ orders: withdrawOrdersPage, orderList: seedOrderList, result: seedWithdrawResultSchema }),
        seedWithdrawMsgCodes,
      ),
    },
  }
  const infoOptions = {
    ...auth,
    preValidation: seedWithdrawInfo,
    schema: infoSchema,
    config: { legacyBody: seedWithdrawInfoRequest },
  }
  app.post('/v1/bus/withdrawInfo', infoOptions, async (request) => {
    const [info, page] = await Promise.all([
      withdrawals.info(request.playerId),
      withdrawals.page(request.playerId, request.body ?? { pageNum: 1, pageSize: 10 }),
    ])
    const orderList = seedOrders(page.orders)
    const data = { ...info, orders: page, orderList, result: seedWithdrawResult(info, orderList) }
    return okWithState(seedWithdrawMsgCode(info), data)
  })

  const channelSchema = {
    summary: 'The withdraw screen: amount presets, bounds and PIX key types',
    response: replies(
      withdrawChannels.extend({
        list: z.array(z.object({ id: z.number().int(), amount: z.number().int() })).meta({
          description: 'The presets as the seed client reads them.',
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
      // The seed reads the amount choices as `data.list`.
      list: app.config.withdrawals.presets.map((amount, index) => ({ id: index + 1, amount })),
    })
  })

  // The seed's list of withdrawal channels: with PIX, the key types (and the seed's payType codes).
  const bankSchema = {
    summary: "The seed client's withdrawal channels: the PIX key types",
    response: replies(
      z.object({
        list: z.array(
          z.object({ id: z.number().int(), payType: z.number().int().nullable(), code: z.string(), name: z.string() }),
        ),
      }),
    ),
  }
  app.post('/withdraw/bank/all/list', { ...auth, schema: bankSchema }, async () => ok({ list: seedBankList }))

  const createSchema = {
    summary: 'Withdraw to a PIX key of the verified holder (idempotent by requestId)',
    body: createWithdrawOrderRequest,
    response: replies(seedCreatedWithdrawal),
  }
  const createOptions = {
    ...auth,
    preValidation: seedCreateWithdraw,
    schema: createSchema,
    config: { legacyBody: seedCreateWithdrawRequest },
  }
  app.post('/withdraw/create/order', createOptions, async (request) =>
    ok(withdrawalAnswer(request, await withdrawals.create(request.playerId, request.body, request.language))),
  )

  const processSchema = {
    summary: "A withdrawal's tracker: steps and the 120-minute clock",
    body: withdrawOrderRequest,
    response: replies(seedProcessView),
  }
  app.post('/v1/bus/getWithdrawProcess', { ...auth, schema: processSchema }, async (request) => {
    const process = await withdrawals.process(request.playerId, request.body.orderId, request.language)
    return ok(withSeedProcessFields(process, await withdrawals.paidCount(request.playerId)))
  })

  const pageSchema = {
    summary: "The player's withdrawals, newest first",
    body: pageRequest,
    response: replies(withdrawOrdersPage.extend({ orderList: seedOrderList })),
  }
  const pageOptions = {
    ...auth,
    preValidation: seedWithdrawInfo,
    schema: pageSchema,
    config: { legacyBody: seedWithdrawInfoRequest },
  }
  app.post('/v1/bus/getAllWithdrawOrders', pageOptions, async (request) => {
    const page = await withdrawals.page(request.playerId, request.body)
    return ok({ ...page, orderList: seedOrders(page.orders) })
  })

  const updateSchema = {
    summary: 'Correct the PIX key of a withdrawal the bank rejected (free)',
    body: updateKeyRequest,
    response: processReply,
  }
  const updateOptions = { ...auth, preValidation: seedUpdateKey, schema: updateSchema }
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
