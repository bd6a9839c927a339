// PixApiProvider passes the payment-provider conformance suite against the sandbox API Pix
// server over real HTTPS with mTLS and OAuth2, on each engine; a client without the CA's
// certificate, or without a valid token, is refused; and every request the client sends and
// every answer it accepts validate against schemas.ts (a sample of each is logged).
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { describeProviderConformance } from '../../../tests/support/provider-conformance.ts'
import { createTestDb, engines, type TestDb } from '../../../tests/support/server.ts'
import type { WebhookRequest } from '../provider.ts'
import { type SandboxApiServer, startSandboxApiServer } from '../sandbox/api-server.ts'
import { createSandboxPki, inMemorySandboxPki } from '../sandbox/pki.ts'
import { type PixApiExchange, PixApiProvider } from './provider.ts'
import * as schemas from './schemas.ts'

const CLIENT_ID = 'jogo-limpo-test'
const CLIENT_SECRET = randomBytes(24).toString('hex')
const WEBHOOK_SECRET = randomBytes(24).toString('hex')
const RECEIVER_KEY = 'pix@jogolimpo.example.com.br'

interface Rig {
  db: TestDb
  server: SandboxApiServer
  provider: PixApiProvider
  received: WebhookRequest[]
  exchanges: PixApiExchange[]
  close(): Promise<void>
}

async function rig(engine: (typeof engines)[number]): Promise<Rig> {
  const db = await createTestDb(engine)
  const pki = await inMemorySandboxPki()
  const server = await startSandboxApiServer(
    {
      db: db.db.kysely,
      pki,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      merchantName: 'JOGO LIMPO',
      merchantCity: 'SAO PAULO',
      receiverKey: RECEIVER_KEY,
      locationHost: 'jogolimpo.example.com.br',
      bankUrl: 'https://jogolimpo.example.com.br/sandbox/bank',
      payoutDelayMs: 0,
    },
    { port: 0 },
  )
  const received: WebhookRequest[] = []
  const hooks: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({ rawBody: body, headers: request.headers })
      response.writeHead(200).end('{}')
    })
  })
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve))
  const exchanges: PixApiExchange[] = []
  const provider = new PixApiProvider(
    {
      baseUrl: server.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      cert: pki.client.cert,
      key: pki.client.key,
      ca: pki.ca.cert,
      receiverKey: RECEIVER_KEY,
      webhookUrl: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/api/payments/webhook`,
      webhookSecret: WEBHOOK_SECRET,
      now: () => Date.now(),
      onExchange: (exchange) => exchanges.push(exchange),
    },
    true,
  )
  await provider.registerWebhook()
  return {
    db,
    server,
    provider,
    received,
    exchanges,
    close: async () => {
      provider.stop()
      await server.close()
      await new Promise((resolve) => hooks.close(resolve))
      await db.drop()
    },
  }
}

/** A raw HTTPS call to the sandbox, to see what it does with a client that lacks something. */
function rawCall(
  url: string,
  options: { cert?: string; key?: string; ca: string; token?: string; method?: string; body?: string },
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const request = httpsRequest(
      url,
      {
        method: options.method ?? 'GET',
        ca: options.ca,
        ...(options.cert ? { cert: options.cert, key: options.key } : {}),
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        timeout: 5000,
      },
      (response) => {
        let body = ''
        response.on('data', (chunk) => {
          body += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    request.on('error', (error) => resolve({ error: error.message }))
    request.end(options.body)
  })
}

for (const engine of engines) {
  describeProviderConformance(`API Pix over HTTPS + mTLS + OAuth2 (sandbox server, ${engine})`, async () => {
    const r = await rig(engine)
    return {
      provider: r.provider,
      pay: async (txid) => {
        const outcome = await r.server.bank.pay(txid, { payerCpf: '52998224725' })
        if (!outcome.paid) throw new Error(`sandbox did not pay: ${outcome.reason}`)
      },
      webhooks: () => r.received,
      settlePayouts: async () => {
        await r.server.bank.settleDuePayouts()
      },
      payableKey: { type: 'cpf', key: '52998224725', ownerCpf: '52998224725' },
      close: r.close,
    }
  })
}

describe.each(engines)('the sandbox API Pix server on %s', (engine) => {
  let r: Rig | undefined
  afterAll(async () => {
    await r?.close()
  })

  it('refuses a client without a certificate from its CA, and a call without a valid token', async () => {
    r = await rig(engine)
    const pki = await inMemorySandboxPki()
    const url = `${r.server.url}/cob/${'A'.repeat(32)}`
    // No client certificate, or one from another CA: 401 before anything else is looked at.
    const stranger = await createSandboxPki()
    for (const client of [{}, { cert: stranger.client.cert, key: stranger.client.key }]) {
      const answer = await rawCall(url, { ca: pki.ca.cert, ...client })
      expect(answer).toMatchObject({ status: 401 })
      expect(JSON.parse((answer as { body: string }).body)).toMatchObject({ title: 'AcessoNegado' })
    }
    expect(await rawCall(`${r.server.url}/oauth/token`, { ca: pki.ca.cert, method: 'POST' })).toMatchObject({
      status: 401,
    })
    // The server is trusted only through the CA: a client that does not know it refuses it.
    expect(await rawCall(url, { ca: stranger.ca.cert, cert: pki.client.cert, key: pki.client.key })).toHaveProperty(
      'error',
    )
    // The right certificate but no token, or a made-up one: 403 AcessoNegado (RFC 7807).
    for (const token of [undefined, 'not-a-token-0123456789']) {
      const answer = await rawCall(url, { ca: pki.ca.cert, cert: pki.client.cert, key: pki.client.key, token })
      expect(answer).toMatchObject({ status: 403 })
      expect(schemas.problemaSchema.parse(JSON.parse((answer as { body: string }).body))).toMatchObject({
        title: 'AcessoNegado',
        status: 403,
      })
    }
    // Wrong client secret: no token.
    const wrong = new PixApiProvider({
      baseUrl: r.server.url,
      clientId: CLIENT_ID,
      clientSecret: 'wrong-secret-0123456789',
      cert: pki.client.cert,
      key: pki.client.key,
      ca: pki.ca.cert,
      receiverKey: RECEIVER_KEY,
      webhookUrl: 'https://example.com/hook',
      webhookSecret: WEBHOOK_SECRET,
      now: () => Date.now(),
    })
    await expect(wrong.getCharge('A'.repeat(32))).rejects.toThrow(/client credentials/)
    wrong.stop()
  })

  it('answers hostile bodies and paths with a 4xx problem, never a 5xx', async () => {
    r ??= await rig(engine)
    const pki = await inMemorySandboxPki()
    const tokenAnswer = await rawCall(`${r.server.url}/oauth/token`, {
      ca: pki.ca.cert,
      cert: pki.client.cert,
      key: pki.client.key,
      method: 'POST',
    })
    expect(tokenAnswer).toMatchObject({ status: 401 }) // no client credentials
    // A token as the client gets one.
    await r.provider.getCharge(randomBytes(16).toString('hex'))
    const token = await new Promise<string>((resolve) => {
      const request = httpsRequest(
        `${r?.server.url}/oauth/token`,
        {
          method: 'POST',
          ca: pki.ca.cert,
          cert: pki.client.cert,
          key: pki.client.key,
          headers: {
            authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
        },
        (response) => {
          let body = ''
          response.on('data', (chunk) => {
            body += chunk
          })
          response.on('end', () => resolve(JSON.parse(body).access_token))
        },
      )
      request.end('grant_type=client_credentials')
    })
    const paths = fc.constantFrom(
      ['PUT', `/cob/${'A'.repeat(32)}`],
      ['PUT', '/cob/short'],
      ['PATCH', `/cob/${'B'.repeat(32)}`],
      ['PUT', `/pix/${'E'.repeat(32)}/devolucao/D1`],
      ['PUT', '/pix-send/W1-1'],
      ['PUT', `/webhook/${RECEIVER_KEY}`],
      ['GET', '/pix?inicio=ontem&fim=hoje'],
      ['GET', '/dict/%00'],
      ['GET', '/dict/%25'],
      ['GET', `/pix/${'E'.repeat(32)}/devolucao/%00`],
      ['GET', '/pix-send/%00'],
      ['GET', '/sandbox/bank?code=%00'],
      ['POST', '/sandbox/bank/pay'],
    )
    await fc.assert(
      fc.asyncProperty(paths, fc.oneof(fc.json(), fc.string({ maxLength: 50 })), async ([method, path], body) => {
        const answer = await rawCall(`${r?.server.url}${path}`, {
          ca: pki.ca.cert,
          cert: pki.client.cert,
          key: pki.client.key,
          token,
          method,
          ...(method === 'GET' ? {} : { body }),
        })
        expect(answer).toHaveProperty('status')
        expect((answer as { status: number }).status).toBeLessThan(500)
      }),
      { numRuns: 60 },
    )
  })

  it('sends only requests and accepts only answers that match the schemas written from API Pix (a sample logged)', async () => {
    r ??= await rig(engine)
    const txid = randomBytes(16).toString('hex')
    await r.provider.createCharge({
      txid,
      amount: 4200,
      expiresInSeconds: 600,
      payer: { name: 'Ana', cpf: '52998224725' },
    })
    await r.server.bank.pay(txid, { payerCpf: '52998224725' })
    const charge = await r.provider.getCharge(txid)
    const e2e = charge?.pix[0]?.endToEndId as string
    await r.provider.getPix(e2e)
    await r.provider.listReceived(Date.now() - 60_000, Date.now() + 1000)
    await r.provider.requestRefund({
      endToEndId: e2e,
      id: `D${randomBytes(6).toString('hex')}`,
      amount: 100,
      description: 'Teste',
    })
    await r.provider.createPayout({
      id: `W${randomBytes(6).toString('hex')}-1`,
      amount: 1000,
      keyType: 'cpf',
      key: '52998224725',
      holderName: 'Ana',
      ownerCpf: '52998224725',
    })
    await r.provider.lookupKey('52998224725')
    expect(await r.provider.cancelCharge(txid)).toBe(false) // paid: cannot be withdrawn
    const other = randomBytes(16).toString('hex')
    await r.provider.createCharge({
      txid: other,
      amount: 1000,
      expiresInSeconds: 600,
      payer: { name: 'A', cpf: '52998224725' },
    })
    expect(await r.provider.cancelCharge(other)).toBe(true)
    expect((await r.provider.getCharge(other))?.status).toBe('REMOVIDA_PELO_PSP')

    const requestSchemas: Record<string, (typeof schemas)[keyof typeof schemas]> = {
      'PUT /cob': schemas.cobSolicitadaSchema,
      'PATCH /cob': schemas.cobRevisadaSchema,
      'PUT /pix': schemas.devolucaoSolicitadaSchema,
      'PUT /webhook': schemas.webhookSolicitadoSchema,
      'PUT /pix-send': schemas.pixSendRequestSchema,
    }
    const seen = new Set<string>()
    for (const exchange of r.exchanges) {
      const kind = `${exchange.method} /${exchange.path.split(/[/?]/)[1]}`
      if (exchange.request !== undefined) {
        const schema = requestSchemas[kind] as { safeParse(value: unknown): { success: boolean } }
        expect(schema.safeParse(exchange.request).success, kind).toBe(true)
      }
      if (!seen.has(kind)) {
        seen.add(kind)
        console.log(
          `API Pix sample ${kind} → ${exchange.status}`,
          JSON.stringify({ request: exchange.request, response: exchange.response }),
        )
      }
    }
    expect([...seen].sort()).toEqual(
      [
        'GET /cob',
        'GET /dict',
        'GET /pix',
        'PATCH /cob',
        'PUT /cob',
        'PUT /pix',
        'PUT /pix-send',
        'PUT /webhook',
      ].sort(),
    )
    // The webhook the sandbox POSTed is API Pix's WebhookPixBody, and no personal data beyond the payer's CPF.
    const hook = r.received.find((w) => w.rawBody.includes(txid)) as WebhookRequest
    expect(schemas.webhookPixBodySchema.safeParse(JSON.parse(hook.rawBody)).success).toBe(true)
    expect(r.provider.verifyWebhook(hook)).toBeNull()
  })
})
