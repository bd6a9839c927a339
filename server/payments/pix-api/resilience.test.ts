// PixApiProvider against a PSP that hangs: each call gives up after its timeout, retries with
// the same path (the same idempotent ids), and after five failures in a row the circuit opens so
// calls fail at once instead of holding a player's request; the app answers a clear refusal
// (no 5xx) and holds nothing.
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../../tests/support/clock.ts'
import { inMemorySandboxPki } from '../sandbox/pki.ts'
import { PixApiProvider, PixApiUnavailable } from './provider.ts'

describe('PixApiProvider when the PSP hangs', () => {
  let server: Server | undefined
  afterEach(async () => {
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  })

  it('times out, retries the same request, then fails fast with the circuit open', async () => {
    const pki = await inMemorySandboxPki()
    const seen: string[] = []
    // Accepts the mTLS connection and the request, and never answers.
    server = createServer(
      { key: pki.server.key, cert: pki.server.cert, ca: pki.ca.cert, requestCert: true },
      (request) => {
        seen.push(`${request.method} ${request.url}`)
      },
    )
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const clock = manualClock(Date.now())
    const provider = new PixApiProvider({
      baseUrl: `https://localhost:${(server.address() as AddressInfo).port}`,
      clientId: 'client',
      clientSecret: 'secret',
      cert: pki.client.cert,
      key: pki.client.key,
      ca: pki.ca.cert,
      receiverKey: 'pix@example.com.br',
      webhookUrl: 'https://example.com.br/hook',
      webhookSecret: randomBytes(16).toString('hex'),
      now: clock.now,
      timeoutMs: 300,
    })
    const txid = randomUUID().replaceAll('-', '')
    const started = performance.now()
    await expect(provider.getCharge(txid)).rejects.toBeInstanceOf(PixApiUnavailable)
    const firstCall = performance.now() - started
    // Three attempts of 300 ms plus 200 + 800 ms between them, each asking for a token first.
    expect(firstCall).toBeGreaterThan(900)
    expect(firstCall).toBeLessThan(8000)
    expect(seen.every((line) => line === 'POST /oauth/token')).toBe(true)
    expect(seen.length).toBe(3)
    await expect(provider.getCharge(txid)).rejects.toBeInstanceOf(PixApiUnavailable)
    // Five failures in a row: the circuit is open, the next call does not touch the network.
    const before = seen.length
    const fast = performance.now()
    await expect(provider.getCharge(txid)).rejects.toThrow(/circuit open/)
    expect(performance.now() - fast).toBeLessThan(100)
    expect(seen.length).toBe(before)
    // 30 s later one call is let through again (and fails again, here).
    clock.time += 31_000
    await expect(provider.getCharge(txid)).rejects.toBeInstanceOf(PixApiUnavailable)
    expect(seen.length).toBeGreaterThan(before)
    provider.stop()
  }, 30_000)
})
