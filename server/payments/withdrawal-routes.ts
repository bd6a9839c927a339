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

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const withdrawals = app.payments.withdrawals
  const auth = {}

  app.post('/v1/bus/withdrawInfo', { ...auth, schema: { body: pageRequest.optional() } }, async (request) => {
    const { pageNum, pageSize } = request.body ?? { pageNum: 1, pageSize: 10 }
    const [info, page] = await Promise.all([
      withdrawals.info(request.playerId),
      withdrawals.page(request.playerId, pageNum, pageSize),
    ])
    return ok({ ...info, orders: page })
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
    })
  })

  app.post('/withdraw/create/order', { ...auth, schema: { body: createWithdrawOrderRequest } }, async (request) =>
    ok(await withdrawals.create(request.playerId, request.body, request.language)),
  )

  app.post('/v1/bus/getWithdrawProcess', { ...auth, schema: { body: withdrawOrderRequest } }, async (request) =>
    ok(await withdrawals.process(request.playerId, request.body.orderId, request.language)),
  )

  app.post('/v1/bus/getAllWithdrawOrders', { ...auth, schema: { body: pageRequest } }, async (request) =>
    ok(await withdrawals.page(request.playerId, request.body.pageNum, request.body.pageSize)),
  )

  app.post('/v1/bus/updateCpf', { ...auth, schema: { body: updateKeyRequest } }, async (request) =>
    ok(await withdrawals.updateKey(request.playerId, request.body, request.language)),
  )

  app.post('/v1/bus/cancelWithdraw', { ...auth, schema: { body: withdrawOrderRequest } }, async (request) =>
    ok(await withdrawals.cancel(request.playerId, request.body.orderId, request.language)),
  )
}
