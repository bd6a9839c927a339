// The sandbox provider passes the payment-provider conformance suite (on a real SQLite file).

import { createTestDb } from '../../../tests/support/server.ts'
import { loadConfig } from '../../config.ts'
import { describeProviderConformance } from '../provider.conformance.ts'
import type { WebhookRequest } from '../provider.ts'
import { createPaymentProvider } from '../providers.ts'
import { SandboxProvider } from './provider.ts'

describeProviderConformance('sandbox', async () => {
  const testDb = await createTestDb('sqlite')
  const config = loadConfig({ SANDBOX_PAYOUT_DELAY_MS: '0' })
  const webhooks: WebhookRequest[] = []
  const provider = createPaymentProvider(config, {
    db: testDb.db.kysely,
    now: () => Date.now(),
    deliver: async (_topic, rawBody, headers) => {
      webhooks.push({ rawBody, headers })
      return 200
    },
  })
  if (!(provider instanceof SandboxProvider)) throw new Error('expected the sandbox provider')
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
