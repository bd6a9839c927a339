// The withdrawal calls (SPEC 5, 9): rules state, presets, order creation, the tracker, the
// history, correcting a rejected key (free) or giving up at that step.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createWithdrawOrderRequest,
  pageRequest,
  updateKeyRequest,
  withdrawOrderRequest,
} from '../../contract/withdrawals.ts'
import { ok } from '../http/envelope.ts'
import {
  seedBankList,
  seedCreateWithdraw,
  seedUpdateKey,
  seedWithdrawInfo,
  withSeedOrderFields,
} from './seed-shapes.ts'

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const withdrawals = app.payments.withdrawals
  const auth = {}

  const infoOptions = { ...auth, preValidation: seedWithdrawInfo, schema: { body: pageRequest.optional() } }
  app.post('/v1/bus/withdrawInfo', infoOptions, async (request) => {
    const [info, page] = await Promise.all([
      withdrawals.info(request.playerId),
      withdrawals.page(request.playerId, request.body ?? { pageNum: 1, pageSize: 10 }),
    ])
    return ok({ ...info, orders: page, orderList: page.orders.map(withSeedOrderFields) })
  })

  app.post('/withdraw/channel/list', auth, async (request) => {
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
  app.post('/withdraw/bank/all/list', auth, async () => ok({ list: seedBankList }))

  const createOptions = { ...auth, preValidation: seedCreateWithdraw, schema: { body: createWithdrawOrderRequest } }
  app.post('/withdraw/create/order', createOptions, async (request) =>
    ok(await withdrawals.create(request.playerId, request.body, request.language)),
  )

  app.post('/v1/bus/getWithdrawProcess', { ...auth, schema: { body: withdrawOrderRequest } }, async (request) =>
    ok(await withdrawals.process(request.playerId, request.body.orderId, request.language)),
  )

  const pageOptions = { ...auth, preValidation: seedWithdrawInfo, schema: { body: pageRequest } }
  app.post('/v1/bus/getAllWithdrawOrders', pageOptions, async (request) => {
    const page = await withdrawals.page(request.playerId, request.body)
    return ok({ ...page, orderList: page.orders.map(withSeedOrderFields) })
  })

  const updateOptions = { ...auth, preValidation: seedUpdateKey, schema: { body: updateKeyRequest } }
  app.post('/v1/bus/updateCpf', updateOptions, async (request) =>
    ok(await withdrawals.updateKey(request.playerId, request.body, request.language)),
  )

  app.post('/v1/bus/cancelWithdraw', { ...auth, schema: { body: withdrawOrderRequest } }, async (request) =>
    ok(await withdrawals.cancel(request.playerId, request.body.orderId, request.language)),
  )
}
