// The transparency module: decorates `app.transparency` with the service that freezes each local
// day into the hash chain, has each day's hash time-stamped by an RFC 3161 authority
// (TRANSPARENCY_TSA_URL), checks its own stored chain at start and at every refresh, and keeps
// the public page's figures fresh. It owns transparency_snapshots, transparency_anchors and
// transparency_chain_breaks; everything else it reads through the owning modules' queries. Its
// public routes are in routes.ts, the console's (breaks, acknowledging them) in operator-routes.ts.
// The page's live figures and the frozen days it serves read through the read pool (`app.readDb`).
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { TransparencyService } from './service.ts'
import { certificatesFromPem } from './tsa.ts'

declare module 'fastify' {
  interface FastifyInstance {
    transparency: TransparencyService
  }
}

const transparencyPlugin: FastifyPluginAsync = async (app) => {
  const { tsaUrl, tsaCertFile, heldForPlayers } = app.config.transparency
  const service = new TransparencyService({
    db: app.db,
    readSnapshot: app.readSnapshot,
    holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    reads: app.readDb,
    now: () => app.clock.now(),
    timeZone: app.config.market.timeZone,
    heldForPlayers,
    onError: (error) => app.log.error({ err: error }, 'transparency refresh failed'),
    tsa: tsaUrl
      ? { url: tsaUrl, trusted: tsaCertFile ? certificatesFromPem(readFileSync(tsaCertFile, 'utf8')) : null }
      : null,
    onBreak: (found) =>
      app.log.error(
        { day: found.day, problem: found.problem, detail: found.detail },
        'transparency chain broken: no day is frozen until an admin acknowledges it in the console',
      ),
  })
  app.decorate('transparency', service)
  app.metrics.gauge(
    'transparency_chain_breaks_unacknowledged',
    'Breaks of the stored transparency chain found by its self-check and not yet acknowledged (must read 0)',
    () => service.unacknowledgedBreaks(),
  )
  app.addHook('onReady', async () => {
    // The self-check at start runs in the background (a long chain's tokens take a while); the
    // first refresh waits for it before it freezes anything.
    service.checkAtStart()
    service.start()
  })
  app.addHook('onClose', async () => service.stop())
}

export const transparencyModule = fp(transparencyPlugin, { name: 'transparency' })
