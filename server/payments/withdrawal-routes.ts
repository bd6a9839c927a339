// The withdrawal calls: rules state, presets, order creation, the tracker, the
// history, correcting a rejected key (free) or giving up at that step. Each route names the legacy
// client's path for it (legacy-shapes.ts), which the API layer registers beside it.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  createWithdrawOrderRequest,
  pageRequest,
  updateKeyRequest,
  withdrawalByRequestRequest,
  withdrawChannels,
  withdrawInfo,
  withdrawOrderRequest,
  withdrawOrdersPage,
  withdrawProcess,
} from '../../contract/withdrawals.ts'
import { requireStepUp } from '../accounts/face-checks.ts'
import { ok, replies } from '../http/envelope.ts'
import { legacyBankList, withdrawalLegacyPaths } from './legacy-shapes.ts'

const processReply = replies(withdrawProcess)

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const withdrawals = app.payments.withdrawals
  const legacy = withdrawalLegacyPaths(app.config.market.timeZone, (playerId) => withdrawals.paidCount(playerId))

  const infoSchema = {
    summary: 'Whether the player may withdraw now, how much, and the latest orders',
    body: pageRequest.optional(),
    response: replies(withdrawInfo.extend({ orders: withdrawOrdersPage })),
  }
  app.post('/v1/withdrawals/info', { schema: infoSchema, config: { legacyPath: legacy.info } }, async (request) => {
    const [info, orders] = await Promise.all([
      withdrawals.info(request.playerId),
      withdrawals.page(request.playerId, request.body ?? { pageNum: 1, pageSize: 10 }),
    ])
    return ok({ ...info, orders })
  })

  const optionsSchema = {
    summary: 'The withdraw screen: amount presets, bounds and PIX key types',
    response: replies(withdrawChannels),
  }
  app.post(
    '/v1/withdrawals/options',
    { schema: optionsSchema, config: { legacyPath: legacy.options } },
    async (request) => {
      const info = await withdrawals.info(request.playerId)
      return ok({
        presets: app.config.withdrawals.presets,
        min: info.min,
        max: info.max,
        withdrawable: info.withdrawable,
        dailyMax: info.dailyMax,
        dailyRemaining: info.dailyRemaining,
        keyTypes: ['cpf', 'phone', 'email', 'random'] as const,
      })
    },
  )

  // The legacy client's list of withdrawal channels: with PIX, the key types (and the legacy client's payType codes).
  const bankSchema = {
    summary: "The legacy client's withdrawal channels: the PIX key types",
    deprecated: true,
    response: replies(
      z.object({
        list: z.array(
          z.object({ id: z.number().int(), payType: z.number().int().nullable(), code: z.string(), name: z.string() }),
        ),
      }),
    ),
  }
  app.post('/withdraw/bank/all/list', { schema: bankSchema }, async () => ok({ list: legacyBankList }))

  const createSchema = {
    summary: 'Withdraw to a PIX key of the verified holder (idempotent by requestId)',
    body: createWithdrawOrderRequest,
    response: processReply,
  }
  const createConfig = { legacyPath: legacy.create, marketOnly: 'withdrawal' as const }
  app.post('/v1/withdrawals/create', { schema: createSchema, config: createConfig }, async (request) => {
    // Identity by face: the face again on a device a password login added, and before the first
    // withdrawal to a key never paid to (FACE_STEP_UP).
    const stepUp = (newKey: boolean) =>
      requireStepUp(app.db, app.config.face, {
        playerId: request.playerId,
        deviceRowId: request.sessionDeviceId,
        newKey,
        now: app.clock.now(),
      })
    return ok(await withdrawals.create(request.playerId, request.body, request.language, stepUp))
  })

  const trackerSchema = {
    summary: "A withdrawal's tracker: steps and the 120-minute clock",
    body: withdrawOrderRequest,
    response: processReply,
  }
  app.post(
    '/v1/withdrawals/tracker',
    { schema: trackerSchema, config: { legacyPath: legacy.tracker } },
    async (request) => ok(await withdrawals.process(request.playerId, request.body.orderId, request.language)),
  )

  const byRequestSchema = {
    summary: 'The withdrawal a create made, by its requestId (null: none was made); for an answer lost on the way',
    body: withdrawalByRequestRequest,
    response: replies(z.object({ order: withdrawProcess.nullable() })),
  }
  app.post(
    '/v1/withdrawals/byRequest',
    { schema: byRequestSchema, config: { legacyPath: legacy.byRequest } },
    async (request) =>
      ok({ order: await withdrawals.byRequest(request.playerId, request.body.requestId, request.language) }),
  )

  const listSchema = {
    summary: "The player's withdrawals, newest first",
    body: pageRequest,
    response: replies(withdrawOrdersPage),
  }
  app.post('/v1/withdrawals/list', { schema: listSchema, config: { legacyPath: legacy.list } }, async (request) =>
    ok(await withdrawals.page(request.playerId, request.body)),
  )

  const correctKeySchema = {
    summary: 'Correct the PIX key of a withdrawal the bank rejected (free)',
    body: updateKeyRequest,
    response: processReply,
  }
  app.post(
    '/v1/withdrawals/correctKey',
    { schema: correctKeySchema, config: { legacyPath: legacy.correctKey } },
    async (request) => ok(await withdrawals.updateKey(request.playerId, request.body, request.language)),
  )

  const cancelSchema = {
    summary: 'Give up a withdrawal whose key was rejected: the money returns to the balance',
    body: withdrawOrderRequest,
    response: processReply,
  }
  app.post('/v1/withdrawals/cancel', { schema: cancelSchema, config: { legacyPath: legacy.cancel } }, async (request) =>
    ok(await withdrawals.cancel(request.playerId, request.body.orderId, request.language)),
  )
}
