// PAYMENT_PROVIDER=pix-api is configured by environment variables alone: every missing or bad
// one stops start-up with a message naming it; good ones give the client its settings, and the
// promotions default to off with a real provider.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-pix-config-'))
const pem = path.join(dir, 'client.crt')
writeFileSync(pem, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n')
const notPem = path.join(dir, 'notes.txt')
writeFileSync(notPem, 'not a certificate')

const good = {
  PAYMENT_PROVIDER: 'pix-api',
  PIX_API_BASE_URL: 'https://pix.psp.example.com.br/api/v2',
  PIX_CLIENT_ID: 'client',
  PIX_CLIENT_SECRET: 'secret',
  PIX_CERT_FILE: pem,
  PIX_KEY_FILE: pem,
  PIX_CA_FILE: pem,
  PIX_RECEIVER_KEY: 'pix@jogolimpo.com.br',
  PIX_WEBHOOK_URL: 'https://jogolimpo.com.br/api/payments/webhook',
  PIX_WEBHOOK_SECRET: 'webhook-secret-0123456789',
}

const refusal = (env: Record<string, string | undefined>) => {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  return null
}

describe('pix-api configuration', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('takes a complete configuration, and defaults the promotions to off', () => {
    const config = loadConfig(good)
    expect(config.payments.pixApi).toMatchObject({ baseUrl: good.PIX_API_BASE_URL, certFile: pem, caFile: pem })
    expect(config.payments.receiverKey).toBe('pix@jogolimpo.com.br')
    expect(config.promotions.enabled).toBe(false)
    expect(loadConfig({}).payments.pixApi).toBeNull()
  })

  it('names every missing or bad variable', () => {
    for (const name of Object.keys(good).filter((n) => n !== 'PAYMENT_PROVIDER' && n !== 'PIX_CA_FILE')) {
      expect(refusal({ ...good, [name]: undefined })).toContain(`${name}: is required`)
    }
    expect(refusal({ ...good, PIX_API_BASE_URL: 'http://pix.psp.example.com.br' })).toContain(
      'PIX_API_BASE_URL: must be an https://',
    )
    expect(refusal({ ...good, PIX_WEBHOOK_URL: 'http://jogolimpo.com.br/hook' })).toContain('PIX_WEBHOOK_URL')
    expect(refusal({ ...good, PIX_WEBHOOK_URL: 'http://127.0.0.1:8080/api/payments/webhook' })).toBeNull()
    expect(refusal({ ...good, PIX_CERT_FILE: path.join(dir, 'missing.crt') })).toContain('PIX_CERT_FILE: cannot read')
    expect(refusal({ ...good, PIX_KEY_FILE: notPem })).toContain('PIX_KEY_FILE: cannot read')
    expect(refusal({ ...good, PIX_CA_FILE: notPem })).toContain('PIX_CA_FILE')
    expect(refusal({ ...good, PAYMENT_PROVIDER: 'stripe' })).toContain('PAYMENT_PROVIDER')
    expect(refusal({ ...good, PIX_API_BASE_URL: 'not a url' })).toContain('PIX_API_BASE_URL')
  })
})
