// The push module: the hub that delivers outbox events to players' sockets after commit (and on
// other instances' NOTIFY, and on a 1 s poll), the `/ws` route, and the pruning of delivered
// outbox rows. Readers for re-read topics come from the modules that own the state: the
// ledger gives the balance, games the jackpot.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import type { BalancePush } from '../../contract/push.ts'
import { type InvalidSessions, PushHub } from './hub.ts'
import { noticesFor } from './notices.ts'
import { notifyOutbox, type OutboxEvent, pruneOutbox } from './outbox.ts'
import { pushRoutes } from './routes.ts'
import { type Notice, WebPush } from './web-push.ts'

/** Delivered rows are kept this long (every instance drains within seconds), then pruned. */
const OUTBOX_KEEP_MS = 60 * 60 * 1000
const PRUNE_EVERY_MS = 10 * 60 * 1000
/** Other instances hear of new outbox rows within this long (one NOTIFY for all commits meanwhile). */
const NOTIFY_EVERY_MS = 20

declare module 'fastify' {
  interface FastifyInstance {
    push: PushHub & {
      /** Where the hub reads a player's balance (the ledger registers it). */
      readBalanceWith(reader: (playerId: number) => Promise<BalancePush>): void
      /** Where the hub re-reads a broadcast topic's value (e.g. games registers the jackpot). */
      rereadWith(topic: string, reader: () => Promise<unknown>): void
      /** Which sockets' tokens were revoked elsewhere (the accounts module registers it). */
      checkSessionsWith(checker: InvalidSessions): void
      /**
       * After a commit that wrote outbox rows: drains them here and, on PostgreSQL, tells the
       * other instances with one NOTIFY for all the commits of the moment.
       */
      committed(): void
      /** Web Push subscriptions and the VAPID keys. */
      webPush: WebPush
      /**
       * Notifies the player's subscribed browsers (app closed), e.g. the support module on a reply
       * (`supportReplied()` from ./notices.ts). Never throws; answers how many services accepted it.
       */
      sendWebPush(playerId: number, notice: Notice): Promise<number>
      /** After a ledger commit: deposits credited and withdrawals paid become notifications. */
      notifyCommitted(events: readonly OutboxEvent[]): void
    }
  }
}

const pushPlugin: FastifyPluginAsync = async (app) => {
  // At most one NOTIFY per NOTIFY_EVERY_MS: commits meanwhile fold into it (the 1 s poll covers a lost one).
  let notifyTimer: NodeJS.Timeout | undefined
  const notifyOthers = () => {
    if (notifyTimer) return
    notifyTimer = setTimeout(() => {
      notifyOutbox(app.db)
        .catch((error) => app.log.warn({ err: error }, 'outbox notify failed'))
        .finally(() => {
          notifyTimer = undefined
        })
    }, NOTIFY_EVERY_MS)
  }
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
    app.sqlite,
  )
  const webPush = new WebPush({
    db: app.db,
    now: () => app.clock.now(),
    dataDir: app.config.dataDir,
    ...app.config.webPush,
    warn: (detail, text) => app.log.warn(detail, text),
  })
  const sendWebPush = (playerId: number, notice: Notice) =>
    webPush.send(playerId, notice).catch((error: unknown) => {
      app.log.warn({ err: error }, 'web push failed')
      return 0
    })
  app.decorate(
    'push',
    Object.assign(hub, {
      webPush,
      sendWebPush,
      notifyCommitted: (events: readonly OutboxEvent[]) => {
        for (const { playerId, notice } of noticesFor(events, app.config.market.currency)) {
          void sendWebPush(playerId, notice)
        }
      },
      readBalanceWith: (reader: (playerId: number) => Promise<BalancePush>) => {
        readBalance = reader
      },
      rereadWith: (topic: string, reader: () => Promise<unknown>) => {
        broadcast[topic] = reader
      },
      committed: () => {
        hub.wake()
        if (app.engine === 'postgres') notifyOthers()
      },
      checkSessionsWith: (checker: InvalidSessions) => {
        invalidSessions = checker
      },
    }),
  )

  // A graceful shutdown delivers what the last requests committed, then closes with "reconnect".
  app.lifecycle.beforeClose(async () => {
    await hub.flush()
    await hub.stop()
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
    // A NOTIFY still waiting goes out now, before the database closes.
    if (notifyTimer) {
      clearTimeout(notifyTimer)
      await notifyOutbox(app.db).catch(() => {})
    }
    await hub.stop()
    await unlisten?.()
  })

  await app.register(pushRoutes)
}

export const pushModule = fp(pushPlugin, { name: 'push', dependencies: ['infrastructure'] })
