// The transparency module: decorates `app.transparency` with the service that freezes each local
// day into the hash chain and keeps the public page's figures fresh. It owns one table,
// transparency_snapshots; everything else it reads through the owning modules' queries. Its
// routes (routes.ts) are public.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { TransparencyService } from './service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    transparency: TransparencyService
  }
}

const transparencyPlugin: FastifyPluginAsync = async (app) => {
  const service = new TransparencyService({
    db: app.db,
    now: () => app.clock.now(),
    timeZone: app.config.market.timeZone,
    onError: (error) => app.log.error({ err: error }, 'transparency refresh failed'),
  })
  app.decorate('transparency', service)
  app.addHook('onReady', async () => service.start())
  app.addHook('onClose', async () => service.stop())
}

export const transparencyModule = fp(transparencyPlugin, { name: 'transparency' })
