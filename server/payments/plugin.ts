// The payments module: the provider chosen by configuration, PIX deposits (charges, webhooks,
// reconciliation) and withdrawals (holds, payouts, review). Its tables are deposit_orders,
// pix_payments, withdrawal_orders and withdrawal_steps. The sandbox is not here: it is a separate
// API Pix server (payments/sandbox/api-server.ts) the app reaches like any PSP.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { isConnectionLost } from '../db/errors.ts'
import { DepositService } from './deposits.ts'
import { instrumentProvider } from './instrumented-provider.ts'
import { overduePayoutCount } from './payout-clock.ts'
import type { PaymentProvider } from './provider.ts'
import { createPaymentProvider } from './providers.ts'
import { RefundService } from './refunds.ts'
import type { WithdrawalAsked, WithdrawalRequested } from './withdrawal-orders.ts'
import { WithdrawalService } from './withdrawals.ts'

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      provider: PaymentProvider
      deposits: DepositService
      withdrawals: WithdrawalService
      /** PIX returned to payers (devolucao): recorded, sent after commit, retried. */
      refunds: RefundService
      /** Called after each withdrawal request commits (the money watch's rules run there). */
      watchWithdrawalRequests: (watcher: (request: WithdrawalRequested) => Promise<void>) => void
      /** Asked before each withdrawal is written: true holds it for an operator's review. */
      reviewWithdrawalsWhen: (check: (request: WithdrawalAsked) => Promise<boolean>) => void
    }
  }
}

const paymentsPlugin: FastifyPluginAsync = async (app) => {
  const now = () => app.clock.now()
  const chosen = createPaymentProvider(app.config, { now })
  const provider = instrumentProvider(chosen, app.metrics)
  const services = {
    db: app.db,
    engine: app.engine,
    ledger: app.ledger,
    provider,
    config: app.config,
    now,
    metrics: app.metrics,
  }
  const refunds = new RefundService({
    db: app.db,
    provider,
    now,
    onError: (error, context) => app.log.warn({ err: error }, context),
  })
  const deposits = new DepositService({
    ...services,
    refunds,
    onAlert: (alert) => app.log.error(alert, 'PIX clearing below what the provider confirmed'),
  })
  app.metrics.gauge(
    'pix_clearing_unconfirmed_centavos',
    'PIX the ledger took in that the provider does not confirm (last check of its list); above 0 is an alert',
    () => deposits.unconfirmedCentavos,
  )
  const requestWatchers: ((request: WithdrawalRequested) => Promise<void>)[] = []
  const holdChecks: ((request: WithdrawalAsked) => Promise<boolean>)[] = []
  const withdrawals = new WithdrawalService({
    ...services,
    onRequested: async (request) => {
      for (const watcher of requestWatchers) await watcher(request)
    },
    holdForReview: async (request) => {
      for (const check of holdChecks) {
        // A check that cannot answer holds the withdrawal: a person looks before money leaves.
        // A lost database connection is not the check's answer but the database's moment: the
        // request is refused (service_unavailable, nothing written) and its retry checked again,
        // so an outage never parks a player's withdrawal in the review queue.
        const held = await check(request).catch((error: unknown) => {
          if (isConnectionLost(error)) throw error
          app.log.warn({ err: error }, 'withdrawal hold check')
          return true
        })
        if (held) return true
      }
      return false
    },
    onError: (error, context) => app.log.warn({ err: error }, context),
    // The operator alert: one error line per payout past Portaria 615/2024's 120 minutes.
    onPayoutOverdue: (alert) => app.log.error(alert, 'payout past the 120-minute rule'),
  })
  app.metrics.gauge(
    'payouts_open_over_rule',
    'Withdrawals still unpaid more than 120 minutes after the request (review time included)',
    () => overduePayoutCount(app.db, now()),
  )
  app.decorate('payments', {
    provider,
    deposits,
    withdrawals,
    refunds,
    watchWithdrawalRequests: (watcher) => requestWatchers.push(watcher),
    reviewWithdrawalsWhen: (check) => holdChecks.push(check),
  })

  app.addHook('onReady', async () => {
    deposits.start((error) => app.log.error({ err: error }, 'deposit reconciliation failed'))
    provider.start?.((error) => app.log.error({ err: error }, 'payment provider background work failed'))
    withdrawals.start()
  })
  app.addHook('onClose', async () => {
    withdrawals.stop()
    deposits.stop()
    provider.stop?.()
  })
}

export const paymentsModule = fp(paymentsPlugin, { name: 'payments', dependencies: ['ledger', 'accounts', 'metrics'] })
