// PixApiProvider passes the payment-provider conformance suite against the sandbox API Pix
// server over real HTTPS with mTLS and OAuth2, on each engine; a client without the CA's
// certificate, or without a valid token, is refused; and every request the client sends and
// every answer it accepts validate against schemas.ts (a sample of each is logged); and the
// server behaves as API Pix says, one check per behaviour (statuses, revisions, returns and their
// webhook, the listing and webhook endpoints, the token endpoint's headers, the location's JWS).
import { randomBytes, X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type TLSSocket, connect as tlsConnect } from 'node:tls'
import fc from 'fast-check'
import { compactVerify, decodeProtectedHeader, importJWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeProviderConformance } from '../../../tests/support/provider-conformance.ts'
import { createTestDb, engines, type TestDb } from '../../../tests/support/server.ts'
import type { WebhookRequest } from '../provider.ts'
import { type SandboxApiServer, startSandboxApiServer } from '../sandbox/api-server.ts'
import { createSandboxPki, inMemorySandboxPki, loadOrCreateSandboxPki, pkiFiles } from '../sandbox/pki.ts'
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
  // The signing certificate names the locations' host; the CA and the rest are the process's.
  const pki = await inMemorySandboxPki('jogolimpo.example.com.br')
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
  options: {
    cert?: string
    key?: string
    ca: string
    token?: string
    method?: string
    body?: string
    headers?: Record<string, string>
  },
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders } | { error: string }> {
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
          ...options.headers,
        },
        timeout: 5000,
      },
      (response) => {
        let body = ''
        response.on('data', (chunk) => {
          body += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }))
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
    // No client certificate, or one from another CA: 403 AcessoNegado (API Pix) before anything else is looked at.
    const stranger = await createSandboxPki()
    for (const client of [{}, { cert: stranger.client.cert, key: stranger.client.key }]) {
      const answer = await rawCall(url, { ca: pki.ca.cert, ...client })
      expect(answer).toMatchObject({ status: 403 })
      expect(JSON.parse((answer as { body: string }).body)).toMatchObject({
        type: 'https://pix.bcb.gov.br/api/v2/error/AcessoNegado',
        title: 'Acesso Negado',
        status: 403,
      })
    }
    expect(await rawCall(`${r.server.url}/oauth/token`, { ca: pki.ca.cert, method: 'POST' })).toMatchObject({
      status: 403,
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
        type: 'https://pix.bcb.gov.br/api/v2/error/AcessoNegado',
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
    expect((await r.provider.getCharge(other))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR')

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

interface Answer {
  status: number
  body: string
  headers: IncomingHttpHeaders
  json: Record<string, unknown> & { [key: string]: unknown }
}

describe.each(engines)('API Pix behaviour of the sandbox server on %s', (engine) => {
  let r: Rig
  let call: (method: string, path: string, body?: unknown) => Promise<Answer>
  /** A call with another access token (one granted fewer scopes), or none. */
  let callWith: (accessToken: string | undefined, method: string, path: string, body?: unknown) => Promise<Answer>
  /** A call with a raw body (not JSON-encoded here) and a content type. */
  let callRaw: (method: string, path: string, body: string, contentType: string) => Promise<Answer>
  let token: (authorization?: string, form?: string) => Promise<Answer>
  const cob = { calendario: { expiracao: 600 }, valor: { original: '12.34' }, chave: RECEIVER_KEY }
  beforeAll(async () => {
    r = await rig(engine)
    const pki = await inMemorySandboxPki()
    const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`
    const answer = (raw: Awaited<ReturnType<typeof rawCall>>): Answer => {
      if ('error' in raw) throw new Error(raw.error)
      let json = {}
      try {
        json = raw.body ? JSON.parse(raw.body) : {}
      } catch {}
      return { ...raw, json }
    }
    token = async (authorization = basic, form = 'grant_type=client_credentials') =>
      answer(
        await rawCall(`${r.server.url}/oauth/token`, {
          ca: pki.ca.cert,
          cert: pki.client.cert,
          key: pki.client.key,
          method: 'POST',
          body: form,
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        }),
      )
    const accessToken = (await token()).json.access_token as string
    callWith = async (bearer, method, path, body) =>
      answer(
        await rawCall(`${r.server.url}${path}`, {
          ca: pki.ca.cert,
          cert: pki.client.cert,
          key: pki.client.key,
          ...(bearer ? { token: bearer } : {}),
          method,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      )
    call = (method, path, body) => callWith(accessToken, method, path, body)
    callRaw = async (method, path, body, contentType) =>
      answer(
        await rawCall(`${r.server.url}${path}`, {
          ca: pki.ca.cert,
          cert: pki.client.cert,
          key: pki.client.key,
          token: accessToken,
          method,
          body,
          headers: { 'content-type': contentType },
        }),
      )
  })
  afterAll(async () => {
    await r.close()
  })
  const newTxid = () => randomBytes(16).toString('hex')
  /** A charge paid by the sandbox bank: its txid and the PIX's end-to-end id. */
  const paidCharge = async () => {
    const txid = newTxid()
    expect((await call('PUT', `/cob/${txid}`, cob)).status).toBe(201)
    const paid = await r.server.bank.pay(txid, { payerCpf: '52998224725' })
    if (!paid.paid) throw new Error(paid.reason)
    return { txid, e2eid: paid.pix.endToEndId }
  }

  it('PUT /cob/{txid} creates a charge: 201 CobGerada, revisao 0, status ATIVA', async () => {
    const txid = newTxid()
    const created = await call('PUT', `/cob/${txid}`, cob)
    expect(created.status).toBe(201)
    expect(schemas.cobCompletaSchema.parse(created.json)).toMatchObject({ txid, revisao: 0, status: 'ATIVA' })
  })

  it('PUT /cob/{txid} with a txid in use is refused (400 CobOperacaoInvalida) and the charge is unchanged', async () => {
    const txid = newTxid()
    await call('PUT', `/cob/${txid}`, cob)
    for (const body of [cob, { ...cob, valor: { original: '99.00' } }]) {
      const again = await call('PUT', `/cob/${txid}`, body)
      expect(again.status).toBe(400)
      expect(schemas.problemaSchema.parse(again.json).type).toBe(
        'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
      )
    }
    expect((await call('GET', `/cob/${txid}`)).json).toMatchObject({ valor: { original: '12.34' }, revisao: 0 })
    // The app's client, asked again for the same charge (a retry whose answer was lost), gets it.
    const charge = await r.provider.createCharge({
      txid,
      amount: 1234,
      expiresInSeconds: 600,
      payer: { name: '', cpf: '' },
    })
    expect(charge).toMatchObject({ txid, status: 'ATIVA' })
    await expect(
      r.provider.createCharge({ txid, amount: 9900, expiresInSeconds: 600, payer: { name: '', cpf: '' } }),
    ).rejects.toThrow(/400/)
  })

  it('POST /cob creates a charge with a txid the PSP picks (201), readable with GET /cob/{txid}', async () => {
    const created = await call('POST', '/cob', cob)
    expect(created.status).toBe(201)
    const generated = schemas.cobCompletaSchema.parse(created.json)
    expect(generated).toMatchObject({ revisao: 0, status: 'ATIVA', valor: { original: '12.34' } })
    const read = await call('GET', `/cob/${generated.txid}`)
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ txid: generated.txid, location: generated.location })
    expect(await r.server.bank.txidAt(generated.location as string)).toBe(generated.txid)
  })

  it('GET /cob/{txid} answers the charge, and an unknown txid 404 CobNaoEncontrado', async () => {
    const txid = newTxid()
    await call('PUT', `/cob/${txid}`, cob)
    expect((await call('GET', `/cob/${txid}`)).json).toMatchObject({ txid, status: 'ATIVA' })
    const unknown = await call('GET', `/cob/${newTxid()}`)
    expect(unknown.status).toBe(404)
    expect(unknown.json.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobNaoEncontrado')
  })

  it('PATCH /cob/{txid} to REMOVIDA_PELO_USUARIO_RECEBEDOR stores that status, and the code is no longer payable', async () => {
    const txid = newTxid()
    await call('PUT', `/cob/${txid}`, cob)
    const patched = await call('PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })
    expect(patched.status).toBe(200)
    expect(patched.json.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR')
    expect((await call('GET', `/cob/${txid}`)).json.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR')
    expect(await r.server.bank.pay(txid, { payerCpf: '52998224725' })).toEqual({ paid: false, reason: 'expired' })
  })

  it('revisao counts the changes: 0 when created, 1 after a PATCH, in GET /cob and in the location JWS', async () => {
    const txid = newTxid()
    expect((await call('PUT', `/cob/${txid}`, cob)).json.revisao).toBe(0)
    expect((await call('PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })).json.revisao).toBe(1)
    expect((await call('GET', `/cob/${txid}`)).json.revisao).toBe(1)
    const jws = (await r.server.bank.locationJws(txid)) as string
    const payload = JSON.parse(Buffer.from(jws.split('.')[1] as string, 'base64url').toString('utf8'))
    expect(payload).toMatchObject({ revisao: 1, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })
  })

  it('PATCH /cob/{txid} of a charge that is not ATIVA (removed, paid) is 400 CobOperacaoInvalida, revisao unchanged', async () => {
    const txid = newTxid()
    await call('PUT', `/cob/${txid}`, cob)
    await call('PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })
    const { txid: paidTxid } = await paidCharge()
    for (const id of [txid, paidTxid]) {
      const again = await call('PATCH', `/cob/${id}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })
      expect(again.status).toBe(400)
      expect(again.json.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida')
    }
    expect((await call('GET', `/cob/${txid}`)).json).toMatchObject({ revisao: 1 })
    expect((await call('GET', `/cob/${paidTxid}`)).json).toMatchObject({ revisao: 0, status: 'CONCLUIDA' })
  })

  it('GET /cob lists the charges created between inicio and fim, page by page (paginacao)', async () => {
    const inicio = new Date(Date.now() - 1000).toISOString()
    const txids: string[] = []
    for (let i = 0; i < 3; i++) {
      const created = await call('POST', '/cob', cob)
      txids.push(created.json.txid as string)
    }
    const fim = new Date(Date.now() + 1000).toISOString()
    const seen: string[] = []
    for (let page = 0; page < 10; page++) {
      const query = new URLSearchParams({
        inicio,
        fim,
        'paginacao.paginaAtual': String(page),
        'paginacao.itensPorPagina': '2',
      })
      const listed = await call('GET', `/cob?${query}`)
      expect(listed.status).toBe(200)
      const body = schemas.cobsConsultadasSchema.parse(listed.json)
      expect(body.parametros.paginacao).toMatchObject({ paginaAtual: page, itensPorPagina: 2 })
      expect(body.cobs.length).toBeLessThanOrEqual(2)
      seen.push(...body.cobs.map((c) => c.txid))
      if (page + 1 >= body.parametros.paginacao.quantidadeDePaginas) {
        expect(body.parametros.paginacao.quantidadeTotalDeItens).toBe(seen.length)
        break
      }
    }
    for (const txid of txids) expect(seen).toContain(txid)
    expect(new Set(seen).size).toBe(seen.length)
    // A window before them lists none of them.
    const before = new URLSearchParams({ inicio: '2020-01-01T00:00:00Z', fim: '2020-01-02T00:00:00Z' })
    expect(schemas.cobsConsultadasSchema.parse((await call('GET', `/cob?${before}`)).json).cobs).toEqual([])
  })

  it('GET /cob filters by status', async () => {
    const inicio = new Date(Date.now() - 1000).toISOString()
    const removed = (await call('POST', '/cob', cob)).json.txid as string
    const active = (await call('POST', '/cob', cob)).json.txid as string
    await call('PATCH', `/cob/${removed}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })
    const fim = new Date(Date.now() + 1000).toISOString()
    const query = new URLSearchParams({ inicio, fim, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })
    const listed = schemas.cobsConsultadasSchema.parse((await call('GET', `/cob?${query}`)).json)
    expect(listed.cobs.map((c) => c.txid)).toContain(removed)
    expect(listed.cobs.map((c) => c.txid)).not.toContain(active)
    expect(listed.cobs.every((c) => c.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR')).toBe(true)
  })

  it('GET /cob with fim before inicio, or without them, is 400 CobConsultaInvalida', async () => {
    for (const query of [
      new URLSearchParams({ inicio: '2026-01-02T00:00:00Z', fim: '2026-01-01T00:00:00Z' }),
      new URLSearchParams({ inicio: '2026-01-02T00:00:00Z' }),
    ]) {
      const refused = await call('GET', `/cob?${query}`)
      expect(refused.status).toBe(400)
      expect(refused.json.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobConsultaInvalida')
    }
  })

  it('GET /pix lists the PIX received between inicio and fim', async () => {
    const inicio = new Date(Date.now() - 1000).toISOString()
    const { e2eid, txid } = await paidCharge()
    const query = new URLSearchParams({ inicio, fim: new Date(Date.now() + 1000).toISOString() })
    const listed = schemas.pixConsultadosSchema.parse((await call('GET', `/pix?${query}`)).json)
    expect(listed.pix).toContainEqual(expect.objectContaining({ endToEndId: e2eid, txid, valor: '12.34' }))
  })

  it('GET /pix answers page by page (paginacao), every PIX once, and the app reads them all', async () => {
    const inicio = new Date(Date.now() - 1000).toISOString()
    const paid: string[] = []
    for (let i = 0; i < 3; i++) paid.push((await paidCharge()).e2eid)
    const fim = new Date(Date.now() + 1000).toISOString()
    const seen: string[] = []
    let pages = 1
    for (let page = 0; page < pages; page++) {
      const query = new URLSearchParams({
        inicio,
        fim,
        'paginacao.paginaAtual': String(page),
        'paginacao.itensPorPagina': '2',
      })
      const body = schemas.pixConsultadosSchema.parse((await call('GET', `/pix?${query}`)).json)
      expect(body.parametros.paginacao).toMatchObject({ paginaAtual: page, itensPorPagina: 2 })
      expect(body.pix.length).toBeLessThanOrEqual(2)
      seen.push(...body.pix.map((p) => p.endToEndId))
      pages = body.parametros.paginacao.quantidadeDePaginas
      expect(body.parametros.paginacao.quantidadeTotalDeItens).toBeGreaterThanOrEqual(3)
    }
    expect(pages).toBeGreaterThanOrEqual(2)
    for (const e2eid of paid) expect(seen).toContain(e2eid)
    expect(new Set(seen).size).toBe(seen.length)
    const all = await r.provider.listReceived(Date.parse(inicio), Date.parse(fim))
    expect(all.map((p) => p.endToEndId)).toEqual(expect.arrayContaining(paid))
  })

  it('GET /pix/{e2eid} lists the devolucoes made of the PIX, each with its status', async () => {
    const { e2eid } = await paidCharge()
    expect((await call('GET', `/pix/${e2eid}`)).json.devolucoes ?? []).toEqual([])
    expect((await call('PUT', `/pix/${e2eid}/devolucao/D1`, { valor: '2.00' })).status).toBe(201)
    expect((await call('PUT', `/pix/${e2eid}/devolucao/D2`, { valor: '3.00' })).status).toBe(201)
    const pix = schemas.pixSchema.parse((await call('GET', `/pix/${e2eid}`)).json)
    expect(pix.devolucoes).toEqual([
      expect.objectContaining({ id: 'D1', valor: '2.00', status: 'DEVOLVIDO' }),
      expect.objectContaining({ id: 'D2', valor: '3.00', status: 'DEVOLVIDO' }),
    ])
  })

  it('PUT /pix/{e2eid}/devolucao/{id} answers 201 Devolucao; the same id again is the same return, never a second one', async () => {
    const { e2eid } = await paidCharge()
    const first = await call('PUT', `/pix/${e2eid}/devolucao/R1`, { valor: '12.34' })
    expect(first.status).toBe(201)
    const refund = schemas.devolucaoSchema.parse(first.json)
    const again = await call('PUT', `/pix/${e2eid}/devolucao/R1`, { valor: '12.34' })
    expect(schemas.devolucaoSchema.parse(again.json).rtrId).toBe(refund.rtrId)
    expect((await call('GET', `/pix/${e2eid}/devolucao/R1`)).json).toMatchObject({ rtrId: refund.rtrId })
    // More than the PIX, counting what was returned already: refused.
    expect((await call('PUT', `/pix/${e2eid}/devolucao/R2`, { valor: '0.01' })).status).toBe(400)
  })

  it('a return reaching a final status is notified: the webhook POSTs the PIX with its devolucoes, signed', async () => {
    const { e2eid } = await paidCharge()
    const before = r.received.length
    const returned = await call('PUT', `/pix/${e2eid}/devolucao/W1`, { valor: '1.00' })
    expect(returned.json.status).toBe('DEVOLVIDO')
    const hooks = r.received.slice(before).filter((hook) => hook.rawBody.includes('devolucoes'))
    expect(hooks).toHaveLength(1)
    const hook = hooks[0] as WebhookRequest
    expect(r.provider.verifyWebhook(hook)).toBeNull()
    const body = schemas.webhookPixBodySchema.parse(JSON.parse(hook.rawBody))
    expect(body.pix[0]).toMatchObject({
      endToEndId: e2eid,
      devolucoes: [expect.objectContaining({ id: 'W1', valor: '1.00', status: 'DEVOLVIDO' })],
    })
    // Asking for the same return again ends nothing new: no second notice.
    await call('PUT', `/pix/${e2eid}/devolucao/W1`, { valor: '1.00' })
    expect(r.received.slice(before).filter((hook) => hook.rawBody.includes('devolucoes'))).toHaveLength(1)
  })

  it('PUT /webhook/{chave} registers a webhook and GET /webhook/{chave} answers it', async () => {
    const put = await call('PUT', `/webhook/${encodeURIComponent(RECEIVER_KEY)}`, {
      webhookUrl: 'https://hooks.example.com/pix-a',
    })
    expect(put.status).toBe(200)
    const read = await call('GET', `/webhook/${encodeURIComponent(RECEIVER_KEY)}`)
    expect(schemas.webhookCompletoSchema.parse(read.json)).toMatchObject({
      chave: RECEIVER_KEY,
      webhookUrl: 'https://hooks.example.com/pix-a',
    })
    await r.provider.registerWebhook()
  })

  it('GET /webhook lists the registered webhooks (WebhooksConsultados)', async () => {
    const listed = await call('GET', '/webhook')
    expect(listed.status).toBe(200)
    const body = schemas.webhooksConsultadosSchema.parse(listed.json)
    expect(body.webhooks).toContainEqual(expect.objectContaining({ chave: RECEIVER_KEY }))
    expect(body.parametros.paginacao.quantidadeTotalDeItens).toBe(body.webhooks.length)
  })

  it('DELETE /webhook/{chave} cancels it: 204, then GET is 404 and nothing is POSTed; again is 404', async () => {
    const path = `/webhook/${encodeURIComponent(RECEIVER_KEY)}`
    const deleted = await call('DELETE', path)
    expect(deleted.status).toBe(204)
    expect((await call('GET', path)).status).toBe(404)
    expect((await call('DELETE', path)).status).toBe(404)
    const before = r.received.length
    await paidCharge()
    expect(r.received.length).toBe(before)
    await r.provider.registerWebhook()
    await paidCharge()
    expect(r.received.length).toBe(before + 1)
  })

  it('the token answer is never cached: Cache-Control no-store and Pragma no-cache', async () => {
    const granted = await token()
    expect(granted.status).toBe(200)
    expect(schemas.tokenResponseSchema.parse(granted.json).token_type).toMatch(/^bearer$/i)
    expect(granted.headers['cache-control']).toBe('no-store')
    expect(granted.headers.pragma).toBe('no-cache')
  })

  it('a client that fails authentication gets 401 invalid_client with WWW-Authenticate naming Basic', async () => {
    for (const authorization of [
      `Basic ${Buffer.from(`${CLIENT_ID}:wrong-secret`).toString('base64')}`,
      'Bearer nothing',
      '',
    ]) {
      const refused = await token(authorization)
      expect(refused.status).toBe(401)
      expect(refused.json).toMatchObject({ error: 'invalid_client' })
      expect(refused.headers['www-authenticate']).toMatch(/^Basic realm="[^"]+"/)
      expect(refused.headers['cache-control']).toBe('no-store')
    }
  })

  it('a grant other than client_credentials is 400 unsupported_grant_type', async () => {
    const refused = await token(undefined, 'grant_type=password')
    expect(refused.status).toBe(400)
    expect(refused.json).toMatchObject({ error: 'unsupported_grant_type' })
  })

  it("the location's JWS header carries alg, x5t, jku and kid, and the key at jku verifies it", async () => {
    const created = schemas.cobCompletaSchema.parse((await call('POST', '/cob', cob)).json)
    const pki = await inMemorySandboxPki('jogolimpo.example.com.br')
    const location = created.location as string
    const path = location.slice(location.indexOf('/'))
    const served = await rawCall(`${r.server.url}${path}`, { ca: pki.ca.cert })
    if ('error' in served) throw new Error(served.error)
    expect(served.headers['content-type']).toContain('application/jose')
    const header = decodeProtectedHeader(served.body)
    expect(header).toMatchObject({
      alg: 'ES256',
      x5t: expect.any(String),
      jku: expect.any(String),
      kid: expect.any(String),
    })
    const leaf = new X509Certificate(pki.signing.cert)
    expect(header.x5t).toBe(Buffer.from(leaf.fingerprint.replaceAll(':', ''), 'hex').toString('base64url'))
    const jku = new URL(header.jku as string)
    expect(jku.protocol).toBe('https:')
    // On the locations' host, served by the sandbox whatever host the location names.
    expect(jku.host).toBe(location.slice(0, location.indexOf('/')))
    const jwks = await rawCall(`${r.server.url}${jku.pathname}`, { ca: pki.ca.cert })
    if ('error' in jwks) throw new Error(jwks.error)
    const key = (JSON.parse(jwks.body).keys as { kid: string; x5t: string }[]).find((k) => k.kid === header.kid)
    expect(key?.x5t).toBe(header.x5t)
    const verified = await compactVerify(served.body, await importJWK(key as never, 'ES256'))
    expect(JSON.parse(new TextDecoder().decode(verified.payload))).toMatchObject({ txid: created.txid, revisao: 0 })
  })

  // --- API Pix 2.9.0 by the letter: each row below is a behaviour the specification names ---------

  const problemType = (name: string) => `https://pix.bcb.gov.br/api/v2/error/${name}`
  /** The payload of a location's JWS, read from the sandbox as a payer's bank would. */
  const locationPayload = async (location: string) => {
    const pki = await inMemorySandboxPki()
    const served = await rawCall(`${r.server.url}${location.slice(location.indexOf('/'))}`, { ca: pki.ca.cert })
    if ('error' in served) throw new Error(served.error)
    return { status: served.status, body: served.body }
  }

  it('a client without a certificate from the CA is 403 AcessoNegado, titled as API Pix titles it', async () => {
    const pki = await inMemorySandboxPki()
    for (const path of [`/cob/${newTxid()}`, '/oauth/token']) {
      const answer = await rawCall(`${r.server.url}${path}`, {
        ca: pki.ca.cert,
        method: path === '/oauth/token' ? 'POST' : 'GET',
      })
      if ('error' in answer) throw new Error(answer.error)
      expect(answer.status).toBe(403)
      expect(answer.headers['content-type']).toContain('application/problem+json')
      expect(schemas.problemaSchema.parse(JSON.parse(answer.body))).toMatchObject({
        type: problemType('AcessoNegado'),
        title: 'Acesso Negado',
        status: 403,
      })
    }
  })

  it('PUT /cob with valor.original "0.00" is 400 CobOperacaoInvalida naming cob.valor.original, and nothing is created', async () => {
    const txid = newTxid()
    const refused = await call('PUT', `/cob/${txid}`, { ...cob, valor: { original: '0.00' } })
    expect(refused.status).toBe(400)
    expect(schemas.problemaSchema.parse(refused.json)).toMatchObject({
      type: problemType('CobOperacaoInvalida'),
      title: 'Cobrança inválida.',
      violacoes: [{ propriedade: 'cob.valor.original', razao: 'O campo cob.valor.original é zero.' }],
    })
    expect((await call('GET', `/cob/${txid}`)).status).toBe(404)
    expect((await call('POST', '/cob', { ...cob, valor: { original: '0.00' } })).status).toBe(400)
  })

  it('GET /cob/{txid}?revisao= answers the charge as it was at that revision; one it never had is 400 CobConsultaInvalida', async () => {
    const txid = newTxid()
    await call('PUT', `/cob/${txid}`, cob)
    const revised = await call('PATCH', `/cob/${txid}`, { valor: { original: '20.00' } })
    expect(revised.json).toMatchObject({ revisao: 1, valor: { original: '20.00' } })
    expect((await call('GET', `/cob/${txid}?revisao=0`)).json).toMatchObject({
      revisao: 0,
      valor: { original: '12.34' },
    })
    expect((await call('GET', `/cob/${txid}?revisao=1`)).json).toMatchObject({
      revisao: 1,
      valor: { original: '20.00' },
    })
    for (const revisao of ['99', '2', 'x']) {
      const refused = await call('GET', `/cob/${txid}?revisao=${revisao}`)
      expect(refused.status).toBe(400)
      expect(schemas.problemaSchema.parse(refused.json)).toMatchObject({
        type: problemType('CobConsultaInvalida'),
        violacoes: [expect.objectContaining({ propriedade: 'revisao' })],
      })
    }
  })

  it('PATCH /cob/{txid} revises what CobRevisada allows (valor, calendario, devedor, solicitacaoPagador, infoAdicionais), one revision each', async () => {
    const txid = newTxid()
    await call('PUT', `/cob/${txid}`, cob)
    const change = {
      calendario: { expiracao: 1200 },
      devedor: { cpf: '52998224725', nome: 'Ana Souza' },
      valor: { original: '15.00', modalidadeAlteracao: 1 },
      solicitacaoPagador: 'Informe o pedido',
      infoAdicionais: [{ nome: 'Pedido', valor: '42' }],
    }
    const revised = await call('PATCH', `/cob/${txid}`, change)
    expect(revised.status).toBe(200)
    expect(schemas.cobCompletaSchema.parse(revised.json)).toMatchObject({ ...change, revisao: 1, status: 'ATIVA' })
    expect((await call('GET', `/cob/${txid}`)).json).toMatchObject({ ...change, revisao: 1 })
    expect((await call('PATCH', `/cob/${txid}`, { solicitacaoPagador: 'Outra' })).json).toMatchObject({ revisao: 2 })
    // The payer pays what the charge now asks.
    const paid = await r.server.bank.pay(txid, { payerCpf: '52998224725' })
    expect(paid).toMatchObject({ paid: true, pix: { valor: '15.00' } })
    // Removing it while changing something else makes no sense (API Pix): refused, nothing changes.
    const other = newTxid()
    await call('PUT', `/cob/${other}`, cob)
    const both = await call('PATCH', `/cob/${other}`, {
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      valor: { original: '1.00' },
    })
    expect(both.status).toBe(400)
    expect(both.json).toMatchObject({
      type: problemType('CobOperacaoInvalida'),
      violacoes: [{ propriedade: 'cob.status' }],
    })
    const zero = await call('PATCH', `/cob/${other}`, { valor: { original: '0.00' } })
    expect(zero.json).toMatchObject({ violacoes: [{ propriedade: 'cob.valor.original' }] })
    expect((await call('GET', `/cob/${other}`)).json).toMatchObject({
      revisao: 0,
      status: 'ATIVA',
      valor: { original: '12.34' },
    })
  })

  it('PUT /cob takes devedor, infoAdicionais and valor.modalidadeAlteracao 1, stores them, echoes them and shows them at the location', async () => {
    const txid = newTxid()
    const body = {
      ...cob,
      devedor: { cnpj: '11222333000181', nome: 'Empresa Exemplo' },
      valor: { original: '12.34', modalidadeAlteracao: 1 },
      solicitacaoPagador: 'Número do pedido',
      infoAdicionais: [
        { nome: 'Campo 1', valor: 'Informação 1' },
        { nome: 'Campo 2', valor: 'Informação 2' },
      ],
    }
    const created = await call('PUT', `/cob/${txid}`, body)
    expect(created.status).toBe(201)
    const expected = {
      devedor: body.devedor,
      valor: body.valor,
      solicitacaoPagador: body.solicitacaoPagador,
      infoAdicionais: body.infoAdicionais,
    }
    expect(schemas.cobCompletaSchema.parse(created.json)).toMatchObject(expected)
    expect((await call('GET', `/cob/${txid}`)).json).toMatchObject(expected)
    const served = await locationPayload(created.json.location as string)
    const payload = JSON.parse(Buffer.from(served.body.split('.')[1] as string, 'base64url').toString('utf8'))
    expect(payload).toMatchObject(expected)
    // A devedor outside PessoaFisica | PessoaJuridica is refused, named as the object API Pix names.
    for (const devedor of [
      { cpf: '12345678900', nome: 'Dígitos errados' },
      { cpf: '52998224725', cnpj: '11222333000181', nome: 'Ambos' },
      { nome: 'Sem documento' },
    ]) {
      const refused = await call('PUT', `/cob/${newTxid()}`, { ...cob, devedor })
      expect(refused.status).toBe(400)
      expect(refused.json).toMatchObject({
        type: problemType('CobOperacaoInvalida'),
        violacoes: [{ propriedade: 'cob.devedor', razao: 'O objeto cob.devedor não respeita o _schema_.' }],
      })
    }
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ nome: `c${i}`, valor: 'v' }))
    expect((await call('PUT', `/cob/${newTxid()}`, { ...cob, infoAdicionais: tooMany })).json).toMatchObject({
      violacoes: [{ propriedade: 'cob.infoAdicionais' }],
    })
  })

  it('GET /pix honours txid, txIdPresente and devolucaoPresente and echoes every filter in parametros', async () => {
    const inicio = new Date(Date.now() - 1000).toISOString()
    const returned = await paidCharge()
    const kept = await paidCharge()
    expect((await call('PUT', `/pix/${returned.e2eid}/devolucao/F1`, { valor: '1.00' })).status).toBe(201)
    const fim = new Date(Date.now() + 1000).toISOString()
    const list = async (filters: Record<string, string>) => {
      const answer = await call('GET', `/pix?${new URLSearchParams({ inicio, fim, ...filters })}`)
      expect(answer.status).toBe(200)
      return schemas.pixConsultadosSchema.parse(answer.json)
    }
    const byTxid = await list({ txid: kept.txid })
    expect(byTxid.pix.map((p) => p.endToEndId)).toEqual([kept.e2eid])
    expect(byTxid.parametros).toMatchObject({ txid: kept.txid, paginacao: { quantidadeTotalDeItens: 1 } })
    const withReturn = await list({ devolucaoPresente: 'true' })
    // Earlier tests' returned PIX may fall in the same window: every one listed has a return.
    expect(withReturn.pix.map((p) => p.endToEndId)).toContain(returned.e2eid)
    expect(withReturn.pix.map((p) => p.endToEndId)).not.toContain(kept.e2eid)
    expect(withReturn.pix.every((p) => (p.devolucoes ?? []).length > 0)).toBe(true)
    expect(withReturn.parametros.devolucaoPresente).toBe(true)
    const withoutReturn = await list({ devolucaoPresente: 'false' })
    expect(withoutReturn.pix.map((p) => p.endToEndId)).toContain(kept.e2eid)
    expect(withoutReturn.pix.map((p) => p.endToEndId)).not.toContain(returned.e2eid)
    expect(withoutReturn.parametros.devolucaoPresente).toBe(false)
    const withTxid = await list({ txIdPresente: 'true' })
    expect(withTxid.pix.map((p) => p.endToEndId)).toEqual(expect.arrayContaining([kept.e2eid, returned.e2eid]))
    expect(withTxid.parametros.txIdPresente).toBe(true)
    expect((await list({ txIdPresente: 'false' })).pix).toEqual([])
    const byPayer = await list({ cpf: '52998224725', txid: returned.txid })
    expect(byPayer.parametros).toMatchObject({ cpf: '52998224725', txid: returned.txid })
    expect(byPayer.pix).toHaveLength(1)
    const both = await call(
      'GET',
      `/pix?${new URLSearchParams({ inicio, fim, cpf: '52998224725', cnpj: '11222333000181' })}`,
    )
    expect(both.status).toBe(400)
    expect(both.json.type).toBe(problemType('PixConsultaInvalida'))
  })

  it('answers every error with the type API Pix names for it, its status and its title', async () => {
    const { e2eid } = await paidCharge()
    const cases: [string, string, unknown, number, string, string][] = [
      ['GET', '/pix?inicio=ontem&fim=hoje', undefined, 400, 'PixConsultaInvalida', 'Consulta inválida.'],
      [
        'GET',
        `/pix/${e2eid}/devolucao/NADA1`,
        undefined,
        404,
        'PixDevolucaoNaoEncontrada',
        'Devolução não encontrada.',
      ],
      ['GET', '/pix/nao-e-um-e2eid', undefined, 404, 'PixNaoEncontrado', 'Pix não encontrado.'],
      ['GET', `/pix/${'E'.repeat(32)}`, undefined, 404, 'PixNaoEncontrado', 'Pix não encontrado.'],
      ['PUT', `/pix/${e2eid}/devolucao/G1`, { valor: 'muito' }, 400, 'PixDevolucaoInvalida', 'Devolução inválida.'],
      ['GET', `/cob/${newTxid()}`, undefined, 404, 'CobNaoEncontrado', 'Cobrança não encontrada.'],
      [
        'PATCH',
        `/cob/${newTxid()}`,
        { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
        404,
        'CobNaoEncontrado',
        'Cobrança não encontrada.',
      ],
      ['GET', '/cob?inicio=ontem&fim=hoje', undefined, 400, 'CobConsultaInvalida', 'Consulta inválida.'],
      ['GET', '/webhook?inicio=ontem', undefined, 400, 'WebhookConsultaInvalida', 'Consulta inválida.'],
      ['GET', '/webhook/outra-chave', undefined, 404, 'WebhookNaoEncontrado', 'Webhook não encontrado.'],
      [
        'PUT',
        '/webhook/outra-chave',
        { webhookUrl: 'https://hooks.example.com/x' },
        400,
        'WebhookOperacaoInvalida',
        'Webhook inválido.',
      ],
      ['GET', '/loc/999999999', undefined, 404, 'PayloadLocationNaoEncontrado', 'Location não encontrada.'],
      ['GET', '/nada', undefined, 404, 'NaoEncontrado', 'Não Encontrado'],
    ]
    for (const [method, path, body, status, type, title] of cases) {
      const answer = await call(method, path, body)
      expect({ path, status: answer.status }).toEqual({ path, status })
      expect(answer.headers['content-type'], path).toContain('application/problem+json')
      expect(schemas.problemaSchema.parse(answer.json), path).toMatchObject({ type: problemType(type), title, status })
    }
    // A body that is not JSON: 400 with the operation's type (not a 5xx-like ErroInterno).
    for (const [method, path, type] of [
      ['PUT', `/cob/${newTxid()}`, 'CobOperacaoInvalida'],
      ['PUT', `/pix/${e2eid}/devolucao/H1`, 'PixDevolucaoInvalida'],
      ['PUT', `/webhook/${encodeURIComponent(RECEIVER_KEY)}`, 'WebhookOperacaoInvalida'],
      ['POST', '/loc', 'PayloadLocationOperacaoInvalida'],
    ] as const) {
      const broken = await callRaw(method, path, '{"valor": ', 'application/json')
      expect(broken.status, path).toBe(400)
      expect(broken.json.type, path).toBe(problemType(type))
      const text = await callRaw(method, path, 'valor=1', 'text/plain')
      expect(text.status, path).toBe(400)
      expect(text.json.type, path).toBe(problemType(type))
    }
  })

  it('violacoes say what is wrong in pt-BR, naming the property as a path under the entity (cob.devedor, cob.valor.original)', async () => {
    const refused = await call('PUT', `/cob/${newTxid()}`, {
      calendario: { expiracao: 0 },
      valor: { original: '12,34' },
      devedor: { cpf: '1', nome: 'Ana' },
      desconhecido: true,
    })
    expect(refused.status).toBe(400)
    const { violacoes } = schemas.problemaSchema.parse(refused.json)
    expect(violacoes).toEqual(
      expect.arrayContaining([
        { propriedade: 'cob.calendario.expiracao', razao: 'O campo cob.calendario.expiracao não respeita o _schema_.' },
        { propriedade: 'cob.valor.original', razao: 'O campo cob.valor.original não respeita o _schema_.' },
        { propriedade: 'cob.devedor', razao: 'O objeto cob.devedor não respeita o _schema_.' },
        { propriedade: 'cob.chave', razao: 'O campo cob.chave é obrigatório.' },
        { propriedade: 'cob.desconhecido', razao: 'O campo cob.desconhecido não é previsto pelo _schema_.' },
      ]),
    )
    for (const violacao of violacoes ?? []) {
      expect(violacao.propriedade).toMatch(/^cob\.[a-zA-Z.]+$/)
      expect(violacao.razao).not.toMatch(/Invalid|expected|received|Unrecognized|Too (small|big)/)
    }
    const txid = await call('PUT', '/cob/curto', cob)
    expect(txid.json).toMatchObject({ violacoes: [{ propriedade: 'cob.txid' }] })
    const returned = await call('PUT', `/pix/${(await paidCharge()).e2eid}/devolucao/V1`, {})
    expect(returned.json).toMatchObject({
      type: problemType('PixDevolucaoInvalida'),
      violacoes: [{ propriedade: 'devolucao.valor', razao: 'O campo devolucao.valor é obrigatório.' }],
    })
    const query = await call('GET', '/pix?inicio=ontem')
    expect(query.json.violacoes).toEqual(
      expect.arrayContaining([
        { propriedade: 'inicio', razao: 'O parâmetro inicio não respeita o _schema_.' },
        { propriedade: 'fim', razao: 'O parâmetro fim é obrigatório.' },
      ]),
    )
  })

  it('PUT /webhook/{chave} answers 200 with no body; GET /webhook and GET /webhook/{chave} show the receiver CNPJ (WebhookCompleto)', async () => {
    const put = await call('PUT', `/webhook/${encodeURIComponent(RECEIVER_KEY)}`, {
      webhookUrl: 'https://hooks.example.com/pix-b',
    })
    expect(put.status).toBe(200)
    expect(put.body).toBe('')
    const one = await call('GET', `/webhook/${encodeURIComponent(RECEIVER_KEY)}`)
    expect(schemas.webhookCompletoSchema.parse(one.json)).toMatchObject({
      cnpj: '11222333000181',
      criacao: expect.any(String),
    })
    const listed = schemas.webhooksConsultadosSchema.parse((await call('GET', '/webhook')).json)
    expect(listed.webhooks).toContainEqual(expect.objectContaining({ cnpj: '11222333000181', chave: RECEIVER_KEY }))
    await r.provider.registerWebhook()
  })

  it('OAuth2 by RFC 6749 §5.2: no grant_type is invalid_request, an unknown scope invalid_scope; a token gets the scopes it asked for', async () => {
    const missing = await token(undefined, 'scope=cob.read')
    expect(missing.status).toBe(400)
    expect(missing.json).toMatchObject({ error: 'invalid_request' })
    expect(missing.headers['cache-control']).toBe('no-store')
    expect((await token(undefined, 'grant_type=client_credentials&scope=cob.admin')).json).toMatchObject({
      error: 'invalid_scope',
    })
    const readOnly = await token(undefined, 'grant_type=client_credentials&scope=cob.read')
    expect(readOnly.status).toBe(200)
    expect(readOnly.json.scope).toBe('cob.read')
    const bearer = readOnly.json.access_token as string
    const txid = newTxid()
    const create = await callWith(bearer, 'PUT', `/cob/${txid}`, cob)
    expect(create.status).toBe(403)
    expect(create.json).toMatchObject({ type: problemType('AcessoNegado'), title: 'Acesso Negado' })
    expect(create.headers['www-authenticate']).toContain('insufficient_scope')
    expect((await call('GET', `/cob/${txid}`)).status).toBe(404) // nothing was created
    expect((await callWith(bearer, 'POST', '/cob', cob)).status).toBe(403)
    expect((await callWith(bearer, 'GET', `/cob/${txid}`)).status).toBe(404) // read: allowed
  })

  it('every route checks the scope API Pix names for it: that scope alone gets through, every other scope is 403', async () => {
    const { e2eid, txid } = await paidCharge()
    const window = new URLSearchParams({
      inicio: new Date(Date.now() - 60_000).toISOString(),
      fim: new Date().toISOString(),
    })
    const key = encodeURIComponent(RECEIVER_KEY)
    const routes: [string, string, unknown, string][] = [
      ['PUT', `/cob/${newTxid()}`, cob, 'cob.write'],
      ['POST', '/cob', cob, 'cob.write'],
      ['PATCH', `/cob/${txid}`, { solicitacaoPagador: 'x' }, 'cob.write'],
      ['GET', `/cob/${txid}`, undefined, 'cob.read'],
      ['GET', `/cob?${window}`, undefined, 'cob.read'],
      ['GET', `/pix?${window}`, undefined, 'pix.read'],
      ['GET', `/pix/${e2eid}`, undefined, 'pix.read'],
      ['PUT', `/pix/${e2eid}/devolucao/S1`, { valor: '0.01' }, 'pix.write'],
      ['GET', `/pix/${e2eid}/devolucao/S1`, undefined, 'pix.read'],
      [
        'PUT',
        `/webhook/${key}`,
        {
          webhookUrl: r.exchanges.find((e) => e.path.startsWith('/webhook'))?.request
            ? 'https://hooks.example.com/s'
            : 'https://hooks.example.com/s',
        },
        'webhook.write',
      ],
      ['GET', `/webhook/${key}`, undefined, 'webhook.read'],
      ['GET', '/webhook', undefined, 'webhook.read'],
      ['POST', '/loc', { tipoCob: 'cob' }, 'payloadlocation.write'],
      ['GET', `/loc?${window}`, undefined, 'payloadlocation.read'],
      ['GET', '/loc/1', undefined, 'payloadlocation.read'],
      ['GET', '/dict/52998224725', undefined, 'dict.read'],
      ['GET', '/pix-send/W1-1', undefined, 'pixsend.read'],
    ]
    const all = [...new Set(routes.map(([, , , scope]) => scope))].concat(['pixsend.write'])
    const tokenFor = async (scopes: string[]) =>
      (await token(undefined, `grant_type=client_credentials&scope=${encodeURIComponent(scopes.join(' '))}`)).json
        .access_token as string
    for (const [method, path, body, scope] of routes) {
      const others = await tokenFor(all.filter((other) => other !== scope))
      const refused = await callWith(others, method, path, body)
      expect({ route: `${method} ${path}`, status: refused.status }).toEqual({
        route: `${method} ${path}`,
        status: 403,
      })
      expect(refused.json.type).toBe(problemType('AcessoNegado'))
      const allowed = await callWith(await tokenFor([scope]), method, path, body)
      expect({ route: `${method} ${path}`, forbidden: allowed.status === 403 }).toEqual({
        route: `${method} ${path}`,
        forbidden: false,
      })
    }
    await r.provider.registerWebhook()
  })

  it('serves payload locations (/loc): made before their charge, used by PUT /cob loc.id, listed, read, and unlinked', async () => {
    const made = await call('POST', '/loc', { tipoCob: 'cob' })
    expect(made.status).toBe(201)
    const loc = schemas.payloadLocationSchema.parse(made.json)
    expect(loc).toMatchObject({ tipoCob: 'cob' })
    expect(loc.txid).toBeUndefined()
    expect(made.headers.location).toBe(`/loc/${loc.id}`)
    expect(loc.location.startsWith('jogolimpo.example.com.br/qr/v2/')).toBe(true)
    // Nothing served there yet.
    expect((await locationPayload(loc.location)).status).toBe(404)
    const txid = newTxid()
    const created = await call('PUT', `/cob/${txid}`, { ...cob, loc: { id: loc.id } })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      location: loc.location,
      loc: { id: loc.id, tipoCob: 'cob', location: loc.location },
    })
    expect(await r.server.bank.txidAt(loc.location)).toBe(txid)
    const jws = await locationPayload(loc.location)
    expect(jws.status).toBe(200)
    expect(JSON.parse(Buffer.from(jws.body.split('.')[1] as string, 'base64url').toString('utf8'))).toMatchObject({
      txid,
    })
    expect((await call('GET', `/loc/${loc.id}`)).json).toMatchObject({ id: loc.id, txid })
    // A location serves one charge; one that does not exist serves none.
    const taken = await call('PUT', `/cob/${newTxid()}`, { ...cob, loc: { id: loc.id } })
    expect(taken.json).toMatchObject({
      type: problemType('CobOperacaoInvalida'),
      violacoes: [{ propriedade: 'cob.loc.id' }],
    })
    const missing = await call('PUT', `/cob/${newTxid()}`, { ...cob, loc: { id: 999_999_999 } })
    expect(missing.json).toMatchObject({
      violacoes: [{ propriedade: 'cob.loc.id', razao: 'O location referenciado por cob.loc.id inexiste.' }],
    })
    // Listed in its window, filtered by whether it serves a charge.
    const free = schemas.payloadLocationSchema.parse((await call('POST', '/loc', { tipoCob: 'cob' })).json)
    const window = {
      inicio: new Date(Date.now() - 60_000).toISOString(),
      fim: new Date(Date.now() + 1000).toISOString(),
    }
    const listed = schemas.payloadLocationConsultadasSchema.parse(
      (await call('GET', `/loc?${new URLSearchParams({ ...window, txIdPresente: 'false' })}`)).json,
    )
    expect(listed.parametros.txIdPresente).toBe(false)
    expect(listed.loc.map((l) => l.id)).toContain(free.id)
    expect(listed.loc.map((l) => l.id)).not.toContain(loc.id)
    // Unlinked: the location serves nothing, the charge shows no location but keeps its status.
    const unlinked = await call('DELETE', `/loc/${loc.id}/txid`)
    expect(unlinked.status).toBe(200)
    expect(unlinked.json.txid).toBeUndefined()
    const after = await call('GET', `/cob/${txid}`)
    expect(after.json.location).toBeUndefined()
    expect(after.json).toMatchObject({ status: 'ATIVA', revisao: 0 })
    const gone = await locationPayload(loc.location)
    expect(gone.status).toBe(404)
    expect(JSON.parse(gone.body)).toMatchObject({ type: problemType('CobPayloadNaoEncontrado') })
    // No charges with a due date here.
    expect((await call('POST', '/loc', { tipoCob: 'cobv' })).json).toMatchObject({
      type: problemType('PayloadLocationOperacaoInvalida'),
      violacoes: [{ propriedade: 'loc.tipoCob' }],
    })
    expect((await call('DELETE', '/loc/999999999/txid')).json.type).toBe(problemType('PayloadLocationNaoEncontrado'))
  })

  it('three certificates, each for its job: TLS server (SAN for its host), webhook client (mTLS), JWS signing (naming the locations host)', async () => {
    const pki = await inMemorySandboxPki('jogolimpo.example.com.br')
    const SERVER_AUTH = '1.3.6.1.5.5.7.3.1'
    const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2'
    const ca = new X509Certificate(pki.ca.cert)
    const server = new X509Certificate(pki.server.cert)
    const webhook = new X509Certificate(pki.webhook.cert)
    const signing = new X509Certificate(pki.signing.cert)
    for (const cert of [server, webhook, signing]) expect(cert.verify(ca.publicKey)).toBe(true)
    expect(new Set([server, webhook, signing].map((cert) => cert.fingerprint256)).size).toBe(3)
    expect(
      new Set(
        [server, webhook, signing].map((cert) =>
          cert.publicKey.export({ format: 'der', type: 'spki' }).toString('hex'),
        ),
      ).size,
    ).toBe(3)
    expect(server.keyUsage).toEqual([SERVER_AUTH])
    expect(server.checkHost('localhost')).toBe('localhost')
    expect(server.checkIP('127.0.0.1')).toBe('127.0.0.1')
    expect(webhook.keyUsage).toEqual([CLIENT_AUTH])
    expect(webhook.subjectAltName).toBeUndefined()
    // The signing certificate has no TLS use and names the host the locations live on.
    expect(signing.keyUsage).toBeUndefined()
    expect(signing.checkHost('jogolimpo.example.com.br')).toBe('jogolimpo.example.com.br')
    expect(signing.checkHost('localhost')).toBeUndefined()
    expect(signing.subject).toContain('CN=jogolimpo.example.com.br')

    // The API presents the TLS certificate.
    const presented = await new Promise<string>((resolve, reject) => {
      const socket = tlsConnect(
        { port: Number(new URL(r.server.url).port), host: '127.0.0.1', servername: 'localhost', ca: pki.ca.cert },
        () => {
          resolve(socket.getPeerX509Certificate()?.fingerprint256 ?? '')
          socket.end()
        },
      )
      socket.on('error', reject)
    })
    expect(presented).toBe(server.fingerprint256)

    // Webhooks go with the webhook client certificate, to a receiver that asks for one (mTLS).
    const seen: string[] = []
    const receiver = createHttpsServer(
      { key: pki.server.key, cert: pki.server.cert, ca: pki.ca.cert, requestCert: true, rejectUnauthorized: true },
      (request, response) => {
        seen.push((request.socket as TLSSocket).getPeerX509Certificate()?.fingerprint256 ?? '')
        request.resume()
        request.on('end', () => response.writeHead(200).end())
      },
    )
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    try {
      const port = (receiver.address() as AddressInfo).port
      expect(
        (
          await call('PUT', `/webhook/${encodeURIComponent(RECEIVER_KEY)}`, {
            webhookUrl: `https://localhost:${port}/hooks`,
          })
        ).status,
      ).toBe(200)
      await paidCharge()
      expect(seen).toEqual([webhook.fingerprint256])
    } finally {
      await new Promise((resolve) => receiver.close(resolve))
      await r.provider.registerWebhook()
    }

    // Written to the data folder as separate files; another locations host gets a signing certificate naming it.
    const dir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-pki-'))
    try {
      const written = await loadOrCreateSandboxPki(dir, undefined, 'pix.psp.example')
      for (const name of Object.values(pkiFiles)) expect(statSync(path.join(dir, name)).mode & 0o777).toBe(0o600)
      expect(new X509Certificate(readFileSync(path.join(dir, pkiFiles.signingCert))).checkHost('pix.psp.example')).toBe(
        'pix.psp.example',
      )
      expect((await loadOrCreateSandboxPki(dir, undefined, 'pix.psp.example')).signing.cert).toBe(written.signing.cert)
      const moved = await loadOrCreateSandboxPki(dir, undefined, 'outro.psp.example')
      expect(new X509Certificate(moved.signing.cert).checkHost('outro.psp.example')).toBe('outro.psp.example')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
