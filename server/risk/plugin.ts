// The money-watch module: its rules run on a player each time they ask money out (payments
// calls the watcher this plugin registers once the withdrawal request is committed; before it is
// written, the holding rules decide whether it waits for an operator's review), its flags
// and case files are kept in its own tables (risk_flags, risk_case_notes), and its operator
// routes (operator-routes.ts) are mounted inside the operator scope by app.ts.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { openFlagCount } from './flags.ts'
import { MoneyWatch } from './watch.ts'

declare module 'fastify' {
  interface FastifyInstance {
    moneyWatch: MoneyWatch
  }
}

const moneyWatchPlugin: FastifyPluginAsync = async (app) => {
  const watch = new MoneyWatch(app.db, app.config, () => app.clock.now())
  app.decorate('moneyWatch', watch)
  app.pendingWork.provide('flags', () => openFlagCount(app.db))
  app.payments.reviewWithdrawalsWhen((request) => watch.holdsForReview(request))
  app.payments.watchWithdrawalRequests(async (request) => {
    await watch.evaluate(request.playerId, request.orderId)
  })
}

export const moneyWatchModule = fp(moneyWatchPlugin, {
  name: 'money-watch',
  dependencies: ['payments', 'accounts', 'ops'],
})
