// The deposit calls: amount choices, order creation, an order's status, the PIX
// returned to the player's payer (refunds, with why), and the QR code of a charge as SVG. Each
// route names the legacy client's path for it (legacy-shapes.ts), registered beside it.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import qrcode from 'qrcode-generator'
import { z } from 'zod'
import {
  createDepositOrderRequest,
  depositAmounts,
  depositOrder,
  depositOrderRequest,
  depositRefundsPage,
  refundListRequest,
} from '../../contract/deposits.ts'
import { ok, replies } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'
import { TXID_PATTERN } from './ids.ts'
import { depositLegacyPaths as legacy } from './legacy-shapes.ts'

export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  const deposits = app.payments.deposits

  const amountsSchema = {
    summary: 'Deposit amounts, bounds, the first-deposit offer and what the deposit limits leave',
    response: replies(depositAmounts),
  }
  app.post('/v1/deposits/amounts', { schema: amountsSchema, config: { legacyPath: legacy.amounts } }, async (request) =>
    ok(await deposits.amounts(request.playerId)),
  )

  const createSchema = {
    summary: 'Create a deposit order: a PIX charge to pay (idempotent by requestId)',
    body: createDepositOrderRequest,
    response: replies(depositOrder),
  }
  const createOptions = {
    schema: createSchema,
    config: { legacyPath: legacy.create, marketOnly: 'deposit' as const },
  }
  app.post('/v1/deposits/create', createOptions, async (request) =>
    ok(await deposits.create(request.playerId, request.body)),
  )

  const detailSchema = {
    summary: 'A deposit order and its status',
    body: depositOrderRequest,
    response: replies(depositOrder),
  }
  app.post('/v1/deposits/order', { schema: detailSchema, config: { legacyPath: legacy.order } }, async (request) => {
    const order = await deposits.find(request.playerId, request.body.orderId)
    if (!order) throw new Refusal('not_found')
    return ok(order)
  })

  const refundsSchema = {
    summary: "PIX returned to the player's payer, with why",
    body: refundListRequest.optional(),
    response: replies(depositRefundsPage),
  }
  app.post(
    '/v1/deposits/refunds',
    { schema: refundsSchema, config: { legacyPath: legacy.refunds } },
    async (request) => {
      return ok(await app.payments.refunds.page(request.playerId, request.body ?? { pageNum: 1, pageSize: 10 }))
    },
  )
}

/** A charge's QR code (public scope). */
export const depositPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  // The txid is 32 random characters, so knowing it is what grants seeing its QR code.
  app.get(
    '/pix/qr/:file',
    {
      schema: {
        summary: "A charge's QR code as SVG",
        params: z.object({ file: z.string().regex(/^[A-Za-z0-9]{26,35}\.svg$/) }),
        response: {
          200: {
            description: "The QR code of the charge's PIX code.",
            content: { 'image/svg+xml': { schema: z.string() } },
          },
        },
      },
      config: { refusalStatus: 404 },
    },
    async (request, reply) => {
      const txid = request.params.file.slice(0, -4)
      const payCode = TXID_PATTERN.test(txid) ? await app.payments.deposits.payCodeOf(txid) : null
      if (!payCode) throw new Refusal('not_found')
      const qr = qrcode(0, 'M')
      qr.addData(payCode)
      qr.make()
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'private, max-age=600')
        .send(qr.createSvgTag({ cellSize: 4, margin: 16, scalable: true }))
    },
  )
}
