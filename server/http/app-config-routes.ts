// GET `/cache/appConfig`: what the client needs to know about this deployment before login —
// whether the sandbox payment provider is active (the app then shows "no real money"),
// whether promotions are on, the market's currency and its time zone (the clients show every time
// in it).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok, replies } from './envelope.ts'

const appConfigView = z.object({
  sandbox: z.boolean().meta({ description: 'The sandbox payment provider is active: no real money.' }),
  promotions: z.boolean(),
  currency: z.string(),
  timeZone: z
    .string()
    .meta({ description: "The market's IANA time zone (MARKET_TIME_ZONE): the clients show every time in it." }),
  pixExpirySeconds: z.number().int(),
  withdrawPromptMin: z
    .number()
    .int()
    .meta({ description: 'After leaving a game, the "you can withdraw" prompt shows from this much cash.' }),
})
export type AppConfigView = z.infer<typeof appConfigView>

const configSchema = {
  summary: 'What the client needs before login: sandbox, promotions, currency, time zone, PIX expiry',
  response: replies(appConfigView),
}

export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cache/appConfig', { schema: configSchema }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60')
    return ok<AppConfigView>({
      sandbox: app.payments.provider.sandbox,
      promotions: app.config.promotions.enabled,
      currency: app.config.market.currency,
      timeZone: app.config.market.timeZone,
      pixExpirySeconds: app.config.payments.expirySeconds,
      withdrawPromptMin: app.config.withdrawPromptMin,
    })
  })
}
