// Marketing attribution, only with the player's consent (LGPD): the ad-click fields a
// login may carry, the consent call, and the legacy client-side report records.
import { z } from 'zod'

/** The ad-click fields (Meta's click id and browser id, the landing URL, the browser's user agent). */
export const adClickFields = {
  fbc: z.string().trim().max(500).optional(),
  fbp: z.string().trim().max(500).optional(),
  fbEventUrl: z.string().trim().max(2000).optional(),
  fbClientUserAgent: z.string().trim().max(1000).optional(),
}
export interface AdClick {
  fbc?: string | undefined
  fbp?: string | undefined
  fbEventUrl?: string | undefined
  fbClientUserAgent?: string | undefined
}

/** The player's answer; with `granted`, the click the app kept since the first open (if any). */
export const attributionConsentRequest = z.strictObject({
  granted: z.boolean(),
  ...adClickFields,
  registChannel: z.string().trim().max(256).optional(),
})

export const attributionConsentView = z.object({
  asked: z.boolean().meta({ description: 'False until the player answered once (the app asks then, never again).' }),
  granted: z.boolean(),
  decidedAt: z.number().int().nullable(),
})
export type AttributionConsentView = z.infer<typeof attributionConsentView>

export type ConversionKind = 'registration' | 'first_deposit' | 'deposit'

/** A deposit's conversion as the legacy client reads it (`/v1/bus/getFbRechargeRecords`). */
export const rechargeRecord = z.object({
  orderId: z.string(),
  eventId: z.string(),
  kind: z.enum(['registration', 'first_deposit', 'deposit']),
  amount: z.number().int().meta({ description: "Centavos; `value` is the same in reais (the ads API's unit)." }),
  value: z.number(),
  currency: z.string(),
  reportStatus: z.number().int().meta({ description: "The client's own report: 0 not yet, 1 reported, 2 failed." }),
  createTime: z.number().int(),
})
export type RechargeRecord = z.infer<typeof rechargeRecord>

export const rechargeRecordsRequest = z.strictObject({
  pageNum: z.number().int().min(1).max(1000).optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
})

export const updateRechargeRecordsRequest = z.strictObject({
  orderIds: z.array(z.string().min(1).max(40)).min(1).max(100),
  reportStatus: z.union([z.literal(1), z.literal(2)]),
  errorCode: z.union([z.string().max(100), z.number().int()]).optional(),
  // The legacy client sends its own switch back; consent only ever changes by the player's answer.
  enableFlag: z.union([z.literal(0), z.literal(1)]).optional(),
})
