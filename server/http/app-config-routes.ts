// GET `/cache/appConfig`: what the client needs to know about this deployment before login —
// whether the sandbox payment provider is active (the app then shows "no real money"),
// whether promotions are on, and the market's currency.
import type { FastifyPluginAsync } from 'fastify'
import { ok } from './envelope.ts'

export interface AppConfigView {
  sandbox: boolean
  promotions: boolean
  currency: string
  pixExpirySeconds: number
  /** After leaving a game, the "you can withdraw" prompt shows from this much cash. */
  withdrawPromptMin: number
}

export const appConfigRoutes: FastifyPluginAsync = async (app) => {
  app.get('/cache/appConfig', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60')
    return ok<AppConfigView>({
      sandbox: app.payments.provider.sandbox,
      promotions: app.config.promotions.enabled,
      currency: app.config.market.currency,
      pixExpirySeconds: app.config.payments.expirySeconds,
      withdrawPromptMin: app.config.withdrawPromptMin,
    })
  })
}
