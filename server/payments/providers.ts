// The payment-provider selection point: the one place that turns `PAYMENT_PROVIDER` into an
// adapter. Every adapter implements `PaymentProvider` and passes the conformance suite
// (provider.conformance.ts): the in-process sandbox (`sandbox`, for development and tests) and
// the API Pix client (`pix-api`, a real PSP — or the sandbox's own API Pix server).
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import { PixApiProvider } from './pix-api/provider.ts'
import type { PaymentProvider } from './provider.ts'
import { inMemorySandboxPki } from './sandbox/pki.ts'
import { SandboxProvider, type WebhookDelivery } from './sandbox/provider.ts'

export interface ProviderContext {
  db: FastifyInstance['db']
  now: () => number
  /** How the provider's webhooks reach this app. */
  deliver: WebhookDelivery
}

export function createPaymentProvider(config: Config, context: ProviderContext): PaymentProvider {
  switch (config.payments.provider) {
    case 'sandbox':
      return new SandboxProvider({
        db: context.db,
        now: context.now,
        secret: config.payments.webhookSecret,
        merchantName: config.payments.merchantName,
        merchantCity: config.payments.merchantCity,
        locationHost: new URL(config.publicUrl).host,
        bankUrl: `${config.publicUrl}/sandbox/bank`,
        deliver: context.deliver,
        payoutDelayMs: config.sandboxPayoutDelayMs,
        receiverKey: config.payments.receiverKey,
        pki: inMemorySandboxPki,
      })
    case 'pix-api': {
      const api = config.payments.pixApi
      if (!api) throw new Error('PAYMENT_PROVIDER=pix-api without its settings')
      return new PixApiProvider({
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
      })
    }
  }
}

/**
 * How the sandbox provider reaches the webhook: over real HTTP to this server once it listens
 * (as an external PSP would), through `inject` in tests that never listen.
 */
export function webhookDelivery(app: FastifyInstance): WebhookDelivery {
  return async (topic, rawBody, headers) => {
    const path = `/api/payments/webhook/${topic}`
    const address = app.server.address()
    if (app.server.listening && address && typeof address === 'object') {
      const host =
        address.family === 'IPv6'
          ? `[${address.address === '::' ? '::1' : address.address}]`
          : address.address === '0.0.0.0'
            ? '127.0.0.1'
            : address.address
      const response = await fetch(`http://${host}:${address.port}${path}`, {
        method: 'POST',
        headers,
        body: rawBody,
        signal: AbortSignal.timeout(10_000),
      })
      await response.arrayBuffer()
      return response.status
    }
    const response = await app.inject({ method: 'POST', url: path, headers, payload: rawBody })
    return response.statusCode
  }
}
