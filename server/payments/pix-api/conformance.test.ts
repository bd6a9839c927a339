// PixApiProvider passes the payment-provider conformance suite against the sandbox API Pix
// server over real HTTPS with mTLS and OAuth2, on each engine; a client without the CA's
// certificate, or without a valid token, is refused; and every request the client sends and
// every answer it accepts validate against schemas.ts (a sample of each is logged); and the
// server behaves as API Pix says, one check per behaviour (statuses, revisions, returns and their
// webhook, the listing and webhook endpoints, the token endpoint's headers, the location's JWS).
import { randomBytes, X509Certificate } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { compactVerify, decodeProtectedHeader, importJWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
    call = async (method, path, body) =>
      answer(
        await rawCall(`${r.server.url}${path}`, {
          ca: pki.ca.cert,
          cert: pki.client.cert,
          key: pki.client.key,
          token: accessToken,
          method,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
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
    expect(r.server.bank.txidAt(generated.location)).toBe(generated.txid)
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
    const pki = await inMemorySandboxPki()
    const path = created.location.slice(created.location.indexOf('/'))
    const location = await rawCall(`${r.server.url}${path}`, { ca: pki.ca.cert })
    if ('error' in location) throw new Error(location.error)
    expect(location.headers['content-type']).toContain('application/jose')
    const header = decodeProtectedHeader(location.body)
    expect(header).toMatchObject({
      alg: 'ES256',
      x5t: expect.any(String),
      jku: expect.any(String),
      kid: expect.any(String),
    })
    const leaf = new X509Certificate(pki.server.cert)
    expect(header.x5t).toBe(Buffer.from(leaf.fingerprint.replaceAll(':', ''), 'hex').toString('base64url'))
    const jku = new URL(header.jku as string)
    expect(jku.protocol).toBe('https:')
    // On the locations' host, served by the sandbox whatever host the location names.
    expect(jku.host).toBe(created.location.slice(0, created.location.indexOf('/')))
    const jwks = await rawCall(`${r.server.url}${jku.pathname}`, { ca: pki.ca.cert })
    if ('error' in jwks) throw new Error(jwks.error)
    const key = (JSON.parse(jwks.body).keys as { kid: string; x5t: string }[]).find((k) => k.kid === header.kid)
    expect(key?.x5t).toBe(header.x5t)
    const verified = await compactVerify(location.body, await importJWK(key as never, 'ES256'))
    expect(JSON.parse(new TextDecoder().decode(verified.payload))).toMatchObject({ txid: created.txid, revisao: 0 })
  })
})
