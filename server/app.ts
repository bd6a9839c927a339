// Builds the Fastify app from its plugins. No side effects on import; tests call build() and
// use `inject`, main.ts calls it and listens.
import { randomUUID } from 'node:crypto'
import helmet from '@fastify/helmet'
import websocket from '@fastify/websocket'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { sql } from 'kysely'
import { limitsRoutes } from './accounts/limits-routes.ts'
import { accountRoutes } from './accounts/routes.ts'
import { verificationRoutes } from './accounts/verification-routes.ts'
import type { Config } from './config.ts'
import type { Db } from './db/database.ts'
import { jackpotView, seedJackpot } from './games/jackpot.ts'
import { Rounds } from './games/rounds.ts'
import { gameRoutes } from './games/routes.ts'
import { randomServerSeed, type ServerSeedSource } from './games/seeds.ts'
import { api } from './http/api.ts'
import { appConfigRoutes } from './http/app-config-routes.ts'
import { registerOpenApi } from './http/openapi.ts'
import { staticSite } from './http/static.ts'
import type { Clock } from './http/types.ts'
import { type LanguagePacks, loadLanguagePacks } from './i18n/packs.ts'
import { languageRoutes } from './i18n/routes.ts'
import { AccountDirectory } from './ledger/accounts.ts'
import { Ledger } from './ledger/ledger.ts'
import { ledgerRoutes } from './ledger/routes.ts'
import { opsRoutes } from './ops/routes.ts'
import { depositRoutes } from './payments/deposit-routes.ts'
import { DepositService } from './payments/deposits.ts'
import { sandboxBankRoutes } from './payments/sandbox/bank-routes.ts'
import { SandboxProvider, type WebhookDelivery } from './payments/sandbox/provider.ts'
import { webhookRoutes } from './payments/webhook-routes.ts'
import { withdrawalRoutes } from './payments/withdrawal-routes.ts'
import { WithdrawalService } from './payments/withdrawals.ts'
import { PushHub } from './push/hub.ts'
import { pushRoutes } from './push/routes.ts'
import { recordInviteQualification } from './rewards/invites.ts'
import type { RewardsContext } from './rewards/promotions.ts'
import { rewardRoutes } from './rewards/routes.ts'

export interface BuildOptions {
  config: Config
  db: Db
  clock?: Clock
  languagePacks?: LanguagePacks
  logger?: FastifyServerOptions['logger']
  /** Where server seeds come from (tests pass their own to reach rare outcomes on purpose). */
  serverSeeds?: ServerSeedSource
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
  const push = new PushHub(db.kysely, { jackpot: () => jackpotView(db.kysely) })
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

  const sandbox = new SandboxProvider({
    db: db.kysely,
    now: () => clock.now(),
    secret: config.payments.webhookSecret,
    merchantName: config.payments.merchantName,
    merchantCity: config.payments.merchantCity,
    locationHost: new URL(config.publicUrl).host,
    deliver: webhookDelivery(app),
    payoutDelayMs: config.sandboxPayoutDelayMs,
  })
  const paymentServices = {
    db: db.kysely,
    engine: db.engine,
    ledger,
    provider: sandbox,
    config,
    now: () => clock.now(),
  }
  const rewards: RewardsContext = { db: db.kysely, ledger, config, now: () => clock.now() }
  const deposits = new DepositService({
    ...paymentServices,
    onFirstDeposit: (tx, playerId) => recordInviteQualification(rewards, tx, playerId),
  })
  const withdrawals = new WithdrawalService({
    ...paymentServices,
    onError: (error, context) => app.log.warn({ err: error }, context),
  })
  app.decorate('payments', { provider: sandbox, sandbox, deposits, withdrawals })
  const serverSeeds = options.serverSeeds ?? randomServerSeed
  await seedJackpot(ledger)
  app.decorate('games', {
    rounds: new Rounds({ ledger, winFeedMin: config.winFeedMin }),
    serverSeeds,
  })
  let unlisten: (() => Promise<void>) | undefined
  app.addHook('onReady', async () => {
    await push.start()
    // Other instances' commits arrive as NOTIFY on PostgreSQL.
    unlisten = await db.listen('outbox', () => push.wake())
    deposits.start((error) => app.log.error({ err: error }, 'deposit reconciliation failed'))
    sandbox.start((error) => app.log.error({ err: error }, 'sandbox payout settlement failed'))
    withdrawals.start()
  })
  app.addHook('onClose', async () => {
    withdrawals.stop()
    deposits.stop()
    sandbox.stop()
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

  await registerOpenApi(app, { docs: config.apiDocs, version: '1' })

  app.get('/healthz', async () => {
    await sql`select 1`.execute(db.kysely)
    return { status: 'ok', engine: db.engine }
  })

  await app.register(websocket, { options: { maxPayload: 4096 } })
  await app.register(pushRoutes)
  await app.register(api, {
    prefix: '/api',
    routes: [
      accountRoutes,
      verificationRoutes,
      limitsRoutes,
      languageRoutes,
      appConfigRoutes,
      ledgerRoutes,
      depositRoutes,
      withdrawalRoutes,
      gameRoutes,
      rewardRoutes,
      webhookRoutes,
      opsRoutes,
    ],
  })
  await app.register(sandboxBankRoutes, { provider: sandbox })
  await app.register(staticSite, { root: config.staticDir })
  return app
}

/**
 * How the sandbox provider reaches the webhook: over real HTTP to this server once it listens
 * (as an external PSP would), through `inject` in tests that never listen.
 */
function webhookDelivery(app: FastifyInstance): WebhookDelivery {
  return async (topic, rawBody, headers) => {
    const path = `/api/payments/webhook/${topic}`
    const address = app.server.address()
    if (app.server.listening && address && typeof address === 'object') {
      const host =
        address.family === 'IPv6'
          ? `[${address.address === '::' ? '::1' : address.address}]`
          : address.address === '0.0.0.0'
            ? '127.0.0.1'
            : address.address
      const response = await fetch(`http://${host}:${address.port}${path}`, {
        method: 'POST',
        headers,
        body: rawBody,
        signal: AbortSignal.timeout(10_000),
      })
      await response.arrayBuffer()
      return response.status
    }
    const response = await app.inject({ method: 'POST', url: path, headers, payload: rawBody })
    return response.statusCode
  }
}
