// The payments module: the provider chosen by configuration, PIX deposits (charges, webhooks,
// reconciliation) and withdrawals (holds, payouts, review). Its tables are deposit_orders,
// pix_payments, withdrawal_orders and withdrawal_steps (and the sandbox's own, which only the
// sandbox touches). The sandbox bank's pages exist only when the sandbox is the provider.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { api } from '../http/api.ts'
import { DepositService } from './deposits.ts'
import { instrumentProvider } from './instrumented-provider.ts'
import { overduePayoutCount } from './payout-clock.ts'
import type { PaymentProvider } from './provider.ts'
import { createPaymentProvider, webhookDelivery } from './providers.ts'
import { RefundService } from './refunds.ts'
import { sandboxBankRoutes } from './sandbox/bank-routes.ts'
import { SandboxProvider } from './sandbox/provider.ts'
import { WithdrawalService } from './withdrawals.ts'

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      provider: PaymentProvider
      /** The sandbox provider when it is the one in use (its bank pays through it); null otherwise. */
      sandbox: SandboxProvider | null
      deposits: DepositService
      withdrawals: WithdrawalService
      /** PIX returned to payers (devolucao): recorded, sent after commit, retried. */
      refunds: RefundService
    }
  }
}

const paymentsPlugin: FastifyPluginAsync = async (app) => {
  const now = () => app.clock.now()
  const chosen = createPaymentProvider(app.config, { db: app.db, now, deliver: webhookDelivery(app) })
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
  const deposits = new DepositService({ ...services, refunds })
  const withdrawals = new WithdrawalService({
    ...services,
    onError: (error, context) => app.log.warn({ err: error }, context),
    // The operator alert: one error line per payout past Portaria 615/2024's 120 minutes.
    onPayoutOverdue: (alert) => app.log.error(alert, 'payout past the 120-minute rule'),
  })
  app.metrics.gauge(
    'payouts_open_over_rule',
    'Withdrawals still unpaid more than 120 minutes after the request (review time included)',
    () => overduePayoutCount(app.db, now()),
  )
  const sandbox = chosen instanceof SandboxProvider ? chosen : null
  app.decorate('payments', { provider, sandbox, deposits, withdrawals, refunds })

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

  // The sandbox bank's pages and calls, with the API's envelope and limits, only with the sandbox.
  if (sandbox) {
    await app.register(api, {
      prefix: '/sandbox',
      scopes: [{ name: 'sandbox bank', routes: [sandboxBankRoutes(sandbox)] }],
    })
  }
}

export const paymentsModule = fp(paymentsPlugin, { name: 'payments', dependencies: ['ledger', 'accounts', 'metrics'] })
