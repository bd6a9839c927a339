// The ops module: the runtime settings (loaded over the env defaults before the app serves,
// re-read every few seconds so every instance follows a change) and the keys that seal operators'
// TOTP secrets at rest (secret-keys.ts; at start, every secret not under the first key is sealed
// again). Its routes are the operator scope's (routes.ts) and the console's socket (socket-routes.ts).
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { openVerificationCount } from '../accounts/verification-queue.ts'
import { reviewCount } from '../payments/operator-queries.ts'
import { pendingAdjustmentCount } from './adjustments.ts'
import { PendingWorkCounts } from './pending-work.ts'
import { loadKeyring, type SecretKeyring, sealTotpSecrets } from './secret-keys.ts'
import { RuntimeSettings } from './settings.ts'

declare module 'fastify' {
  interface FastifyInstance {
    settings: RuntimeSettings
    /** The secrets keyring, loaded (and its file made) at first need. */
    secretKeys: () => SecretKeyring
    /** The work waiting for operators: each owning module provides its count. */
    pendingWork: PendingWorkCounts
  }
}

const opsPlugin: FastifyPluginAsync = async (app) => {
  const settings = new RuntimeSettings(app.db, app.config)
  // A database whose migrations have not all run has no settings table yet: the env values stand
  // (the app is not ready anyway — /readyz says why) and the periodic reload picks them up later.
  await settings.load().catch((error: unknown) => app.log.warn({ err: error }, 'runtime settings not loaded'))
  app.decorate('settings', settings)
  const pendingWork = new PendingWorkCounts()
  pendingWork.provide('withdrawals', () => reviewCount(app.db, app.clock.now()))
  pendingWork.provide('verifications', () => openVerificationCount(app.db))
  pendingWork.provide('fourEyes', (operatorId) => pendingAdjustmentCount(app.db, operatorId))
  // The closure module is registered before this one; its count is read when asked.
  pendingWork.provide('closures', () => app.closure.stuckCount())
  app.decorate('pendingWork', pendingWork)
  let keyring: SecretKeyring | undefined
  const secretKeys = () => {
    keyring ??= loadKeyring({ ...app.config.secrets, dataDir: app.config.dataDir })
    return keyring
  }
  app.decorate('secretKeys', secretKeys)
  // Secrets from before (plain text) or under a retired key are sealed under the first key.
  await sealTotpSecrets(app.db, secretKeys)
    .then(({ sealed, unreadable }) => {
      if (sealed > 0) app.log.info({ sealed }, 'operators’ TOTP secrets sealed under the current secrets key')
      if (unreadable.length > 0)
        app.log.error(
          { operators: unreadable },
          'TOTP secrets that no SECRETS_KEY opens: those operators cannot log in',
        )
    })
    .catch((error: unknown) => app.log.warn({ err: error }, 'TOTP secrets not sealed'))
  app.addHook('onReady', async () => settings.start((error) => app.log.warn({ err: error }, 'settings reload failed')))
  app.addHook('onClose', async () => settings.stop())
}

export const opsModule = fp(opsPlugin, { name: 'ops' })
