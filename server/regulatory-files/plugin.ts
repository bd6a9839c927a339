// The regulatory files module: decorates `app.regulatoryFiles` with the service that exports each
// finished local day into the regulator's files (SIGAP: bets, bettors, wallets, legal
// destinations), keeps them in its outbox and sends them through the configured receiver. It owns
// regulatory_file_jobs and regulatory_files; everything else it reads through the owning modules'
// query functions. Its operator routes (operator-routes.ts) are mounted inside the operator
// scope by app.ts; the sandbox receiver (sandbox/) is started by main.ts and the tests only.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { HttpFileSender } from './sender.ts'
import { RegulatoryFiles } from './service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    regulatoryFiles: RegulatoryFiles
  }
}

const regulatoryFilesPlugin: FastifyPluginAsync = async (app) => {
  const cfg = app.config.regulatoryFiles
  const service = new RegulatoryFiles({
    db: app.db,
    now: () => app.clock.now(),
    timeZone: app.config.market.timeZone,
    sender: cfg.url ? new HttpFileSender(cfg.url, cfg.token) : null,
    catchUpDays: cfg.catchUpDays,
    intervalMs: cfg.intervalMs,
    onError: (error) => app.log.error({ err: error }, 'regulatory files job failed'),
  })
  app.decorate('regulatoryFiles', service)
  app.metrics.totals(
    'regulatory_files_total',
    'Daily files for the regulator since start: written, sent, send_failed, rejected, quality_accepted',
    'event',
    () => service.counts,
  )
  app.addHook('onReady', async () => service.start())
  app.addHook('onClose', async () => service.stop())
}

export const regulatoryFilesModule = fp(regulatoryFilesPlugin, {
  name: 'regulatory-files',
  dependencies: ['metrics'],
})
