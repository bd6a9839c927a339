// The sandbox PSP as a separate API Pix server: its own Fastify instance on its own port, HTTPS
// with mTLS (only clients with a certificate from its CA get a connection), OAuth2 client
// credentials (`POST /oauth/token`), the standard paths and shapes (`/cob`, `/cob/{txid}`, `/pix`,
// `/pix/{e2eid}`, `/pix/{e2eid}/devolucao/{id}`, `/webhook`, `/webhook/{chave}`), RFC 7807
// problems, the charge locations (`/qr/v2/{txid}`, JWS) and their signing key's JWK Set, and
// the parts API Pix leaves to each PSP in a common PSP's shape (`/pix-send/{idEnvio}` payouts,
// `/dict/{chave}` key lookups). Webhooks go to the registered URL (+ `/pix`, `/payout`) with the
// PSP's client certificate and the HMAC header. It also serves the sandbox bank for people under
// `/sandbox` (sandbox/bank-routes.ts: pay a code, the key directory, payout rules). The app
// reaches it only through PixApiProvider; `npm start` and the test harness start it next to it.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { type Config, loadConfig } from '../../config.ts'
import type { Database } from '../../db/schema.ts'
import { api } from '../../http/api.ts'
import { serializeAsIs } from '../../http/route-docs.ts'
import type { LanguagePacks } from '../../i18n/packs.ts'
import {
  cobRevisadaSchema,
  cobSolicitadaSchema,
  devolucaoIdSchema,
  devolucaoSolicitadaSchema,
  endToEndIdSchema,
  idEnvioSchema,
  maskCpfAsDict,
  pixSendRequestSchema,
  txidSchema,
  webhookSolicitadoSchema,
} from '../pix-api/schemas.ts'
import { toPixValue } from '../pix-values.ts'
import { type Payout, type PixCharge, type PixReceived, RefundRefused } from '../provider.ts'
import { sandboxBankRoutes } from './bank-routes.ts'
import { JWKS_PATH } from './location.ts'
import type { SandboxPki } from './pki.ts'
import { SandboxProvider, type WebhookDelivery } from './provider.ts'

export interface SandboxApiOptions {
  db: Kysely<Database>
  pki: SandboxPki
  clientId: string
  clientSecret: string
  /** Signs webhooks (the HMAC header the app also checks). */
  webhookSecret: string
  merchantName: string
  merchantCity: string
  receiverKey: string
  /** Host the charge locations live on; this server (`localhost:<port>`) by default. */
  locationHost?: string
  /** The bank page for people; this server's `/sandbox/bank` by default. */
  bankUrl?: string
  payoutDelayMs: number
  now?: () => number
  tokenTtlSeconds?: number
  /**
   * Settle payouts as they fall due (default). Off only where something else settles the same
   * books.
   */
  settle?: boolean
  /**
   * The app's settings the bank page's envelope and limits follow (market language, rate limits);
   * the defaults when not given.
   */
  config?: Config
  /**
   * Delivers a webhook instead of POSTing it to the registered URL (the test harness hands it to
   * an app that does not listen); receives the registered URL, or null when none is.
   */
  /** See SandboxOptions.payerOf. */
  payerOf?: (txid: string) => Promise<string | null>
  /** See SandboxOptions.holderNameOf. */
  holderNameOf?: (cpf: string) => Promise<string | null>
  deliver?: (url: string | null, ...webhook: Parameters<WebhookDelivery>) => ReturnType<WebhookDelivery>
}

export interface SandboxApiServer {
  app: FastifyInstance
  /** The bank behind the API (tests pay and settle through it, as a payer and the network would). */
  bank: SandboxProvider
  url: string
  /** The webhook URL registered for a key (kept in `sandbox_webhooks`: it survives a restart). */
  webhookUrl(chave: string): Promise<string | null>
  close(): Promise<void>
}

/** A key as a path segment: printable text only (no NUL or control characters reach the books). */
const chaveParamSchema = z
  .string()
  .min(1)
  .max(77)
  .refine((key) => ![...key].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127), 'control character')

const pageQuery = {
  'paginacao.paginaAtual': z.coerce.number().int().min(0).max(1_000_000).default(0),
  'paginacao.itensPorPagina': z.coerce.number().int().min(1).max(1000).default(100),
}

/** `GET /cob` query: the creation window (RFC 3339), optional filters, the page. */
const cobQuerySchema = z.object({
  inicio: z.iso.datetime({ offset: true }),
  fim: z.iso.datetime({ offset: true }),
  cpf: z
    .string()
    .regex(/^\d{11}$/)
    .optional(),
  cnpj: z
    .string()
    .regex(/^[0-9A-Z]{14}$/)
    .optional(),
  status: z.enum(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP']).optional(),
  locationPresente: z.enum(['true', 'false']).optional(),
  ...pageQuery,
})

/** `GET /pix` query: the window the PIX settled in (RFC 3339), the page. */
const pixQuerySchema = z.object({
  inicio: z.iso.datetime({ offset: true }),
  fim: z.iso.datetime({ offset: true }),
  ...pageQuery,
})

/** `GET /webhook` query: an optional registration window, the page. */
const webhookQuerySchema = z.object({
  inicio: z.iso.datetime({ offset: true }).optional(),
  fim: z.iso.datetime({ offset: true }).optional(),
  ...pageQuery,
})

/** A txid the PSP picks (`POST /cob`): 32 letters and digits, as API Pix allows 26 to 35. */
const newTxid = () => randomBytes(16).toString('hex')

/** The bank pages' policy: their own stylesheet and forms, nothing else. */
const bankCsp =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

const problem = (reply: FastifyReply, status: number, name: string, detail: string, violacoes?: unknown[]) =>
  reply
    .status(status)
    .type('application/problem+json')
    .send({
      type: `https://pix.bcb.gov.br/api/v2/error/${name}`,
      title: name,
      status,
      detail,
      correlationId: randomBytes(8).toString('hex'),
      ...(violacoes ? { violacoes } : {}),
    })

function parse<T extends z.ZodType>(schema: T, value: unknown, reply: FastifyReply, name: string): z.infer<T> | null {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const violacoes = result.error.issues.map((issue) => ({ razao: issue.message, propriedade: issue.path.join('.') }))
  void problem(reply, 400, name, 'A requisição não respeita o schema.', violacoes)
  return null
}

const cents = (valor: string) => Math.round(Number(valor) * 100)

function cobView(charge: PixCharge) {
  return {
    txid: charge.txid,
    revisao: charge.revisao,
    calendario: charge.calendario,
    location: charge.location,
    status: charge.status,
    valor: charge.valor,
    chave: charge.chave,
    pixCopiaECola: charge.pixCopiaECola,
    pix: charge.pix,
  }
}

function pixSendView(payout: Payout, requestedAt: string) {
  return {
    idEnvio: payout.id,
    valor: toPixValue(payout.amount),
    status: payout.status === 'paid' ? 'REALIZADO' : payout.status === 'failed' ? 'NAO_REALIZADO' : 'EM_PROCESSAMENTO',
    endToEndId: payout.endToEndId,
    erro:
      payout.failure === null
        ? null
        : payout.failure === 'invalid_key'
          ? 'CHAVE_INEXISTENTE'
          : payout.failure === 'key_not_owned'
            ? 'CHAVE_DE_OUTRO_TITULAR'
            : 'RECUSADO',
    motivo: payout.reason,
    horario: {
      solicitacao: requestedAt,
      liquidacao: payout.settledAt === null ? null : new Date(payout.settledAt).toISOString(),
    },
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** POSTs a webhook over HTTPS with the PSP's certificate (mTLS), or plain HTTP to a local app. */
function postWebhook(url: string, rawBody: string, headers: Record<string, string>, pki: SandboxPki): Promise<number> {
  const target = new URL(url)
  if (target.protocol === 'http:') {
    return fetch(target, { method: 'POST', headers, body: rawBody, signal: AbortSignal.timeout(10_000) }).then(
      async (response) => {
        await response.arrayBuffer()
        return response.status
      },
    )
  }
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      target,
      { method: 'POST', headers, key: pki.server.key, cert: pki.server.cert, ca: pki.ca.cert, timeout: 10_000 },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    request.on('timeout', () => request.destroy(new Error('webhook timed out')))
    request.on('error', reject)
    request.end(rawBody)
  })
}

export async function startSandboxApiServer(
  options: SandboxApiOptions,
  listen: { port: number; host?: string },
): Promise<SandboxApiServer> {
  const now = options.now ?? (() => Date.now())
  const registration = (chave: string) =>
    options.db
      .selectFrom('sandbox_webhooks')
      .select(['webhook_url', 'created_at'])
      .where('chave', '=', chave)
      .executeTakeFirst()
  const webhookUrl = async (chave: string) => (await registration(chave))?.webhook_url ?? null
  // Both filled in once the port is known (port 0 picks one); the bank reads them when it builds a code.
  const where = { locationHost: options.locationHost ?? '', bankUrl: options.bankUrl ?? '' }
  const bank = new SandboxProvider({
    db: options.db,
    now,
    secret: options.webhookSecret,
    merchantName: options.merchantName,
    merchantCity: options.merchantCity,
    get locationHost() {
      return where.locationHost
    },
    locationPath: '/qr/v2/',
    get bankUrl() {
      return where.bankUrl
    },
    payoutDelayMs: options.payoutDelayMs,
    receiverKey: options.receiverKey,
    pki: async () => options.pki,
    ...(options.payerOf ? { payerOf: options.payerOf } : {}),
    ...(options.holderNameOf ? { holderNameOf: options.holderNameOf } : {}),
    deliver: async (topic, rawBody, headers) => {
      const base = await webhookUrl(options.receiverKey)
      if (options.deliver) return options.deliver(base ?? null, topic, rawBody, headers)
      if (!base) throw new Error('no webhook registered')
      return postWebhook(`${base.replace(/\/$/, '')}/${topic}`, rawBody, headers, options.pki)
    },
  })
  const requestedAt = new Map<string, string>()
  const tokens = new Map<string, number>()
  const ttl = options.tokenTtlSeconds ?? 3600

  /** A received PIX as API Pix answers it: the receiver's key and the returns made of it. */
  const withReturns = async (pix: PixReceived) => ({
    ...pix,
    chave: options.receiverKey,
    devolucoes: await bank.refunds.forPix(pix.endToEndId),
  })

  /** Creates a charge (PUT with the client's txid, POST with one the PSP picks): 201 CobGerada. */
  const create = async (reply: FastifyReply, txid: string, body: z.infer<typeof cobSolicitadaSchema>) => {
    const charge = await bank.createCharge({
      txid,
      amount: cents(body.valor.original),
      expiresInSeconds: body.calendario.expiracao,
      payer: { name: '', cpf: '' },
    })
    const { pix: _pix, ...generated } = cobView(charge)
    return reply.status(201).send(generated)
  }

  const app = Fastify({
    logger: false,
    // Closing drops every connection, not only idle ones: the app next to it may still hold one
    // open (a request in flight, a TLS handshake) and would otherwise hold the close forever
    // when it closes its own client after this server (seen on PostgreSQL in the test harness).
    forceCloseConnections: true,
    https: {
      key: options.pki.server.key,
      cert: options.pki.server.cert,
      ca: options.pki.ca.cert,
      // Every API call needs a client certificate from the CA (checked per request below); the
      // charge locations are public, as a payer's bank fetches them without one.
      requestCert: true,
      rejectUnauthorized: false,
    },
    bodyLimit: 64 * 1024,
  })
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const status = error.statusCode ?? 500
    return problem(reply, status >= 400 && status < 500 ? status : 500, 'ErroInterno', error.message.slice(0, 200))
  })
  app.setNotFoundHandler((_request, reply) => problem(reply, 404, 'NaoEncontrado', 'Recurso não encontrado.'))

  const certified = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(request.raw.socket as TLSSocket).authorized) {
      return problem(reply, 401, 'AcessoNegado', 'Certificado de cliente ausente ou não emitido pela CA do PSP (mTLS).')
    }
  }

  // The location a dynamic BR Code points to: the charge as a JWS signed by the PSP.
  app.get('/qr/v2/:txid', async (request, reply) => {
    const txid = (request.params as { txid: string }).txid
    const jws = txidSchema.safeParse(txid).success ? await bank.locationJws(txid) : null
    if (!jws) return problem(reply, 404, 'NaoEncontrado', 'Cobrança não encontrada.')
    return reply.type('application/jose').header('cache-control', 'no-store').send(jws)
  })

  // The JWK Set the locations' JWS names in `jku`: public, as a payer's bank fetches it to verify.
  app.get(JWKS_PATH, async () => bank.jwks())

  // The bank for people (no certificate needed, as for a payer's bank app): paste a code, see the
  // charge, pay it from a CPF; the key directory and payout rules. The envelope and limits of the
  // app's API, in the app's market language.
  await app.register(async (bankScope) => {
    bankScope.setValidatorCompiler(validatorCompiler)
    bankScope.setSerializerCompiler(serializeAsIs)
    bankScope.decorate('config', options.config ?? loadConfig({ LOG_LEVEL: 'silent' }))
    bankScope.decorate('languagePacks', { version: 'sandbox' } as unknown as LanguagePacks)
    // Its pages carry no script and only their own stylesheet: a CSP that says so.
    bankScope.addHook('onSend', async (_request, reply) => {
      reply.header('content-security-policy', bankCsp)
      reply.header('x-content-type-options', 'nosniff')
      reply.header('referrer-policy', 'no-referrer')
    })
    await bankScope.register(api, {
      prefix: '/sandbox',
      scopes: [{ name: 'sandbox bank', security: [], routes: { 'Sandbox bank': [sandboxBankRoutes(bank)] } }],
    })
  })

  // The token endpoint takes the form body OAuth2 prescribes (in its own scope: the bank's form
  // parser lives in the bank's).
  await app.register(async (oauth) => {
    oauth.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    })
    oauth.post('/oauth/token', { onRequest: certified }, async (request, reply) => {
      const [scheme, encoded] = (request.headers.authorization ?? '').split(' ')
      const [id, secret] = Buffer.from(encoded ?? '', 'base64')
        .toString('utf8')
        .split(':')
      // Token answers, granted or refused, are never kept by a cache on the way (RFC 6749 §5.1).
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache')
      if (
        scheme !== 'Basic' ||
        !sameSecret(id ?? '', options.clientId) ||
        !sameSecret(secret ?? '', options.clientSecret)
      ) {
        // A client that failed HTTP Basic authentication is told the scheme to use (RFC 6749 §5.2).
        return reply
          .status(401)
          .header('www-authenticate', 'Basic realm="sandbox-pix", charset="UTF-8"')
          .send({ error: 'invalid_client' })
      }
      const body = (request.body ?? {}) as { grant_type?: string }
      if (body.grant_type !== 'client_credentials') return reply.status(400).send({ error: 'unsupported_grant_type' })
      const token = randomBytes(32).toString('base64url')
      tokens.set(token, now() + ttl * 1000)
      return {
        access_token: token,
        token_type: 'Bearer',
        expires_in: ttl,
        scope: 'cob.write cob.read pix.write pix.read webhook.write webhook.read payloadlocation.read',
      }
    })
  })

  const authorised = async (request: FastifyRequest, reply: FastifyReply) => {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ')
    const expires = scheme === 'Bearer' && token ? tokens.get(token) : undefined
    if (expires === undefined || expires <= now()) {
      return problem(reply, 403, 'AcessoNegado', 'Token de acesso ausente, inválido ou expirado.')
    }
  }

  await app.register(async (api) => {
    api.addHook('onRequest', certified)
    api.addHook('onRequest', authorised)

    api.put('/cob/:txid', async (request, reply) => {
      const txid = parse(txidSchema, (request.params as { txid: string }).txid, reply, 'CobOperacaoInvalida')
      const body = txid && parse(cobSolicitadaSchema, request.body, reply, 'CobOperacaoInvalida')
      if (!txid || !body) return reply
      if (body.chave !== options.receiverKey) {
        return problem(reply, 400, 'CobOperacaoInvalida', 'A chave não pertence ao recebedor.', [
          { razao: 'chave desconhecida', propriedade: 'cob.chave' },
        ])
      }
      // PUT creates: a txid already in use is refused, whatever the body (a client that lost
      // the answer reads the charge with GET).
      if (await bank.getCharge(txid)) {
        return problem(reply, 400, 'CobOperacaoInvalida', 'Já existe uma cobrança com este txid.', [
          { razao: 'O campo cob.txid encontra-se em uso.', propriedade: 'cob.txid' },
        ])
      }
      return create(reply, txid, body)
    })

    // The PSP chooses the txid.
    api.post('/cob', async (request, reply) => {
      const body = parse(cobSolicitadaSchema, request.body, reply, 'CobOperacaoInvalida')
      if (!body) return reply
      return create(reply, newTxid(), body)
    })

    api.get('/cob', async (request, reply) => {
      const query = parse(cobQuerySchema, request.query, reply, 'CobConsultaInvalida')
      if (!query) return reply
      const from = Date.parse(query.inicio)
      const to = Date.parse(query.fim)
      if (to < from) {
        return problem(reply, 400, 'CobConsultaInvalida', 'fim é anterior a inicio.', [
          { razao: 'O parâmetro fim é anterior a inicio.', propriedade: 'fim' },
        ])
      }
      if (query.cpf && query.cnpj) {
        return problem(reply, 400, 'CobConsultaInvalida', 'cpf e cnpj não podem ser usados juntos.', [
          { razao: 'Ambos os parâmetros cpf e cnpj estão preenchidos.', propriedade: 'cpf' },
        ])
      }
      const index = query['paginacao.paginaAtual']
      const size = query['paginacao.itensPorPagina']
      // Charges made over API Pix name no debtor: a debtor filter finds none of them.
      const { charges, total } =
        query.cpf || query.cnpj
          ? { charges: [], total: 0 }
          : await bank.chargesBetween(from, to, { index, size, status: query.status })
      return {
        parametros: {
          inicio: new Date(from).toISOString(),
          fim: new Date(to).toISOString(),
          ...(query.cpf ? { cpf: query.cpf } : {}),
          ...(query.cnpj ? { cnpj: query.cnpj } : {}),
          ...(query.status ? { status: query.status } : {}),
          paginacao: {
            paginaAtual: index,
            itensPorPagina: size,
            quantidadeDePaginas: Math.max(1, Math.ceil(total / size)),
            quantidadeTotalDeItens: total,
          },
        },
        cobs: charges.map(cobView),
      }
    })

    api.get('/cob/:txid', async (request, reply) => {
      const txid = parse(txidSchema, (request.params as { txid: string }).txid, reply, 'CobNaoEncontrado')
      if (!txid) return reply
      const charge = await bank.getCharge(txid)
      if (!charge) return problem(reply, 404, 'CobNaoEncontrado', 'Cobrança não encontrada.')
      return cobView(charge)
    })

    api.patch('/cob/:txid', async (request, reply) => {
      const txid = parse(txidSchema, (request.params as { txid: string }).txid, reply, 'CobOperacaoInvalida')
      const body = txid && parse(cobRevisadaSchema, request.body, reply, 'CobOperacaoInvalida')
      if (!txid || !body) return reply
      const charge = await bank.getCharge(txid)
      if (!charge) return problem(reply, 404, 'CobNaoEncontrado', 'Cobrança não encontrada.')
      if (charge.status !== 'ATIVA' || !(await bank.cancelCharge(txid))) {
        return problem(reply, 400, 'CobOperacaoInvalida', 'A cobrança não está ATIVA.', [
          { razao: 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.', propriedade: 'cob.status' },
        ])
      }
      return cobView((await bank.getCharge(txid)) as PixCharge)
    })

    api.get('/pix', async (request, reply) => {
      const query = parse(pixQuerySchema, request.query, reply, 'RequisicaoInvalida')
      if (!query) return reply
      const from = Date.parse(query.inicio)
      const to = Date.parse(query.fim)
      if (from > to) return problem(reply, 400, 'RequisicaoInvalida', 'fim é anterior a inicio.')
      const index = query['paginacao.paginaAtual']
      const size = query['paginacao.itensPorPagina']
      const { pix, total } = await bank.receivedPage(from, to, { index, size })
      return {
        parametros: {
          inicio: new Date(from).toISOString(),
          fim: new Date(to).toISOString(),
          paginacao: {
            paginaAtual: index,
            itensPorPagina: size,
            quantidadeDePaginas: Math.max(1, Math.ceil(total / size)),
            quantidadeTotalDeItens: total,
          },
        },
        pix: await Promise.all(pix.map(withReturns)),
      }
    })

    api.get('/pix/:e2eid', async (request, reply) => {
      const e2eid = parse(endToEndIdSchema, (request.params as { e2eid: string }).e2eid, reply, 'PixNaoEncontrado')
      if (!e2eid) return reply
      const pix = await bank.receivedPix(e2eid)
      if (!pix) return problem(reply, 404, 'PixNaoEncontrado', 'Pix não encontrado.')
      return withReturns(pix)
    })

    api.put('/pix/:e2eid/devolucao/:id', async (request, reply) => {
      const params = request.params as { e2eid: string; id: string }
      const e2eid = parse(endToEndIdSchema, params.e2eid, reply, 'PixDevolucaoInvalida')
      const id = e2eid && parse(devolucaoIdSchema, params.id, reply, 'PixDevolucaoInvalida')
      const body = id && parse(devolucaoSolicitadaSchema, request.body, reply, 'PixDevolucaoInvalida')
      if (!e2eid || !id || !body) return reply
      try {
        const refund = await bank.requestRefund({
          endToEndId: e2eid,
          id,
          amount: cents(body.valor),
          description: body.descricao ?? '',
        })
        return reply.status(201).send(refund)
      } catch (error) {
        if (!(error instanceof RefundRefused)) throw error
        const notFound = error.message.startsWith('PixNaoEncontrado')
        return problem(
          reply,
          notFound ? 404 : 400,
          notFound ? 'PixNaoEncontrado' : 'PixDevolucaoInvalida',
          error.message,
        )
      }
    })

    api.get('/pix/:e2eid/devolucao/:id', async (request, reply) => {
      const params = request.params as { e2eid: string; id: string }
      if (!endToEndIdSchema.safeParse(params.e2eid).success || !devolucaoIdSchema.safeParse(params.id).success) {
        return problem(reply, 404, 'DevolucaoNaoEncontrada', 'Devolução não encontrada.')
      }
      const refund = await bank.getRefund(params.e2eid, params.id)
      if (!refund) return problem(reply, 404, 'DevolucaoNaoEncontrada', 'Devolução não encontrada.')
      return refund
    })

    api.put('/webhook/:chave', async (request, reply) => {
      const chave = (request.params as { chave: string }).chave
      const body = parse(webhookSolicitadoSchema, request.body, reply, 'WebhookOperacaoInvalida')
      if (!body) return reply
      if (chave !== options.receiverKey) return problem(reply, 400, 'WebhookOperacaoInvalida', 'Chave desconhecida.')
      const at = now()
      await options.db
        .insertInto('sandbox_webhooks')
        .values({ chave, webhook_url: body.webhookUrl, created_at: at })
        .onConflict((oc) => oc.column('chave').doUpdateSet({ webhook_url: body.webhookUrl, created_at: at }))
        .execute()
      return reply.status(200).send({ webhookUrl: body.webhookUrl, chave, criacao: new Date(at).toISOString() })
    })

    api.delete('/webhook/:chave', async (request, reply) => {
      const chave = (request.params as { chave: string }).chave
      const removed = await options.db.deleteFrom('sandbox_webhooks').where('chave', '=', chave).executeTakeFirst()
      if (Number(removed.numDeletedRows) === 0) {
        return problem(reply, 404, 'WebhookNaoEncontrado', 'Nenhum webhook para esta chave.')
      }
      return reply.status(204).send()
    })

    api.get('/webhook', async (request, reply) => {
      const query = parse(webhookQuerySchema, request.query, reply, 'WebhookConsultaInvalida')
      if (!query) return reply
      const from = query.inicio ? Date.parse(query.inicio) : null
      const to = query.fim ? Date.parse(query.fim) : null
      let rows = options.db.selectFrom('sandbox_webhooks').selectAll().orderBy('created_at').orderBy('chave')
      if (from !== null) rows = rows.where('created_at', '>=', from)
      if (to !== null) rows = rows.where('created_at', '<=', to)
      const all = await rows.execute()
      const index = query['paginacao.paginaAtual']
      const size = query['paginacao.itensPorPagina']
      return {
        parametros: {
          ...(from !== null ? { inicio: new Date(from).toISOString() } : {}),
          ...(to !== null ? { fim: new Date(to).toISOString() } : {}),
          paginacao: {
            paginaAtual: index,
            itensPorPagina: size,
            quantidadeDePaginas: Math.max(1, Math.ceil(all.length / size)),
            quantidadeTotalDeItens: all.length,
          },
        },
        webhooks: all.slice(index * size, (index + 1) * size).map((row) => ({
          webhookUrl: row.webhook_url,
          chave: row.chave,
          criacao: new Date(Number(row.created_at)).toISOString(),
        })),
      }
    })

    api.get('/webhook/:chave', async (request, reply) => {
      const chave = (request.params as { chave: string }).chave
      const row = await registration(chave)
      if (!row) return problem(reply, 404, 'WebhookNaoEncontrado', 'Nenhum webhook para esta chave.')
      return { webhookUrl: row.webhook_url, chave, criacao: new Date(Number(row.created_at)).toISOString() }
    })

    api.put('/pix-send/:idEnvio', async (request, reply) => {
      const id = parse(idEnvioSchema, (request.params as { idEnvio: string }).idEnvio, reply, 'EnvioInvalido')
      const body = id && parse(pixSendRequestSchema, request.body, reply, 'EnvioInvalido')
      if (!id || !body) return reply
      const owner = await bank.lookupKey(body.favorecido.chave)
      try {
        const payout = await bank.createPayout({
          id,
          amount: cents(body.valor),
          keyType: owner.found ? owner.keyType : 'email',
          key: body.favorecido.chave,
          holderName: body.favorecido.nome,
          ownerCpf: body.favorecido.cpf,
        })
        if (!requestedAt.has(id)) requestedAt.set(id, new Date(now()).toISOString())
        return reply.status(201).send(pixSendView(payout, requestedAt.get(id) as string))
      } catch {
        // The payout was taken but the answer is lost on the way back: the connection drops.
        request.raw.socket.destroy()
        return reply
      }
    })

    api.get('/pix-send/:idEnvio', async (request, reply) => {
      const id = (request.params as { idEnvio: string }).idEnvio
      if (!idEnvioSchema.safeParse(id).success)
        return problem(reply, 404, 'EnvioNaoEncontrado', 'Envio não encontrado.')
      const payout = await bank.getPayout(id)
      if (!payout) return problem(reply, 404, 'EnvioNaoEncontrado', 'Envio não encontrado.')
      return pixSendView(payout, requestedAt.get(id) ?? new Date(now()).toISOString())
    })

    api.get('/dict/:chave', async (request, reply) => {
      const chave = parse(chaveParamSchema, (request.params as { chave: string }).chave, reply, 'ChaveInvalida')
      if (chave === null) return reply
      const entry = await bank.lookupKey(chave)
      if (!entry.found) return problem(reply, 404, 'ChaveNaoEncontrada', 'Chave não encontrada no DICT.')
      return {
        chave,
        tipo: entry.keyType,
        titular: { nome: entry.ownerName, cpfMascarado: maskCpfAsDict(entry.ownerCpf) },
      }
    })
  })

  await app.listen({ port: listen.port, host: listen.host ?? '127.0.0.1' })
  if (options.settle !== false) bank.start(() => {})
  const address = app.server.address() as AddressInfo
  const url = `https://localhost:${address.port}`
  where.locationHost ||= `localhost:${address.port}`
  where.bankUrl ||= `${url}/sandbox/bank`
  return {
    app,
    bank,
    url,
    webhookUrl,
    close: async () => {
      bank.stop()
      await app.close()
    },
  }
}
