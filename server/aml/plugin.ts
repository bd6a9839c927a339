// The AML module (Portaria SPA/MF 1.143/2024): each bettor's risk class with its reasons and review
// clock, sanctions screening against the UN Security Council consolidated list, the staff and
// partners register and the annual report. Its tables are aml_* and sanctions_*; it reads the
// others' data through their exported queries. Screening follows each verification (accounts'
// `onVerified`); a worker on a timer fetches the list when its URL is set, sweeps the players a
// new list has not screened yet and recomputes the classes — never on the spin's path. Its
// operator routes (operator-routes.ts) are mounted inside the operator scope by app.ts.
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { dueReviewCount } from './classes.ts'
import { HttpSanctionsListSource } from './list-source.ts'
import { openMatchCount } from './sanctions.ts'
import { AmlService } from './service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    aml: AmlService
  }
}

const amlPlugin: FastifyPluginAsync = async (app) => {
  const { db, config } = app
  const now = () => app.clock.now()
  const source = config.aml.sanctionsListUrl ? new HttpSanctionsListSource(config.aml.sanctionsListUrl) : null
  // Named on the worker's lease: of several instances on one database, one runs each turn.
  const aml = new AmlService(db, config, now, source, `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`)
  app.decorate('aml', aml)
  app.pendingWork.provide('amlReviews', () => dueReviewCount(db, now()))
  app.pendingWork.provide('sanctions', () => openMatchCount(db))
  app.accounts.onVerified(async (playerId) => {
    const outcome = await aml.afterVerification(playerId)
    if (outcome.frozen.length > 0) app.log.warn({ playerId }, 'sanctions list match: account frozen and queued')
  })

  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> | null = null
  const turn = () => {
    if (running) return
    running = aml
      .tick()
      .catch((error: unknown) => app.log.error({ err: error }, 'aml worker'))
      .finally(() => {
        running = null
      })
  }
  app.addHook('onReady', async () => {
    timer = setInterval(turn, config.aml.workerMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    await running
  })
}

export const amlModule = fp(amlPlugin, { name: 'aml', dependencies: ['accounts', 'payments', 'ops', 'money-watch'] })
