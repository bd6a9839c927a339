// Web Push end to end on the server: a local HTTP server plays the browser's push service (real
// HTTP, `web-push`'s aes128gcm encryption and VAPID signature, decrypted here as a browser would
// per RFC 8291); a deposit credited through the sandbox bank and a withdrawal paid reach it as
// notifications in the player's language; endpoints outside the push services are refused; a
// subscription the service says is gone is dropped; the VAPID keys are made once into DATA_DIR.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebPushMessage } from '../../contract/web-push.ts'
import {
  createTestApp,
  engines,
  loginPlayer,
  sandboxBankOf,
  sandboxOf,
  TEST_OPS_TOKEN,
  type TestApp,
} from '../../tests/support/server.ts'
import { supportReplied } from './notices.ts'
import { vapidKeys } from './web-push.ts'

interface Received {
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
}

/** A push service on 127.0.0.1: keeps what it receives and answers `status` (201 by default). */
async function pushService() {
  const received: Received[] = []
  const state = { status: 201 }
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) })
      response.writeHead(state.status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, received, state, close: () => new Promise((resolve) => server.close(resolve)) }
}

/** A browser's subscription keys (P-256 key pair and auth secret). */
function browserKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authText: auth.toString('base64url') }
}

/** RFC 8291 decryption, as the browser does it. */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): WebPushMessage {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const senderKey = body.subarray(21, 21 + idLength)
  const ciphertext = body.subarray(21 + idLength)
  const secret = keys.ecdh.computeSecret(senderKey)
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderKey])
  const ikm = Buffer.from(hkdfSync('sha256', secret, keys.auth, info, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()])
  // The last record ends with the delimiter 0x02, then zero padding.
  return JSON.parse(padded.subarray(0, padded.lastIndexOf(2)).toString('utf8')) as WebPushMessage
}

/** Checks the VAPID header (RFC 8292): an ES256 JWT for the service's origin, signed by `publicKey`. */
function checkVapid(header: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '')
  expect(match?.[2]).toBe(publicKey)
  const [head, claims, signature] = (match?.[1] ?? '').split('.') as [string, string, string]
  const raw = Buffer.from(publicKey, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  expect(signed).toBe(true)
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'))
  expect(payload.aud).toBe(audience)
  expect(payload.exp * 1000).toBeGreaterThan(Date.now())
}

async function until<T>(read: () => T | undefined, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.each(engines)('web push on %s', (engine) => {
  let t: TestApp
  let service: Awaited<ReturnType<typeof pushService>>
  let dataDir: string

  beforeAll(async () => {
    service = await pushService()
    dataDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-vapid-'))
    t = await createTestApp(engine, {
      DATA_DIR: dataDir,
      WEB_PUSH_ORIGINS: service.origin,
      SANDBOX_PAYOUT_DELAY_MS: '0',
    })
  })
  afterAll(async () => {
    await t.close()
    await service.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('delivers "deposit credited" and "withdrawal paid" encrypted to the subscribed browser, in its language', async () => {
    const player = await loginPlayer(t.app, { ageConfirmed: true, bound: true, verified: true })
    const { publicKey } = (await player.call('/push/webPushKey', {})).data
    // Made once at first need, kept in DATA_DIR.
    expect(JSON.parse(readFileSync(path.join(dataDir, 'vapid.json'), 'utf8')).publicKey).toBe(publicKey)

    const keys = browserKeys()
    const endpoint = `${service.origin}/push/${randomUUID()}`
    const subscribed = await player.call('/push/subscribe', {
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
      expirationTime: null,
      language: 'en',
    })
    expect(subscribed.success).toBe(true)

    // A deposit paid in the sandbox bank: credited by the ledger, then notified.
    const order = (await player.call('/charge/create/order', { amount: 2000, requestId: randomUUID() })).data
    const bank = await sandboxBankOf(t.app).inject({
      method: 'POST',
      url: '/sandbox/bank/pay',
      payload: { code: order.payCode },
    })
    expect(bank.json().data.paid).toBe(true)
    const deposit = await until(() => service.received.find((r) => r.path === new URL(endpoint).pathname))
    expect(deposit.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(deposit.headers.ttl)).toBeGreaterThan(0)
    checkVapid(deposit.headers.authorization, publicKey, service.origin)
    expect(decrypt(deposit.body, keys)).toEqual({
      title: 'Deposit credited',
      body: 'R$\u00a020,00 is in your balance.',
      url: '/',
      tag: 'deposit',
    })

    // A withdrawal, paid by the sandbox's payout: "withdrawal paid", opening its tracker.
    const withdrawal = await player.call('/withdraw/create/order', {
      amount: 1500,
      payType: 'cpf',
      accountNumber: player.cpf,
      password: player.password,
      requestId: randomUUID(),
    })
    expect(withdrawal.success).toBe(true)
    const orderId = withdrawal.data.orderId as string
    await sandboxOf(t.app).settleDuePayouts()
    await t.app.payments.withdrawals.reconcile()
    const paid = await until(
      () =>
        service.received.map((r) => decrypt(r.body, keys)).find((message) => message.tag === `order-${orderId}`) ??
        undefined,
      20_000,
    )
    expect(paid).toEqual({
      title: 'Withdrawal paid',
      body: 'Your withdrawal was sent by PIX. Tap to see the receipt.',
      url: `/withdrawalTracker?orderId=${orderId}`,
      tag: `order-${orderId}`,
    })
  }, 40_000)

  it('sends a support reply through sendWebPush, and drops a subscription the service says is gone', async () => {
    const player = await loginPlayer(t.app, { ageConfirmed: true })
    const keys = browserKeys()
    const endpoint = `${service.origin}/push/${randomUUID()}`
    await player.call('/push/subscribe', {
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
      language: 'pt-BR',
    })

    // An operator's reply in the console reaches the closed app as a notification (once: a replay
    // of the same requestId sends nothing more).
    await player.call('/v1/support/send', { text: 'Meu saque não chegou', requestId: randomUUID() })
    const { id: conversationId } = (await player.call('/v1/support/conversation', {})).data
    const reply = { conversationId, text: 'Estamos vendo, um minuto.', requestId: randomUUID() }
    for (let i = 0; i < 2; i++) {
      const answered = await t.app.inject({
        method: 'POST',
        url: '/api/ops/support/reply',
        headers: { 'x-ops-token': TEST_OPS_TOKEN },
        payload: reply,
      })
      expect(answered.json().success).toBe(true)
    }
    const toEndpoint = () => service.received.filter((r) => r.path === new URL(endpoint).pathname)
    await expect.poll(() => toEndpoint().length).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(toEndpoint()).toHaveLength(1)
    expect(decrypt((toEndpoint()[0] as Received).body, keys)).toMatchObject({
      title: 'Resposta do atendimento',
      url: '/servicePage',
    })

    expect(await t.app.push.sendWebPush(player.userId, supportReplied())).toBe(1)
    const direct = toEndpoint()[1] as Received
    expect(decrypt(direct.body, keys)).toMatchObject({ title: 'Resposta do atendimento', url: '/servicePage' })

    service.state.status = 410
    expect(await t.app.push.sendWebPush(player.userId, supportReplied())).toBe(0)
    service.state.status = 201
    const before = service.received.length
    expect(await t.app.push.sendWebPush(player.userId, supportReplied())).toBe(0)
    expect(service.received.length).toBe(before)
  })

  it('refuses endpoints outside the push services, and unsubscribes only its own', async () => {
    const player = await loginPlayer(t.app, { ageConfirmed: true })
    const other = await loginPlayer(t.app, { ageConfirmed: true })
    const keys = browserKeys()
    const body = (endpoint: string) => ({
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
      language: 'hi',
    })
    for (const endpoint of [
      'https://evil.example/push',
      'http://127.0.0.1:1/push',
      'https://fcm.googleapis.com:8443/x',
    ]) {
      const refused = await player.call('/push/subscribe', body(endpoint))
      expect(refused).toMatchObject({ success: false, msgCode: 'push_endpoint_refused' })
    }
    expect((await player.call('/push/subscribe', body('https://fcm.googleapis.com/fcm/send/abc'))).success).toBe(true)

    const endpoint = `${service.origin}/push/${randomUUID()}`
    await player.call('/push/subscribe', body(endpoint))
    await other.call('/push/unsubscribe', { endpoint })
    expect(await t.app.push.sendWebPush(player.userId, supportReplied())).toBe(1)
    await player.call('/push/unsubscribe', { endpoint })
    expect(await t.app.push.sendWebPush(player.userId, supportReplied())).toBe(0)
  })

  it('answers malformed subscriptions with a 400, never a 500', async () => {
    const player = await loginPlayer(t.app, { ageConfirmed: true })
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (junk) => {
        const res = await player.post('/push/subscribe', { endpoint: junk, keys: junk, language: junk })
        expect(res.statusCode).toBe(400)
      }),
      { numRuns: 30 },
    )
  })
})

describe('VAPID keys', () => {
  it('come from the environment when given, else are made once and kept', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-vapid-'))
    try {
      const first = vapidKeys({ dataDir: dir, publicKey: undefined, privateKey: undefined })
      expect(vapidKeys({ dataDir: dir, publicKey: undefined, privateKey: undefined })).toEqual(first)
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65)
      expect(vapidKeys({ dataDir: dir, publicKey: 'P', privateKey: 'Q' })).toEqual({ publicKey: 'P', privateKey: 'Q' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
