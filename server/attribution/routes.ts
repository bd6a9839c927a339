// The attribution calls (SPEC 12): the player's consent (asked once by the app, changeable in
// Perfil), and the seed's client-side report records of deposit conversions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  attributionConsentRequest,
  rechargeRecordsRequest,
  updateRechargeRecordsRequest,
} from '../../contract/attribution.ts'
import { emptyRequest } from '../../contract/rewards.ts'
import { ok } from '../http/envelope.ts'
import { translateBody } from '../http/seed-shapes.ts'

export const attributionRoutes: FastifyPluginAsyncZod = async (app) => {
  const attribution = app.attribution

  app.post('/user/attributionConsent/info', { schema: { body: emptyRequest } }, async (request) =>
    ok(await attribution.consent(request.playerId)),
  )

  app.post('/user/attributionConsent', { schema: { body: attributionConsentRequest } }, async (request) => {
    const { granted, registChannel, ...click } = request.body
    return ok(await attribution.setConsent(request.playerId, granted, { ...click, channel: registChannel }))
  })

  // The seed posts these two bare at times: a missing body is an empty one.
  const bare = translateBody((body) => body)

  app.post(
    '/v1/bus/getFbRechargeRecords',
    { preValidation: bare, schema: { body: rechargeRecordsRequest } },
    async (request) => {
      const consent = await attribution.consent(request.playerId)
      const { pageNum = 1, pageSize = 20 } = request.body
      const list = consent.granted ? await attribution.rechargeRecords(request.playerId, pageNum, pageSize) : []
      return ok({ enableFlag: consent.granted ? 1 : 0, list })
    },
  )

  app.post('/v1/bus/updateFbRechargeRecords', { schema: { body: updateRechargeRecordsRequest } }, async (request) => {
    const { orderIds, reportStatus, errorCode } = request.body
    const consent = await attribution.consent(request.playerId)
    const updated = consent.granted
      ? await attribution.markClientReport(
          request.playerId,
          orderIds,
          reportStatus,
          errorCode === undefined ? null : String(errorCode),
        )
      : 0
    return ok({ updated, enableFlag: consent.granted ? 1 : 0 })
  })
}
