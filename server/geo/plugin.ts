// The geo module: only players in the market's country deposit, withdraw and play. A route asks
// for the check with `config: { marketOnly: '<action>' }`; this module's preParsing hook answers
// after the scope's onRequest hooks (language, authentication, rate limits) and before the body is
// parsed or any handler runs, so a refused request writes nothing.
// Refusals are counted per country and action (`market_refusals_total`) for the operators.
// Owns no table.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { Refusal } from '../refusal.ts'
import { bundledDatabaseBuiltAt, type CountryLocator, geoipCountryLocator } from './locator.ts'
import { type MarketAction, MarketGate } from './market-gate.ts'

declare module 'fastify' {
  interface FastifyInstance {
    marketGate: MarketGate
  }
  interface FastifyContextConfig {
    /** Refused (`outside_market`) from a client address outside the market's country. */
    marketOnly?: MarketAction
  }
}

export interface GeoOptions {
  /** A stronger provider than the bundled database (the tests' and an operator's hook). */
  locator?: CountryLocator
}

const geoPlugin: FastifyPluginAsync<GeoOptions> = async (app, options) => {
  const { market } = app.config
  const gate = new MarketGate({
    market: market.country,
    locator: options.locator ?? geoipCountryLocator,
    inMarketRanges: market.addressRanges,
  })
  app.decorate('marketGate', gate)

  const builtAt = bundledDatabaseBuiltAt()
  if (builtAt !== null) {
    app.metrics.gauge(
      'geoip_database_age_seconds',
      'Seconds since the bundled country database was built (GeoLite2: update within 30 days of a new release)',
      () => Math.max(0, Math.floor((app.clock.now() - builtAt) / 1000)),
    )
  }

  if (!market.geofence) return
  app.addHook('preParsing', async (request, _reply, payload) => {
    const action = request.routeOptions.config.marketOnly
    if (action === undefined) return payload
    const { country, inMarket } = gate.verdict(request.ip)
    if (inMarket) return payload
    app.metrics.outsideMarket(country, action)
    throw new Refusal('outside_market', { country, market: market.country })
  })
}

export const geoModule = fp(geoPlugin, { name: 'geo', dependencies: ['metrics'] })
