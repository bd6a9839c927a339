// The payment-provider selection point: the one place that turns the configuration into an
// adapter. The app speaks to its PSP only over API Pix (PixApiProvider): a real PSP
// (`PAYMENT_PROVIDER=pix-api`) or the local sandbox API Pix server (`sandbox`, which server/main.ts
// or the test harness starts next to the app and describes with the same PIX_* settings). No
// sandbox code runs inside the app; every adapter passes the conformance suite
// (tests/support/provider-conformance.ts).
import { readFileSync } from 'node:fs'
import type { Config } from '../config.ts'
import { PixApiProvider } from './pix-api/provider.ts'
import type { PaymentProvider } from './provider.ts'

export interface ProviderContext {
  now: () => number
}

export function createPaymentProvider(config: Config, context: ProviderContext): PaymentProvider {
  const api = config.payments.pixApi
  if (!api) {
    throw new Error(
      `PAYMENT_PROVIDER=${config.payments.provider} without PIX_API_BASE_URL and its settings (with the sandbox, server/main.ts starts its API Pix server and sets them)`,
    )
  }
  return new PixApiProvider(
    {
      baseUrl: api.baseUrl,
      clientId: api.clientId,
      clientSecret: api.clientSecret,
      cert: readFileSync(api.certFile, 'utf8'),
      key: readFileSync(api.keyFile, 'utf8'),
      ...(api.caFile ? { ca: readFileSync(api.caFile, 'utf8') } : {}),
      receiverKey: config.payments.receiverKey,
      webhookUrl: api.webhookUrl,
      webhookSecret: config.payments.webhookSecret,
      now: context.now,
      bankUrl: api.bankUrl,
    },
    config.payments.provider === 'sandbox',
  )
}
