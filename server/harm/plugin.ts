// The harm-watch module: `app.harm` (watch.ts) recomputes players' markers and scores and opens
// the graded interventions; its worker runs every HARM_POLL_MS (0: only when called) over the
// players whose records changed since its last run — never on the spin's path. It hands the
// console its open contact tasks as pending work; its routes are player-routes.ts (mounted in
// the player scope) and operator-routes.ts (`/api/ops/harm/*`, mounted by app.ts).
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { HarmWatch } from './watch.ts'

declare module 'fastify' {
  interface FastifyInstance {
    harm: HarmWatch
  }
}

const harmPlugin: FastifyPluginAsync = async (app) => {
  const watch = new HarmWatch(app.db, app.config, () => app.clock.now())
  app.decorate('harm', watch)
  app.pendingWork.provide('harmTasks', () => watch.openTaskCount())
  app.metrics.gauge('harm_open_tasks', "The harm watch's open contact tasks", () => watch.openTaskCount())

  // What the worker did since the process started: its runs, and the players they recomputed (a
  // benchmark reads these to show the watch worked while it measured the spin).
  const done = { runs: 0, players: 0 }
  app.metrics.totals(
    'harm_watch_total',
    "The harm watch's worker runs and the players they recomputed",
    'what',
    () => done,
  )

  let timer: NodeJS.Timeout | undefined
  // A run in flight when the server closes stops at its next batch and gives its lease back
  // before the database closes: a restart must not pause the watch for the lease's ten minutes.
  const closing = new AbortController()
  let running: Promise<void> | undefined
  const tick = () => {
    if (running || closing.signal.aborted) return
    running = runOnce().finally(() => {
      running = undefined
    })
  }
  const runOnce = async () => {
    const started = performance.now()
    try {
      const run = await watch.runOnce(undefined, closing.signal)
      if (run) {
        done.runs++
        done.players += run.players
      }
      if (run && run.players > 0)
        app.log.info({ ...run, ms: Math.round(performance.now() - started) }, 'harm watch recomputed')
    } catch (error) {
      if (!closing.signal.aborted) app.log.error({ err: error }, 'harm watch run failed')
    }
  }
  app.addHook('onReady', async () => {
    if (app.config.harm.pollMs <= 0) return
    timer = setInterval(tick, app.config.harm.pollMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    closing.abort()
    await running
  })
}

export const harmModule = fp(harmPlugin, {
  name: 'harm',
  dependencies: ['accounts', 'payments', 'ops'],
})
