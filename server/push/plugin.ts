// The push module: the hub that delivers outbox events to players' sockets after commit (and on
// other instances' NOTIFY, and on a 1 s poll), the `/ws` route, and the pruning of delivered
// outbox rows. Readers for re-read topics come from the modules that own the state: the
// ledger gives the balance, games the jackpot.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import type { BalancePush } from '../../contract/push.ts'
import { type InvalidSessions, PushHub } from './hub.ts'
import { pruneOutbox } from './outbox.ts'
import { pushRoutes } from './routes.ts'

/** Delivered rows are kept this long (every instance drains within seconds), then pruned. */
const OUTBOX_KEEP_MS = 60 * 60 * 1000
const PRUNE_EVERY_MS = 10 * 60 * 1000

declare module 'fastify' {
  interface FastifyInstance {
    push: PushHub & {
      /** Where the hub reads a player's balance (the ledger registers it). */
      readBalanceWith(reader: (playerId: number) => Promise<BalancePush>): void
      /** Where the hub re-reads a broadcast topic's value (e.g. games registers the jackpot). */
      rereadWith(topic: string, reader: () => Promise<unknown>): void
      /** Which sockets' tokens were revoked elsewhere (the accounts module registers it). */
      checkSessionsWith(checker: InvalidSessions): void
    }
  }
}

const pushPlugin: FastifyPluginAsync = async (app) => {
  let readBalance: ((playerId: number) => Promise<BalancePush>) | undefined
  const broadcast: Partial<Record<string, () => Promise<unknown>>> = {}
  let invalidSessions: InvalidSessions = async () => []
  const hub = new PushHub(
    app.db,
    {
      balance: (playerId) => {
        if (!readBalance) throw new Error('no balance reader registered')
        return readBalance(playerId)
      },
      broadcast,
    },
    (hashes) => invalidSessions(hashes),
  )
  app.decorate(
    'push',
    Object.assign(hub, {
      readBalanceWith: (reader: (playerId: number) => Promise<BalancePush>) => {
        readBalance = reader
      },
      rereadWith: (topic: string, reader: () => Promise<unknown>) => {
        broadcast[topic] = reader
      },
      checkSessionsWith: (checker: InvalidSessions) => {
        invalidSessions = checker
      },
    }),
  )

  // A graceful shutdown delivers what the last requests committed, then closes with "reconnect".
  app.lifecycle.beforeClose(async () => {
    await hub.flush()
    hub.stop()
  })

  let unlisten: (() => Promise<void>) | undefined
  let pruneTimer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    await hub.start()
    // Other instances' commits arrive as NOTIFY on PostgreSQL.
    unlisten = await app.subscribe('outbox', () => hub.wake())
    pruneTimer = setInterval(() => {
      pruneOutbox(app.db, app.clock.now() - OUTBOX_KEEP_MS).catch((error) =>
        app.log.warn({ err: error }, 'outbox pruning failed'),
      )
    }, PRUNE_EVERY_MS)
    pruneTimer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer)
    hub.stop()
    await unlisten?.()
  })

  await app.register(pushRoutes)
}

export const pushModule = fp(pushPlugin, { name: 'push', dependencies: ['infrastructure'] })
