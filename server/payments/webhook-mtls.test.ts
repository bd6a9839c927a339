// Webhooks over mTLS (PIX_WEBHOOK_MTLS_PORT), on each engine: through the listener only a client
// certificate from the PSP's CA gets a connection, the HMAC signature is still checked, and with
// the listener configured the app's plain port refuses every webhook. Nothing is credited by a
// refused one; the one accepted credits the deposit once (ledger-checked).
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildTestApp, createTestDb, engines, loginPlayer, type TestDb } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { auditLedger } from '../ledger/audit.ts'
import { parseBrCode } from './brcode.ts'
import { newEndToEndId } from './ids.ts'
import { createSandboxPki, inMemorySandboxPki, type KeyAndCert } from './sandbox/pki.ts'
import { startWebhookMtlsListener } from './webhook-mtls.ts'
import { signWebhook } from './webhook-signature.ts'

const SECRET = 'mtls-webhook-secret-0123456789abcdef'

/** POSTs a webhook to the listener over HTTPS, with `client` as the client certificate (or none). */
function postOverTls(
  port: number,
  ca: string,
  client: KeyAndCert | null,
  rawBody: string,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      `https://localhost:${port}/api/payments/webhook/pix`,
      { method: 'POST', ca, headers, ...(client ? { key: client.key, cert: client.cert } : {}) },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    request.on('error', reject)
    request.end(rawBody)
  })
}

describe.each(engines)('payment webhooks over mTLS on %s', (engine) => {
  const cleanup: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step()
    cleanup.length = 0
  })

  it('takes a webhook only with the PSP certificate and a valid HMAC; the plain port refuses it', async () => {
    const pki = await inMemorySandboxPki()
    const dir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-mtls-'))
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }))
    const file = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text)
      return path.join(dir, name)
    }
    const testDb: TestDb = await createTestDb(engine)
    cleanup.push(() => testDb.drop())
    const listener = await startWebhookMtlsListener({
      port: 0,
      ca: pki.ca.cert,
      cert: pki.server.cert,
      key: pki.server.key,
    })
    cleanup.push(() => listener.close())
    const app = await buildTestApp(testDb.db, {
      PIX_WEBHOOK_SECRET: SECRET,
      PIX_WEBHOOK_MTLS_PORT: String(listener.port),
      PIX_WEBHOOK_CA_FILE: file('ca.crt', pki.ca.cert),
      PIX_WEBHOOK_TLS_CERT_FILE: file('server.crt', pki.server.cert),
      PIX_WEBHOOK_TLS_KEY_FILE: file('server.key', pki.server.key),
    })
    cleanup.push(() => app.close())
    listener.attach(app)

    const { call, userId, cpf } = await loginPlayer(app, { ageConfirmed: true, verified: true })
    const order = (await call('/charge/create/order', { amount: 2000, requestId: randomUUID() })).data
    const txid = (parseBrCode(order.payCode).url as string).split('/').pop() as string
    const endToEndId = newEndToEndId(Date.now())
    // The PSP's books hold the payment the notice reports (the app confirms it there before crediting).
    await testDb.db.kysely
      .insertInto('sandbox_received_pix')
      .values({ end_to_end_id: endToEndId, txid, amount: 2000, payer_cpf: cpf, paid_at: Date.now() })
      .execute()
    const rawBody = JSON.stringify({
      pix: [
        {
          endToEndId,
          txid,
          valor: '20.00',
          horario: new Date().toISOString(),
          pagador: { cpf },
        },
      ],
    })
    const timestamp = Math.floor(Date.now() / 1000)
    const signed = {
      'content-type': 'application/json',
      'x-pix-timestamp': String(timestamp),
      'x-pix-signature': signWebhook(SECRET, rawBody, timestamp),
    }
    const cash = async () => (await readPlayerBalances(testDb.db.kysely, userId)).cash

    // No client certificate, or one from another CA: no TLS connection at all.
    await expect(postOverTls(listener.port, pki.ca.cert, null, rawBody, signed)).rejects.toThrow()
    const stranger = await createSandboxPki()
    await expect(postOverTls(listener.port, pki.ca.cert, stranger.client, rawBody, signed)).rejects.toThrow()
    // The PSP's certificate but a forged signature: 401, as without the listener.
    const forged = { ...signed, 'x-pix-signature': signWebhook('another-secret-0123456789', rawBody, timestamp) }
    expect(await postOverTls(listener.port, pki.ca.cert, pki.webhook, rawBody, forged)).toBe(401)
    // The app's own port, with a valid signature but not through the listener: refused.
    const plain = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/pix',
      headers: signed,
      payload: rawBody,
    })
    expect(plain.statusCode).toBe(401)
    expect(plain.json()).toMatchObject({ success: false, msgCode: 'webhook_refused' })
    // A mark guessed by a caller of the plain port is no mark.
    const guessed = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/pix',
      headers: { ...signed, 'x-jogo-limpo-webhook-mtls': 'f'.repeat(64) },
      payload: rawBody,
    })
    expect(guessed.statusCode).toBe(401)
    expect(await cash()).toBe(0)

    // The PSP's certificate and a valid signature: credited, once.
    expect(await postOverTls(listener.port, pki.ca.cert, pki.webhook, rawBody, signed)).toBe(200)
    expect(await postOverTls(listener.port, pki.ca.cert, pki.webhook, rawBody, signed)).toBe(200)
    expect(await cash()).toBe(2000)
    expect((await auditLedger(testDb.db.kysely)).ok).toBe(true)
  })
})
