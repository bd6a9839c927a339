// The payment-provider conformance suite: what every `PaymentProvider` adapter must do, run by
// each adapter's own test file with a harness that knows how to act as the payer and the bank
// (the sandbox pays in-process; a real PSP's adapter would drive its homologation environment).
// Charges are created once per txid, payments arrive as authentic webhooks, payouts are
// idempotent by our id, and a forged webhook is refused.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { cpfMatches } from '../../server/payments/pix-api/schemas.ts'
import type { PaymentProvider, WebhookRequest } from '../../server/payments/provider.ts'

export interface ConformanceHarness {
  provider: PaymentProvider
  /** The payer pays a charge in full (through the provider's own rails). */
  pay(txid: string): Promise<void>
  /** The webhooks the provider sent to the app, in order. */
  webhooks(): WebhookRequest[]
  /** The bank settles payouts that are due. */
  settlePayouts(): Promise<void>
  /** A key the bank will pay to, and the CPF that holds it in the directory. */
  payableKey: { type: string; key: string; ownerCpf: string }
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
        const { type: keyType, key, ownerCpf } = h.payableKey
        const input = { id, amount: 2500, keyType, key, ownerCpf, holderName: 'Ana Souza' }
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
      'looks keys up in the directory: the holder (name and CPF) of a payable key, nothing for an unknown one',
      withHarness(async (h) => {
        const found = await h.provider.lookupKey(h.payableKey.key)
        expect(found.found).toBe(true)
        // A real PSP's DICT lookup shows the holder's CPF masked; the sandbox in-process in full.
        expect(found.found && cpfMatches(found.ownerCpf, h.payableKey.ownerCpf)).toBe(true)
        // …and names the holder, as a DICT lookup does.
        expect(found.found && found.ownerName.trim().length).toBeGreaterThan(0)
        expect(await h.provider.lookupKey(`ninguem-${randomBytes(4).toString('hex')}@exemplo.com`)).toEqual({
          found: false,
        })
      }),
    )

    it(
      'returns a received PIX to its payer (devolucao) once per refund id, never more than was received',
      withHarness(async (h) => {
        const txid = newTxid()
        await h.provider.createCharge({
          txid,
          amount: 3000,
          expiresInSeconds: 600,
          payer: { name: 'Ana', cpf: '52998224725' },
        })
        await h.pay(txid)
        const received = (await h.provider.getCharge(txid))?.pix[0]
        expect(received).toBeDefined()
        const endToEndId = (received as { endToEndId: string }).endToEndId
        const request = {
          endToEndId,
          id: `D${randomBytes(8).toString('hex')}`,
          amount: 1000,
          description: 'Conformidade',
        }
        const first = await h.provider.requestRefund(request)
        const again = await h.provider.requestRefund(request)
        expect(again.rtrId).toBe(first.rtrId)
        expect(first.valor).toBe('10.00')
        expect((await h.provider.getRefund(endToEndId, request.id))?.rtrId).toBe(first.rtrId)
        await expect(
          h.provider.requestRefund({ ...request, id: `D${randomBytes(8).toString('hex')}`, amount: 2500 }),
        ).rejects.toThrow()
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
