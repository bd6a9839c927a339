// The ops module: the runtime settings (loaded over the env defaults before the app serves,
// re-read every few seconds so every instance follows a change). Its routes are the operator
// scope's (routes.ts) and the console's socket (socket-routes.ts).
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { RuntimeSettings } from './settings.ts'

declare module 'fastify' {
  interface FastifyInstance {
    settings: RuntimeSettings
  }
}

const opsPlugin: FastifyPluginAsync = async (app) => {
  const settings = new RuntimeSettings(app.db, app.config)
  // A database whose migrations have not all run has no settings table yet: the env values stand
  // (the app is not ready anyway — /readyz says why) and the periodic reload picks them up later.
  await settings.load().catch((error: unknown) => app.log.warn({ err: error }, 'runtime settings not loaded'))
  app.decorate('settings', settings)
  app.addHook('onReady', async () => settings.start((error) => app.log.warn({ err: error }, 'settings reload failed')))
  app.addHook('onClose', async () => settings.stop())
}

export const opsModule = fp(opsPlugin, { name: 'ops' })
