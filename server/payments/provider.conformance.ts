// The payment-provider conformance suite: what every `PaymentProvider` adapter must do, run by
// each adapter's own test file with a harness that knows how to act as the payer and the bank
// (the sandbox pays in-process; a real PSP's adapter would drive its homologation environment).
// Charges are created once per txid, payments arrive as authentic webhooks, payouts are
// idempotent by our id, and a forged webhook is refused.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { PaymentProvider, WebhookRequest } from './provider.ts'

export interface ConformanceHarness {
  provider: PaymentProvider
  /** The payer pays a charge in full (through the provider's own rails). */
  pay(txid: string): Promise<void>
  /** The webhooks the provider sent to the app, in order. */
  webhooks(): WebhookRequest[]
  /** The bank settles payouts that are due. */
  settlePayouts(): Promise<void>
  /** A key the bank will pay to, held by `cpf`. */
  payableKey: { type: string; key: string }
  close(): Promise<void>
}

const newTxid = () => randomBytes(16).toString('hex')

export function describeProviderConformance(name: string, setUp: () => Promise<ConformanceHarness>): void {
  describe(`payment provider conformance: ${name}`, () => {
    const withHarness = (work: (h: ConformanceHarness) => Promise<void>) => async () => {
      const harness = await setUp()
      try {
        await work(harness)
      } finally {
        await harness.close()
      }
    }

    it(
      'creates a dynamic charge once per txid and reads it back',
      withHarness(async ({ provider }) => {
        const txid = newTxid()
        const input = { txid, amount: 1234, expiresInSeconds: 600, payer: { name: 'Ana Souza', cpf: '52998224725' } }
        const first = await provider.createCharge(input)
        const again = await provider.createCharge(input)
        expect(first.txid).toBe(txid)
        expect(first.status).toBe('ATIVA')
        expect(first.valor.original).toBe('12.34')
        expect(first.calendario.expiracao).toBe(600)
        expect(again.pixCopiaECola).toBe(first.pixCopiaECola)
        expect((await provider.getCharge(txid))?.pixCopiaECola).toBe(first.pixCopiaECola)
        expect(await provider.getCharge(newTxid())).toBeNull()
      }),
    )

    it(
      'reports a payment by an authentic webhook, and refuses a forged one',
      withHarness(async (h) => {
        const txid = newTxid()
        await h.provider.createCharge({
          txid,
          amount: 5000,
          expiresInSeconds: 600,
          payer: { name: 'Ana', cpf: '52998224725' },
        })
        await h.pay(txid)
        const charge = await h.provider.getCharge(txid)
        expect(charge?.status).toBe('CONCLUIDA')
        expect(charge?.pix).toEqual([expect.objectContaining({ txid, valor: '50.00' })])
        const webhook = h.webhooks().find((w) => w.rawBody.includes(txid))
        expect(webhook).toBeDefined()
        expect(h.provider.verifyWebhook(webhook as WebhookRequest)).toBeNull()
        const forged = {
          ...(webhook as WebhookRequest),
          rawBody: (webhook as WebhookRequest).rawBody.replace('50.00', '99.00'),
        }
        expect(h.provider.verifyWebhook(forged)).not.toBeNull()
        expect(h.provider.verifyWebhook({ rawBody: '{}', headers: {} })).not.toBeNull()
      }),
    )

    it(
      'takes a payout once per id and settles it with an end-to-end id',
      withHarness(async (h) => {
        const id = `W${randomBytes(6).toString('hex')}-1`
        const input = { id, amount: 2500, keyType: h.payableKey.type, key: h.payableKey.key, holderName: 'Ana Souza' }
        const first = await h.provider.createPayout(input)
        const again = await h.provider.createPayout(input)
        expect(again.id).toBe(first.id)
        expect(first.amount).toBe(2500)
        await h.settlePayouts()
        const settled = await h.provider.getPayout(id)
        expect(settled?.status).toBe('paid')
        expect(settled?.endToEndId).toMatch(/^E/)
        expect(await h.provider.getPayout(`W${randomBytes(6).toString('hex')}-1`)).toBeNull()
      }),
    )

    it(
      'says where (if anywhere) the player pays a code',
      withHarness(async ({ provider }) => {
        const url = provider.payUrl('00020101...')
        if (url !== null) expect(() => new URL(url)).not.toThrow()
      }),
    )
  })
}
