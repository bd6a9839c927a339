// Builds the Fastify app as a list of plugins in dependency order: the infrastructure, then one
// plugin per module (each builds its services, declares its own decorations and owns its tables),
// then the API's scopes — one per audience, authentication applied to the whole scope — and
// the built PWA. No side effects on import; tests call build() and use `inject`, main.ts listens.
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { authenticatePlayer } from './accounts/auth.ts'
import { contactRoutes } from './accounts/contact-routes.ts'
import { deviceRoutes } from './accounts/device-routes.ts'
import { faceRoutes } from './accounts/face-routes.ts'
import { passkeyLoginRoutes, passkeyRoutes } from './accounts/passkey-routes.ts'
import { passwordResetRoutes, passwordRoutes } from './accounts/password-routes.ts'
import { accountsModule } from './accounts/plugin.ts'
import { registrationRoutes } from './accounts/registration-routes.ts'
import { accountRoutes, loginRoutes } from './accounts/routes.ts'
import { verificationRoutes } from './accounts/verification-routes.ts'
import { amlOperatorRoutes } from './aml/operator-routes.ts'
import { amlModule } from './aml/plugin.ts'
import { attributionModule } from './attribution/plugin.ts'
import { attributionRoutes } from './attribution/routes.ts'
import { closureOperatorRoutes } from './closure/operator-routes.ts'
import { closureModule } from './closure/plugin.ts'
import { closureRoutes } from './closure/routes.ts'
import { fastifyTrustProxy } from './config.ts'
import { authenticateGameSession, gamePageRoutes } from './games/game-page-routes.ts'
import { type GamesOptions, gamesModule } from './games/plugin.ts'
import { gamePublicRoutes } from './games/public-routes.ts'
import { gameRoutes } from './games/routes.ts'
import { geoModule } from './geo/plugin.ts'
import { harmOperatorRoutes } from './harm/operator-routes.ts'
import { harmPlayerRoutes } from './harm/player-routes.ts'
import { harmModule } from './harm/plugin.ts'
import { api } from './http/api.ts'
import { appConfigRoutes } from './http/app-config-routes.ts'
import { type InfrastructureOptions, infrastructure } from './http/infrastructure.ts'
import { languageRoutes } from './http/language-routes.ts'
import { loggerOptions } from './http/logging.ts'
import { serializeAsIs } from './http/route-docs.ts'
import { capConnectionsPerAddress, serverTimeouts } from './http/slow-clients.ts'
import { staticSite } from './http/static.ts'
import { ledgerModule } from './ledger/plugin.ts'
import { ledgerRoutes } from './ledger/routes.ts'
import { mailModule } from './mail/plugin.ts'
import { metricsModule } from './metrics/plugin.ts'
import { opsModule } from './ops/plugin.ts'
import { opsRoutes } from './ops/routes.ts'
import { opsSocketRoutes } from './ops/socket-routes.ts'
import { depositPublicRoutes, depositRoutes } from './payments/deposit-routes.ts'
import { paymentsModule } from './payments/plugin.ts'
import { webhookRoutes } from './payments/webhook-routes.ts'
import { withdrawalRoutes } from './payments/withdrawal-routes.ts'
import { playerDataRoutes } from './player-data/routes.ts'
import { pushModule } from './push/plugin.ts'
import { webPushRoutes } from './push/web-push-routes.ts'
import { regulatoryFilesOperatorRoutes } from './regulatory-files/operator-routes.ts'
import { regulatoryFilesModule } from './regulatory-files/plugin.ts'
import { limitsRoutes } from './responsible-gaming/routes.ts'
import { retentionModule } from './retention/plugin.ts'
import { rewardsModule } from './rewards/plugin.ts'
import { rewardRoutes } from './rewards/routes.ts'
import { moneyWatchOperatorRoutes } from './risk/operator-routes.ts'
import { moneyWatchModule } from './risk/plugin.ts'
import { sigapModule } from './sigap/plugin.ts'
import { supportModule } from './support/plugin.ts'
import { supportOperatorRoutes, supportRoutes } from './support/routes.ts'
import { transparencyOperatorRoutes } from './transparency/operator-routes.ts'
import { transparencyPlayerRoutes } from './transparency/player-routes.ts'
import { transparencyModule } from './transparency/plugin.ts'
import { transparencyRoutes } from './transparency/routes.ts'

export interface BuildOptions extends InfrastructureOptions, GamesOptions {
  logger?: FastifyServerOptions['logger']
  /** Sees every route as it is registered (the fuzz and OpenAPI tests list them this way). */
  onRoute?: (route: RouteOptions) => void
}

export async function build(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 64 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...serverTimeouts(config.slowClients),
  })
  // Said once a minute per address at most: a flood of refusals must not flood the log too.
  const warned = new Map<string, number>()
  capConnectionsPerAddress(app.server, config.slowClients, config.trustProxy, (address) => {
    const now = Date.now()
    if ((warned.get(address) ?? 0) > now - 60_000) return
    if (warned.size > 1000) warned.clear()
    warned.set(address, now)
    app.log.warn({ address }, 'connections refused: too many open from one address')
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializeAsIs)
  if (options.onRoute) app.addHook('onRoute', options.onRoute)

  await app.register(infrastructure, options)
  await app.register(metricsModule, { db: options.db })
  await app.register(geoModule)
  await app.register(pushModule)
  await app.register(mailModule)
  await app.register(ledgerModule)
  await app.register(sigapModule)
  await app.register(accountsModule)
  await app.register(paymentsModule)
  await app.register(gamesModule, { serverSeeds: options.serverSeeds })
  await app.register(rewardsModule)
  await app.register(attributionModule)
  await app.register(closureModule)
  await app.register(opsModule)
  await app.register(supportModule)
  await app.register(moneyWatchModule)
  await app.register(amlModule)
  await app.register(harmModule)
  await app.register(transparencyModule)
  await app.register(regulatoryFilesModule)
  await app.register(retentionModule)

  await app.register(api, {
    prefix: '/api',
    scopes: [
      {
        name: 'public',
        security: [],
        routes: {
          Accounts: [loginRoutes, passwordResetRoutes, passkeyLoginRoutes],
          Languages: [languageRoutes],
          App: [appConfigRoutes],
          Games: [gamePublicRoutes],
          Deposits: [depositPublicRoutes],
          'PSP webhooks': [webhookRoutes],
          Transparency: [transparencyRoutes],
        },
      },
      {
        name: 'player',
        authenticate: authenticatePlayer,
        security: [{ player: [] }],
        routes: {
          Accounts: [
            accountRoutes,
            deviceRoutes,
            passwordRoutes,
            verificationRoutes,
            contactRoutes,
            closureRoutes,
            faceRoutes,
            passkeyRoutes,
            registrationRoutes,
          ],
          'Responsible gaming': [limitsRoutes, harmPlayerRoutes],
          Statement: [ledgerRoutes],
          Deposits: [depositRoutes],
          Withdrawals: [withdrawalRoutes],
          Games: [gameRoutes],
          Rewards: [rewardRoutes],
          Attribution: [attributionRoutes],
          Push: [webPushRoutes],
          Support: [supportRoutes],
          'Personal data': [playerDataRoutes],
          Transparency: [transparencyPlayerRoutes],
        },
      },
      {
        name: 'game page',
        authenticate: authenticateGameSession,
        security: [{ gameSession: [] }],
        routes: { 'Game page': [gamePageRoutes] },
      },
      {
        name: 'operator',
        security: [{ operatorSession: [] }, { operator: [] }],
        gateStatuses: [401, 403],
        routes: {
          Operators: [
            opsRoutes({
              '/support': supportOperatorRoutes,
              '/risk': moneyWatchOperatorRoutes,
              '/harm': harmOperatorRoutes,
              '/regulatory-files': regulatoryFilesOperatorRoutes,
              '/transparency': transparencyOperatorRoutes,
              '/closures': closureOperatorRoutes,
              '/aml': amlOperatorRoutes,
            }),
          ],
        },
      },
    ],
  })
  await app.register(opsSocketRoutes)
  await app.register(staticSite, { root: config.staticDir })
  return app
}
