// The attribution calls: the player's consent (asked once by the app, changeable in
// Perfil), and the legacy client-side report records of deposit conversions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  attributionConsentRequest,
  attributionConsentView,
  rechargeRecord,
  rechargeRecordsRequest,
  updateRechargeRecordsRequest,
} from '../../contract/attribution.ts'
import { emptyRequest } from '../../contract/rewards.ts'
import { ok, replies } from '../http/envelope.ts'
import { translateBody } from '../http/legacy-shapes.ts'
import { attributionLegacyPaths as legacy } from './legacy-shapes.ts'

export const attributionRoutes: FastifyPluginAsyncZod = async (app) => {
  const attribution = app.attribution

  const consentReply = replies(attributionConsentView)
  const infoSchema = {
    summary: "The player's choice on marketing attribution",
    body: emptyRequest,
    response: consentReply,
  }
  app.post(
    '/v1/attribution/consent/info',
    { config: { legacyPath: legacy.consentInfo }, schema: infoSchema },
    async (request) => ok(await attribution.consent(request.playerId)),
  )

  const setSchema = {
    summary: 'Agree to or refuse marketing attribution (the ad click is kept only with consent)',
    body: attributionConsentRequest,
    response: consentReply,
  }
  app.post(
    '/v1/attribution/consent',
    { config: { legacyPath: legacy.consent }, schema: setSchema },
    async (request) => {
      const { granted, registChannel, ...click } = request.body
      return ok(await attribution.setConsent(request.playerId, granted, { ...click, channel: registChannel }))
    },
  )

  // The legacy client posts these two bare at times: a missing body is an empty one.
  const bare = translateBody((body) => body)
  const flag = z.union([z.literal(0), z.literal(1)])

  app.post(
    '/v1/bus/getFbRechargeRecords',
    {
      preValidation: bare,
      schema: {
        summary: "The player's deposit conversions for the client's own ad report (with consent only)",
        // The legacy client's own ad report: the project's clients never call it.
        deprecated: true,
        body: rechargeRecordsRequest,
        response: replies(
          z.object({
            enableFlag: z.union([z.literal(0), z.literal(1)]),
            list: z.array(rechargeRecord),
            fbRechargeRecords: z
              .array(rechargeRecord.extend({ isFirstRecharge: flag }))
              .meta({ description: "`list` under the legacy client's name, each record marked first deposit or not." }),
            isFirstRecharge: flag.meta({ description: "1 when the player's first deposit is among the records." }),
          }),
        ),
      },
    },
    async (request) => {
      const consent = await attribution.consent(request.playerId)
      const { pageNum = 1, pageSize = 20 } = request.body
      const list = consent.granted ? await attribution.rechargeRecords(request.playerId, pageNum, pageSize) : []
      // The legacy client reports a first deposit to the ads API as its own event.
      const fbRechargeRecords = list.map((record) => ({
        ...record,
        isFirstRecharge: record.kind === 'first_deposit' ? (1 as const) : (0 as const),
      }))
      const isFirstRecharge = fbRechargeRecords.some((record) => record.isFirstRecharge === 1) ? 1 : 0
      return ok({ enableFlag: consent.granted ? 1 : 0, list, fbRechargeRecords, isFirstRecharge })
    },
  )

  const updateSchema = {
    summary: "The client's report of conversions it sent to the ads API",
    deprecated: true,
    body: updateRechargeRecordsRequest,
    response: replies(z.object({ updated: z.number().int(), enableFlag: z.union([z.literal(0), z.literal(1)]) })),
  }
  app.post('/v1/bus/updateFbRechargeRecords', { schema: updateSchema }, async (request) => {
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
