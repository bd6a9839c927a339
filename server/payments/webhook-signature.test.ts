import { describe, expect, it } from 'vitest'
import { checkWebhookSignature, signWebhook } from './webhook-signature.ts'

const secret = 'sandbox-webhook-secret'
const body = '{"pix":[{"endToEndId":"E1","txid":"T1","valor":"50.00","horario":"2026-11-22T01:00:00Z"}]}'

describe('webhook signatures', () => {
  const now = 1_795_300_000
  const check = (overrides: Partial<Parameters<typeof checkWebhookSignature>[0]>) =>
    checkWebhookSignature({
      secret,
      rawBody: body,
      timestamp: String(now),
      signature: signWebhook(secret, body, now),
      nowSeconds: now,
      ...overrides,
    })

  it('accepts a fresh, correctly signed body', () => {
    expect(check({})).toBeNull()
    expect(check({ nowSeconds: now + 299 })).toBeNull()
  })

  it('refuses unsigned, malformed, forged, altered and stale webhooks', () => {
    expect(check({ signature: undefined })).toBe('missing')
    expect(check({ timestamp: undefined })).toBe('missing')
    expect(check({ signature: 'zz' })).toBe('malformed')
    expect(check({ signature: signWebhook('another-secret', body, now) })).toBe('mismatch')
    expect(check({ rawBody: body.replace('50.00', '5000.00') })).toBe('mismatch')
    expect(check({ nowSeconds: now + 301 })).toBe('stale')
    expect(check({ nowSeconds: now - 301 })).toBe('stale')
  })
})
