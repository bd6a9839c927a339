// The sandbox provider passes the payment-provider conformance suite (on a real SQLite file).

import { describeProviderConformance } from '../../../tests/support/provider-conformance.ts'
import { createTestDb } from '../../../tests/support/server.ts'
import { loadConfig } from '../../config.ts'
import type { WebhookRequest } from '../provider.ts'
import { inMemorySandboxPki } from './pki.ts'
import { SandboxProvider } from './provider.ts'

describeProviderConformance('sandbox', async () => {
  const testDb = await createTestDb('sqlite')
  const config = loadConfig({ SANDBOX_PAYOUT_DELAY_MS: '0' })
  const webhooks: WebhookRequest[] = []
  // The bank behind the sandbox API Pix server, on its own (pix-api/conformance.test.ts runs the
  // suite over HTTPS through PixApiProvider).
  const provider = new SandboxProvider({
    db: testDb.db.kysely,
    now: () => Date.now(),
    secret: config.payments.webhookSecret,
    merchantName: config.payments.merchantName,
    merchantCity: config.payments.merchantCity,
    locationHost: 'localhost:8081',
    locationPath: '/qr/v2/',
    bankUrl: 'https://localhost:8081/sandbox/bank',
    payoutDelayMs: config.sandboxPayoutDelayMs,
    receiverKey: config.payments.receiverKey,
    pki: inMemorySandboxPki,
    deliver: async (_topic, rawBody, headers) => {
      webhooks.push({ rawBody, headers })
      return 200
    },
  })
  return {
    provider,
    pay: async (txid) => {
      const outcome = await provider.pay(txid)
      if (!outcome.paid) throw new Error(`sandbox did not pay: ${outcome.reason}`)
    },
    webhooks: () => webhooks,
    settlePayouts: async () => {
      await provider.settleDuePayouts()
    },
    payableKey: { type: 'cpf', key: '52998224725', ownerCpf: '52998224725' },
    close: async () => {
      provider.stop()
      await testDb.drop()
    },
  }
})
