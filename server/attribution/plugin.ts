// The attribution module: consent, ad clicks and conversion events (its tables are
// attribution_consents, attribution_clicks and attribution_events), and the reporter that sends
// consented events to ADS_ENDPOINT (off when unset). A credited deposit records its conversion
// inside the deposit's own transaction.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { AttributionService } from './attribution.ts'
import { ConversionReporter } from './reporter.ts'

declare module 'fastify' {
  interface FastifyInstance {
    attribution: AttributionService & { reporter: ConversionReporter | null }
  }
}

const attributionPlugin: FastifyPluginAsync = async (app) => {
  const now = () => app.clock.now()
  const service = new AttributionService({ db: app.db, currency: app.config.market.currency, now })
  const { endpoint, token, intervalMs } = app.config.ads
  const reporter = endpoint
    ? new ConversionReporter({
        db: app.db,
        endpoint,
        token,
        intervalMs,
        now,
        onError: (error) => app.log.warn({ err: error }, 'conversion report failed'),
      })
    : null
  app.decorate('attribution', Object.assign(service, { reporter }))
  app.payments.deposits.onDepositCredited((tx, deposit) => service.depositCredited(tx.trx, deposit, tx.now))
  app.addHook('onReady', async () => reporter?.start())
  app.addHook('onClose', async () => reporter?.stop())
}

export const attributionModule = fp(attributionPlugin, {
  name: 'attribution',
  dependencies: ['ledger', 'accounts', 'payments'],
})
