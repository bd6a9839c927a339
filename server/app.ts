// Builds the Fastify app from its plugins. No side effects on import; tests call build() and
// use `inject`, main.ts calls it and listens.
import { randomUUID } from 'node:crypto'
import helmet from '@fastify/helmet'
import websocket from '@fastify/websocket'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { sql } from 'kysely'
import { accountRoutes } from './accounts/routes.ts'
import { verificationRoutes } from './accounts/verification-routes.ts'
import type { Config } from './config.ts'
import type { Db } from './db/database.ts'
import { api } from './http/api.ts'
import { staticSite } from './http/static.ts'
import type { Clock } from './http/types.ts'
import { type LanguagePacks, loadLanguagePacks } from './i18n/packs.ts'
import { languageRoutes } from './i18n/routes.ts'
import { AccountDirectory } from './ledger/accounts.ts'
import { Ledger } from './ledger/ledger.ts'
import { ledgerRoutes } from './ledger/routes.ts'
import { opsRoutes } from './ops/routes.ts'
import { PushHub } from './push/hub.ts'
import { pushRoutes } from './push/routes.ts'

export interface BuildOptions {
  config: Config
  db: Db
  clock?: Clock
  languagePacks?: LanguagePacks
  logger?: FastifyServerOptions['logger']
}

export async function build(options: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = options
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 64 * 1024,
    trustProxy: true,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  app.decorate('config', config)
  app.decorate('db', db.kysely)
  app.decorate('engine', db.engine)
  app.decorate('clock', options.clock ?? { now: () => Date.now() })
  app.decorate('languagePacks', options.languagePacks ?? loadLanguagePacks(config.localesDir))

  const clock = app.clock
  const accounts = new AccountDirectory(db.kysely)
  await accounts.ensureHouseAccounts(clock.now())
  const push = new PushHub(db.kysely)
  const ledger = new Ledger({
    db: db.kysely,
    engine: db.engine,
    accounts,
    now: () => clock.now(),
    afterCommit: () => push.wake(),
  })
  app.decorate('accounts', accounts)
  app.decorate('ledger', ledger)
  app.decorate('push', push)
  let unlisten: (() => Promise<void>) | undefined
  app.addHook('onReady', async () => {
    await push.start()
    // Other instances' commits arrive as NOTIFY on PostgreSQL.
    unlisten = await db.listen('outbox', () => push.wake())
  })
  app.addHook('onClose', async () => {
    push.stop()
    await unlisten?.()
  })

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  })

  app.get('/healthz', async () => {
    await sql`select 1`.execute(db.kysely)
    return { status: 'ok', engine: db.engine }
  })

  await app.register(websocket, { options: { maxPayload: 4096 } })
  await app.register(pushRoutes)
  await app.register(api, {
    prefix: '/api',
    routes: [accountRoutes, verificationRoutes, languageRoutes, ledgerRoutes, opsRoutes],
  })
  await app.register(staticSite, { root: config.staticDir })
  return app
}
