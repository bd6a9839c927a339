// The account-closure module: one state machine (service.ts) for an account the barred-person
// register names (its hit, heard from `app.sigap`, begins a closure; a hit a crash left unheard is
// found again by the poll), the player's own request (routes.ts) and an operator's close; it pays
// the balance out through payments' closure payouts and closes the account when nothing is left.
// Its table is account_closures; other modules call `app.closure`. A poll every CLOSURE_POLL_MS
// moves open closures on, so a restart or another instance goes on where one stopped.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { verifiedIdentity } from '../accounts/verification.ts'
import { Refusal } from '../refusal.ts'
import { AccountClosures } from './service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    closure: AccountClosures & {
      /** A pass now: barred players not yet being closed, then every open closure (the poll's work). */
      runDue(): Promise<number>
    }
  }
}

const systemActor = { id: null, name: 'closure', ip: '-' }

const closurePlugin: FastifyPluginAsync = async (app) => {
  const onError = (error: unknown, context: string) => app.log.error({ err: error }, `account closure: ${context}`)
  const closures = new AccountClosures({
    db: app.db,
    engine: app.engine,
    ledger: app.ledger,
    config: app.config,
    mail: app.mail,
    now: () => app.clock.now(),
    payOut: (input) => app.payments.withdrawals.closurePayout(input),
    closeSockets: (hashes) => app.push.closeSessions(hashes),
    onError,
  })

  const beginBarred = async (hit: { playerId: number; answerId: number }) => {
    // A CPF named at registration is refused there in neutral words and never verified: there is
    // no account of that person to close, and closing the device's empty account would tell them.
    if (!(await verifiedIdentity(app.db, hit.playerId))) return
    if (await closures.answered(hit.answerId)) return
    try {
      await closures.begin({ playerId: hit.playerId, cause: 'barred', answerId: hit.answerId, actor: systemActor })
    } catch (error) {
      // Closed before the register named them (an operator's close): nothing left to close.
      if (!(error instanceof Refusal && error.msgCode === 'account_closed')) throw error
    }
  }
  // A hit begins its closure at once (SPA/MF IN 31/2025: the account closed within 3 days).
  app.sigap.standing.onBarred(beginBarred)

  // Hits recorded but never acted on (the process stopped between the answer's commit and its
  // listener) are found from the register's standings: from the start of time at boot, then newer.
  let barredWatermark = 0
  const catchUpBarred = async () => {
    for (;;) {
      const hits = await app.sigap.standing.barredSince(barredWatermark, 100)
      for (const hit of hits) await beginBarred(hit)
      const last = hits.at(-1)
      if (last) barredWatermark = last.at
      if (hits.length < 100) return
      barredWatermark += 1
    }
  }

  let running: Promise<number> | null = null
  const runDue = () => {
    running ??= (async () => {
      await catchUpBarred()
      return closures.advanceOpen()
    })().finally(() => {
      running = null
    })
    return running
  }
  app.decorate('closure', Object.assign(closures, { runDue }))

  app.metrics.gauge('account_closures_open', 'Account closures not finished (paying or on the worklist)', () =>
    closures.openCount(),
  )

  let timer: NodeJS.Timeout | null = null
  app.addHook('onReady', async () => {
    timer = setInterval(
      () => void runDue().catch((error: unknown) => onError(error, 'pass')),
      app.config.closure.pollMs,
    )
    timer.unref()
    void runDue().catch((error: unknown) => onError(error, 'first pass'))
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    await running?.catch(() => undefined)
  })
}

export const closureModule = fp(closurePlugin, {
  name: 'closure',
  dependencies: ['ledger', 'payments', 'sigap', 'mail', 'metrics'],
})
