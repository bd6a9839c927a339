// The sandbox PSP as a separate API Pix server (BCB's API Pix 2.9.0, by the letter): its own
// Fastify instance on its own port, HTTPS with mTLS (a client without a certificate from its CA is
// 403 AcessoNegado), OAuth2 client credentials (`POST /oauth/token`, RFC 6749: the scopes asked
// for are the scopes granted, and every route checks the one API Pix's security section names),
// the standard paths and shapes (`/cob`, `/cob/{txid}` with `?revisao`, `/pix` with its filters,
// `/pix/{e2eid}`, `/pix/{e2eid}/devolucao/{id}`, `/webhook`, `/webhook/{chave}`, `/loc`,
// `/loc/{id}`, `/loc/{id}/txid`), RFC 7807 problems with API Pix's types, titles and
// `violacoes` (pt-BR, `cob.valor.original`-style properties), the charge locations
// (`/qr/v2/{token}`, JWS) and their signing key's JWK Set, and
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
import { type Payout, type PixReceived, RefundRefused } from '../provider.ts'
import { sandboxBankRoutes } from './bank-routes.ts'
import { JWKS_PATH } from './location.ts'
import type { SandboxPki } from './pki.ts'
import { type ChargeRevision, type SandboxCob, SandboxProvider, type WebhookDelivery } from './provider.ts'

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
  /** The receiver's CNPJ, as the PSP holds it on file (`GET /webhook` shows it); SANDBOX_RECEIVER_CNPJ by default. */
  receiverCnpj?: string
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

/** The receiver's CNPJ the sandbox PSP holds on file when none is given (a valid test number). */
export const SANDBOX_RECEIVER_CNPJ = '11222333000181'

/**
 * The OAuth2 scopes this PSP grants: API Pix's for what it serves (its security section names one
 * per operation), and its own for the parts API Pix leaves to each PSP (payouts, key lookups).
 */
export const SANDBOX_SCOPES = [
  'cob.write',
  'cob.read',
  'pix.write',
  'pix.read',
  'webhook.write',
  'webhook.read',
  'payloadlocation.write',
  'payloadlocation.read',
  'pixsend.write',
  'pixsend.read',
  'dict.read',
] as const
type Scope = (typeof SANDBOX_SCOPES)[number]

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

/** A boolean query parameter as API Pix writes it. */
const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true')

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

/** `GET /cob/{txid}` query: an earlier revision of the charge. */
const cobReadQuerySchema = z.object({ revisao: z.coerce.number().int().min(0).max(1_000_000).optional() })

/** `GET /pix` query: the window the PIX settled in (RFC 3339), API Pix's filters, the page. */
const pixQuerySchema = z.object({
  inicio: z.iso.datetime({ offset: true }),
  fim: z.iso.datetime({ offset: true }),
  txid: z
    .string()
    .regex(/^[a-zA-Z0-9]{1,35}$/)
    .optional(),
  txIdPresente: booleanParam.optional(),
  devolucaoPresente: booleanParam.optional(),
  cpf: z
    .string()
    .regex(/^\d{11}$/)
    .optional(),
  cnpj: z
    .string()
    .regex(/^[0-9A-Z]{14}$/)
    .optional(),
  ...pageQuery,
})

/** `GET /webhook` query: an optional registration window, the page. */
const webhookQuerySchema = z.object({
  inicio: z.iso.datetime({ offset: true }).optional(),
  fim: z.iso.datetime({ offset: true }).optional(),
  ...pageQuery,
})

/** `POST /loc` body (PayloadLocationSolicitada). */
const locSolicitadaSchema = z.strictObject({ tipoCob: z.enum(['cob', 'cobv']) })

/** `GET /loc` query: the creation window, whether a charge is linked, the type, the page. */
const locQuerySchema = z.object({
  inicio: z.iso.datetime({ offset: true }),
  fim: z.iso.datetime({ offset: true }),
  txIdPresente: booleanParam.optional(),
  tipoCob: z.enum(['cob', 'cobv']).optional(),
  ...pageQuery,
})

const locIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** A txid the PSP picks (`POST /cob`): 32 letters and digits, as API Pix allows 26 to 35. */
const newTxid = () => randomBytes(16).toString('hex')

/** The bank pages' policy: their own stylesheet and forms, nothing else. */
const bankCsp =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

/**
 * The error types this PSP answers, as API Pix names them: HTTP status, title (the
 * specification's examples where it gives one) and the meaning it gives each as the detail.
 */
const problemTypes = {
  RequisicaoInvalida: [400, 'Requisição inválida.', 'Requisição inválida.'],
  AcessoNegado: [403, 'Acesso Negado', 'Requisição de participante autenticado que viola alguma regra de autorização.'],
  NaoEncontrado: [404, 'Não Encontrado', 'Entidade não encontrada.'],
  ErroInternoDoServidor: [500, 'Erro Interno do Servidor', 'Condição inesperada ao processar requisição.'],
  CobPayloadNaoEncontrado: [
    404,
    'Cobrança não encontrada.',
    'A cobrança em questão não foi encontrada para a location requisitada.',
  ],
  CobNaoEncontrado: [404, 'Cobrança não encontrada.', 'Cobrança não encontrada para o txid informado.'],
  CobOperacaoInvalida: [
    400,
    'Cobrança inválida.',
    'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.',
  ],
  CobConsultaInvalida: [
    400,
    'Consulta inválida.',
    'Os parâmetros de consulta à lista de cobranças para pagamento imediato não respeitam o _schema_ ou não fazem sentido semanticamente.',
  ],
  PayloadLocationNaoEncontrado: [404, 'Location não encontrada.', 'Location não encontrada para o id informado.'],
  PayloadLocationOperacaoInvalida: [
    400,
    'PayloadLocation inválido.',
    'A presente requisição busca criar uma location sem respeitar o _schema_ estabelecido.',
  ],
  PayloadLocationConsultaInvalida: [
    400,
    'Consulta inválida.',
    'Os parâmetros de consulta à lista de locations não respeitam o _schema_ ou não fazem sentido semanticamente.',
  ],
  PixNaoEncontrado: [404, 'Pix não encontrado.', 'Pix não encontrado para o e2eid informado.'],
  PixDevolucaoNaoEncontrada: [
    404,
    'Devolução não encontrada.',
    'Devolução representada por {id} não encontrada para o e2eid informado.',
  ],
  PixConsultaInvalida: [
    400,
    'Consulta inválida.',
    'Os parâmetros de consulta à lista de pix recebidos não respeitam o _schema_ ou não fazem sentido semanticamente.',
  ],
  PixDevolucaoInvalida: [
    400,
    'Devolução inválida.',
    'A presente requisição de devolução não respeita o _schema_ ou não faz sentido semanticamente.',
  ],
  WebhookOperacaoInvalida: [
    400,
    'Webhook inválido.',
    'A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, apresenta semântica inválida.',
  ],
  WebhookNaoEncontrado: [
    404,
    'Webhook não encontrado.',
    'O webhook denotado por {chave} não encontra-se estabelecido.',
  ],
  WebhookConsultaInvalida: [
    400,
    'Consulta inválida.',
    'Os parâmetros de consulta à lista de webhooks ativados não respeitam o _schema_ ou não fazem sentido semanticamente.',
  ],
} as const satisfies Record<string, readonly [number, string, string]>
type ProblemType = keyof typeof problemTypes

interface Violacao {
  razao: string
  propriedade: string
}

const problem = (reply: FastifyReply, name: ProblemType, detail?: string, violacoes?: Violacao[]) => {
  const [status, title, meaning] = problemTypes[name]
  return reply
    .status(status)
    .type('application/problem+json')
    .send({
      type: `https://pix.bcb.gov.br/api/v2/error/${name}`,
      title,
      status,
      detail: detail ?? meaning,
      correlationId: randomBytes(8).toString('hex'),
      ...(violacoes ? { violacoes } : {}),
    })
}

// The two period-query violations every listing (cob, pix, webhook, loc) answers in the same words.
const fimBeforeInicio: Violacao = {
  razao: 'O timestamp representado pelo parâmetro fim é anterior ao representado por inicio.',
  propriedade: 'fim',
}
const cpfAndCnpj: Violacao = { razao: 'Ambos os parâmetros cpf e cnpj estão preenchidos.', propriedade: 'cpf' }

/** The objects of API Pix's bodies (a violation inside one names the object, as the specification does). */
const objectPaths = new Set([
  'cob.calendario',
  'cob.valor',
  'cob.devedor',
  'cob.infoAdicionais',
  'cob.loc',
  'envio.favorecido',
])

/**
 * zod's issues as API Pix's `violacoes`: the property as a path under the entity (`cob.valor.original`;
 * a query parameter by its name), the reason in the specification's words.
 */
export function violacoesOf(issues: z.core.$ZodIssue[], entity: string): Violacao[] {
  const seen = new Map<string, Violacao>()
  for (const issue of issues) {
    let path = issue.path.map(String)
    const extra = issue.code === 'unrecognized_keys' ? issue.keys : [null]
    for (const key of extra) {
      if (key !== null) path = [...issue.path.map(String), key]
      // Inside an array or a person, the violation is the object's (`cob.devedor`, `cob.infoAdicionais`).
      const index = path.findIndex((part) => /^\d+$/.test(part))
      let cut = index >= 0 ? path.slice(0, index) : path
      if (cut[0] === 'devedor') cut = ['devedor']
      const name = [entity, ...cut].filter(Boolean).join('.') || entity
      const what = cut.length === 0 || objectPaths.has(name) ? 'O objeto' : entity ? 'O campo' : 'O parâmetro'
      const razao =
        key !== null && cut.length === path.length
          ? `${what} ${name} não é previsto pelo _schema_.`
          : issue.code === 'invalid_type' && issue.message.includes('received undefined') && cut.length === path.length
            ? `${what} ${name} é obrigatório.`
            : `${what} ${name} não respeita o _schema_.`
      if (!seen.has(name)) seen.set(name, { razao, propriedade: name })
    }
  }
  return [...seen.values()]
}

function parse<T extends z.ZodType>(
  schema: T,
  value: unknown,
  reply: FastifyReply,
  name: ProblemType,
  entity: string,
): z.infer<T> | null {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  void problem(reply, name, undefined, violacoesOf(result.error.issues, entity))
  return null
}

const cents = (valor: string) => Math.round(Number(valor) * 100)

/** CobGerada / CobCompleta as API Pix orders it; `pix` only where a charge is read. */
function cobView(cob: SandboxCob, withPix = true) {
  return {
    calendario: cob.calendario,
    txid: cob.txid,
    revisao: cob.revisao,
    ...(cob.loc ? { loc: { ...cob.loc, txid: cob.txid } } : {}),
    ...(cob.location ? { location: cob.location } : {}),
    status: cob.status,
    ...(cob.devedor ? { devedor: cob.devedor } : {}),
    valor: cob.valor,
    chave: cob.chave,
    ...(cob.solicitacaoPagador !== undefined ? { solicitacaoPagador: cob.solicitacaoPagador } : {}),
    ...(cob.infoAdicionais ? { infoAdicionais: cob.infoAdicionais } : {}),
    ...(cob.pixCopiaECola ? { pixCopiaECola: cob.pixCopiaECola } : {}),
    ...(withPix ? { pix: cob.pix } : {}),
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

/** The type a malformed request to each operation is answered with (JSON that does not parse, a wrong media type). */
const invalidRequestTypes: Record<string, ProblemType> = {
  'PUT /cob/:txid': 'CobOperacaoInvalida',
  'POST /cob': 'CobOperacaoInvalida',
  'PATCH /cob/:txid': 'CobOperacaoInvalida',
  'PUT /pix/:e2eid/devolucao/:id': 'PixDevolucaoInvalida',
  'PUT /webhook/:chave': 'WebhookOperacaoInvalida',
  'POST /loc': 'PayloadLocationOperacaoInvalida',
}

/** POSTs a webhook over HTTPS with the PSP's webhook client certificate (mTLS), or plain HTTP to a local app. */
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
      { method: 'POST', headers, key: pki.webhook.key, cert: pki.webhook.cert, ca: pki.ca.cert, timeout: 10_000 },
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
  const receiverCnpj = options.receiverCnpj ?? SANDBOX_RECEIVER_CNPJ
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
  const tokens = new Map<string, { expires: number; scopes: ReadonlySet<string> }>()
  const grantedScopes = new WeakMap<FastifyRequest, ReadonlySet<string>>()
  const ttl = options.tokenTtlSeconds ?? 3600

  /** A received PIX as API Pix answers it: the receiver's key and the returns made of it. */
  const withReturns = async (pix: PixReceived) => ({
    ...pix,
    chave: options.receiverKey,
    devolucoes: await bank.refunds.forPix(pix.endToEndId),
  })

  const webhookView = (chave: string, row: { webhook_url: string; created_at: number | string }) => ({
    webhookUrl: row.webhook_url,
    chave,
    cnpj: receiverCnpj,
    criacao: new Date(Number(row.created_at)).toISOString(),
  })

  /**
   * What API Pix checks in a charge's fields beyond their schema (both PUT and PATCH): an amount
   * of zero, a key that is not the receiver's, a location that does not exist or serves another
   * charge. The violations, none when all is well.
   */
  const chargeViolations = async (
    body: {
      valor?: { original?: string | undefined } | undefined
      chave?: string | undefined
      loc?: { id: number } | undefined
    },
    txid: string,
  ): Promise<Violacao[]> => {
    const found: Violacao[] = []
    if (body.valor?.original !== undefined && cents(body.valor.original) === 0) {
      found.push({ razao: 'O campo cob.valor.original é zero.', propriedade: 'cob.valor.original' })
    }
    if (body.chave !== undefined && body.chave !== options.receiverKey) {
      found.push({
        razao: 'O campo cob.chave corresponde a uma conta que não pertence a este usuário recebedor.',
        propriedade: 'cob.chave',
      })
    }
    if (body.loc) {
      const loc = await bank.locations.get(body.loc.id)
      if (!loc) found.push({ razao: 'O location referenciado por cob.loc.id inexiste.', propriedade: 'cob.loc.id' })
      else if (loc.txid && loc.txid !== txid) {
        found.push({
          razao: 'O location referenciado por cob.loc.id já está sendo utilizado por outra cobrança.',
          propriedade: 'cob.loc.id',
        })
      }
    }
    return found
  }

  const locTaken = (reply: FastifyReply) =>
    problem(reply, 'CobOperacaoInvalida', undefined, [
      {
        razao: 'O location referenciado por cob.loc.id já está sendo utilizado por outra cobrança.',
        propriedade: 'cob.loc.id',
      },
    ])

  /** Creates a charge (PUT with the client's txid, POST with one the PSP picks): 201 CobGerada. */
  const create = async (reply: FastifyReply, txid: string, body: z.infer<typeof cobSolicitadaSchema>) => {
    const violacoes = await chargeViolations(body, txid)
    if (violacoes.length > 0) return problem(reply, 'CobOperacaoInvalida', undefined, violacoes)
    const created = await bank.createCob({
      txid,
      amount: cents(body.valor.original),
      expiresInSeconds: body.calendario.expiracao,
      locId: body.loc?.id,
      details: {
        ...(body.devedor ? { devedor: body.devedor } : {}),
        ...(body.solicitacaoPagador !== undefined ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
        ...(body.infoAdicionais ? { infoAdicionais: body.infoAdicionais } : {}),
        ...(body.valor.modalidadeAlteracao !== undefined
          ? { modalidadeAlteracao: body.valor.modalidadeAlteracao }
          : {}),
      },
    })
    // PUT creates: a txid already in use is refused, whatever the body (a client that lost the
    // answer reads the charge with GET).
    if (created === 'exists') {
      return problem(reply, 'CobOperacaoInvalida', undefined, [
        { razao: 'O campo cob.txid encontra-se em uso.', propriedade: 'cob.txid' },
      ])
    }
    if (created === 'loc_taken') return locTaken(reply)
    return reply.status(201).send(cobView((await bank.cob(txid)) as SandboxCob, false))
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
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500
    if (status >= 500) return problem(reply, 'ErroInternoDoServidor')
    // JSON that does not parse, a body of another media type or too large: the request is invalid,
    // with the type of the operation it was meant for.
    const operation = invalidRequestTypes[`${request.method} ${request.routeOptions.url ?? ''}`] ?? 'RequisicaoInvalida'
    return problem(
      reply,
      operation,
      'A requisição não pôde ser lida: o corpo não é um JSON válido ou excede o tamanho aceito.',
    )
  })
  app.setNotFoundHandler((_request, reply) => problem(reply, 'NaoEncontrado'))

  const certified = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(request.raw.socket as TLSSocket).authorized) {
      return problem(reply, 'AcessoNegado', 'Certificado de cliente ausente ou não emitido pela AC do PSP (mTLS).')
    }
  }

  // The location a dynamic BR Code points to: the charge it serves as a JWS signed by the PSP.
  app.get('/qr/v2/:token', async (request, reply) => {
    const token = (request.params as { token: string }).token
    const jws = /^[a-zA-Z0-9]{1,77}$/.test(token) ? await bank.locationJws(token) : null
    if (!jws) return problem(reply, 'CobPayloadNaoEncontrado')
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
      const body = (request.body ?? {}) as { grant_type?: unknown; scope?: unknown }
      // RFC 6749 §5.2: a required parameter missing is invalid_request; a grant this server does
      // not offer is unsupported_grant_type; a scope it does not know is invalid_scope.
      if (typeof body.grant_type !== 'string' || body.grant_type === '') {
        return reply
          .status(400)
          .send({ error: 'invalid_request', error_description: 'O parâmetro grant_type é obrigatório.' })
      }
      if (body.grant_type !== 'client_credentials') return reply.status(400).send({ error: 'unsupported_grant_type' })
      const asked = typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : []
      const unknown = asked.filter((scope) => !(SANDBOX_SCOPES as readonly string[]).includes(scope))
      if (unknown.length > 0) {
        return reply.status(400).send({
          error: 'invalid_scope',
          error_description: `Escopo desconhecido: ${unknown.join(' ').slice(0, 200)}`,
        })
      }
      // No scope asked for: every scope this client has (RFC 6749 §3.3 lets the server choose).
      const scopes = asked.length > 0 ? [...new Set(asked)] : [...SANDBOX_SCOPES]
      const token = randomBytes(32).toString('base64url')
      tokens.set(token, { expires: now() + ttl * 1000, scopes: new Set(scopes) })
      return { access_token: token, token_type: 'Bearer', expires_in: ttl, scope: scopes.join(' ') }
    })
  })

  const authorised = async (request: FastifyRequest, reply: FastifyReply) => {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ')
    const granted = scheme === 'Bearer' && token ? tokens.get(token) : undefined
    if (granted === undefined || granted.expires <= now()) {
      return problem(reply, 'AcessoNegado', 'Token de acesso ausente, inválido ou expirado.')
    }
    grantedScopes.set(request, granted.scopes)
  }

  /** The scope an operation needs (API Pix's security section), checked before its handler. */
  const needs = (scope: Scope) => ({
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (grantedScopes.get(request)?.has(scope)) return
      return problem(
        reply.header('www-authenticate', `Bearer error="insufficient_scope", scope="${scope}"`),
        'AcessoNegado',
        `O token de acesso não tem o escopo ${scope}, que esta operação exige.`,
      )
    },
  })

  await app.register(async (api) => {
    api.addHook('onRequest', certified)
    api.addHook('onRequest', authorised)

    api.put('/cob/:txid', needs('cob.write'), async (request, reply) => {
      const txid = parse(
        txidSchema,
        (request.params as { txid: string }).txid,
        reply,
        'CobOperacaoInvalida',
        'cob.txid',
      )
      const body = txid && parse(cobSolicitadaSchema, request.body, reply, 'CobOperacaoInvalida', 'cob')
      if (!txid || !body) return reply
      return create(reply, txid, body)
    })

    // The PSP chooses the txid.
    api.post('/cob', needs('cob.write'), async (request, reply) => {
      const body = parse(cobSolicitadaSchema, request.body, reply, 'CobOperacaoInvalida', 'cob')
      if (!body) return reply
      return create(reply, newTxid(), body)
    })

    api.get('/cob', needs('cob.read'), async (request, reply) => {
      const query = parse(cobQuerySchema, request.query, reply, 'CobConsultaInvalida', '')
      if (!query) return reply
      const from = Date.parse(query.inicio)
      const to = Date.parse(query.fim)
      if (to < from) {
        return problem(reply, 'CobConsultaInvalida', undefined, [fimBeforeInicio])
      }
      if (query.cpf && query.cnpj) {
        return problem(reply, 'CobConsultaInvalida', undefined, [cpfAndCnpj])
      }
      const index = query['paginacao.paginaAtual']
      const size = query['paginacao.itensPorPagina']
      // Charges made over API Pix name no debtor unless given one: a debtor filter finds only those.
      const { charges, total } = await bank.chargesBetween(from, to, {
        index: 0,
        size: 1_000_000,
        status: query.status,
      })
      const all = (await Promise.all(charges.map((charge) => bank.cob(charge.txid)))).filter(
        (cob): cob is SandboxCob =>
          cob !== null &&
          cob !== 'no_revision' &&
          (!query.cpf || (cob.devedor !== undefined && 'cpf' in cob.devedor && cob.devedor.cpf === query.cpf)) &&
          (!query.cnpj || (cob.devedor !== undefined && 'cnpj' in cob.devedor && cob.devedor.cnpj === query.cnpj)),
      )
      const matching = query.cpf || query.cnpj ? all.length : total
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
            quantidadeDePaginas: Math.max(1, Math.ceil(matching / size)),
            quantidadeTotalDeItens: matching,
          },
        },
        cobs: all.slice(index * size, (index + 1) * size).map((cob) => cobView(cob)),
      }
    })

    api.get('/cob/:txid', needs('cob.read'), async (request, reply) => {
      const txid = (request.params as { txid: string }).txid
      const query = parse(cobReadQuerySchema, request.query, reply, 'CobConsultaInvalida', '')
      if (!query) return reply
      const cob = txidSchema.safeParse(txid).success ? await bank.cob(txid, query.revisao) : null
      if (!cob) return problem(reply, 'CobNaoEncontrado')
      if (cob === 'no_revision') {
        return problem(reply, 'CobConsultaInvalida', undefined, [
          {
            razao:
              'O parâmetro revisao corresponde a uma revisão inexistente para a cobrança apontada pelo parâmetro txid.',
            propriedade: 'revisao',
          },
        ])
      }
      return cobView(cob)
    })

    api.patch('/cob/:txid', needs('cob.write'), async (request, reply) => {
      const txid = (request.params as { txid: string }).txid
      if (!txidSchema.safeParse(txid).success) return problem(reply, 'CobNaoEncontrado')
      const body = parse(cobRevisadaSchema, request.body, reply, 'CobOperacaoInvalida', 'cob')
      if (!body) return reply
      const { status, ...changes } = body
      if (status && Object.keys(changes).length > 0) {
        return problem(reply, 'CobOperacaoInvalida', undefined, [
          {
            razao:
              'A cobrança está ATIVA, e a presente requisição propõe alterar seu status para REMOVIDA_PELO_USUARIO_RECEBEDOR juntamente com outras alterações.',
            propriedade: 'cob.status',
          },
        ])
      }
      const violacoes = await chargeViolations(body, txid)
      if (violacoes.length > 0) return problem(reply, 'CobOperacaoInvalida', undefined, violacoes)
      const revision: ChargeRevision = {
        ...(status ? { remove: true } : {}),
        ...(body.valor?.original !== undefined ? { amount: cents(body.valor.original) } : {}),
        ...(body.valor?.modalidadeAlteracao !== undefined
          ? { modalidadeAlteracao: body.valor.modalidadeAlteracao }
          : {}),
        ...(body.calendario ? { expiresInSeconds: body.calendario.expiracao } : {}),
        ...(body.loc ? { locId: body.loc.id } : {}),
        ...(body.devedor ? { devedor: body.devedor } : {}),
        ...(body.solicitacaoPagador !== undefined ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
        ...(body.infoAdicionais ? { infoAdicionais: body.infoAdicionais } : {}),
      }
      const revised = await bank.reviseCob(txid, revision)
      if (revised === null) return problem(reply, 'CobNaoEncontrado')
      if (revised === 'loc_taken') return locTaken(reply)
      if (revised === 'not_active') {
        return problem(reply, 'CobOperacaoInvalida', undefined, [
          { razao: 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.', propriedade: 'cob.status' },
        ])
      }
      return cobView(revised, false)
    })

    api.get('/pix', needs('pix.read'), async (request, reply) => {
      const query = parse(pixQuerySchema, request.query, reply, 'PixConsultaInvalida', '')
      if (!query) return reply
      const from = Date.parse(query.inicio)
      const to = Date.parse(query.fim)
      if (from > to) {
        return problem(reply, 'PixConsultaInvalida', undefined, [fimBeforeInicio])
      }
      if (query.cpf && query.cnpj) {
        return problem(reply, 'PixConsultaInvalida', undefined, [cpfAndCnpj])
      }
      const index = query['paginacao.paginaAtual']
      const size = query['paginacao.itensPorPagina']
      // The sandbox's payers are people: a CNPJ filter finds none of their PIX.
      const { pix, total } = query.cnpj
        ? { pix: [], total: 0 }
        : await bank.receivedPage(from, to, {
            index,
            size,
            txid: query.txid,
            txIdPresente: query.txIdPresente,
            devolucaoPresente: query.devolucaoPresente,
            payerCpf: query.cpf,
          })
      return {
        parametros: {
          inicio: new Date(from).toISOString(),
          fim: new Date(to).toISOString(),
          ...(query.txid !== undefined ? { txid: query.txid } : {}),
          ...(query.txIdPresente !== undefined ? { txIdPresente: query.txIdPresente } : {}),
          ...(query.devolucaoPresente !== undefined ? { devolucaoPresente: query.devolucaoPresente } : {}),
          ...(query.cpf ? { cpf: query.cpf } : {}),
          ...(query.cnpj ? { cnpj: query.cnpj } : {}),
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

    api.get('/pix/:e2eid', needs('pix.read'), async (request, reply) => {
      const e2eid = (request.params as { e2eid: string }).e2eid
      const pix = endToEndIdSchema.safeParse(e2eid).success ? await bank.receivedPix(e2eid) : null
      if (!pix) return problem(reply, 'PixNaoEncontrado')
      return withReturns(pix)
    })

    api.put('/pix/:e2eid/devolucao/:id', needs('pix.write'), async (request, reply) => {
      const params = request.params as { e2eid: string; id: string }
      if (!endToEndIdSchema.safeParse(params.e2eid).success) return problem(reply, 'PixNaoEncontrado')
      const id = parse(devolucaoIdSchema, params.id, reply, 'PixDevolucaoInvalida', 'devolucao.id')
      const body = id && parse(devolucaoSolicitadaSchema, request.body, reply, 'PixDevolucaoInvalida', 'devolucao')
      if (!id || !body) return reply
      try {
        const refund = await bank.requestRefund({
          endToEndId: params.e2eid,
          id,
          amount: cents(body.valor),
          description: body.descricao ?? '',
        })
        return reply.status(201).send(refund)
      } catch (error) {
        if (!(error instanceof RefundRefused)) throw error
        if (error.message.startsWith('PixNaoEncontrado')) return problem(reply, 'PixNaoEncontrado')
        return problem(reply, 'PixDevolucaoInvalida', undefined, [
          {
            razao: error.message.includes('exceed')
              ? 'A presente requisição de devolução, em conjunto com as demais prévias devoluções, excederia o valor do pix originário.'
              : 'O campo devolucao.valor não respeita o _schema_.',
            propriedade: 'devolucao.valor',
          },
        ])
      }
    })

    api.get('/pix/:e2eid/devolucao/:id', needs('pix.read'), async (request, reply) => {
      const params = request.params as { e2eid: string; id: string }
      const refund =
        endToEndIdSchema.safeParse(params.e2eid).success && devolucaoIdSchema.safeParse(params.id).success
          ? await bank.getRefund(params.e2eid, params.id)
          : null
      if (!refund) return problem(reply, 'PixDevolucaoNaoEncontrada')
      return refund
    })

    api.put('/webhook/:chave', needs('webhook.write'), async (request, reply) => {
      const chave = (request.params as { chave: string }).chave
      const body = parse(webhookSolicitadoSchema, request.body, reply, 'WebhookOperacaoInvalida', 'webhook')
      if (!body) return reply
      if (chave !== options.receiverKey) {
        return problem(reply, 'WebhookOperacaoInvalida', undefined, [
          {
            razao: 'O parâmetro chave não corresponde a uma chave DICT pertencente a este usuário recebedor.',
            propriedade: 'chave',
          },
        ])
      }
      const at = now()
      await options.db
        .insertInto('sandbox_webhooks')
        .values({ chave, webhook_url: body.webhookUrl, created_at: at })
        .onConflict((oc) => oc.column('chave').doUpdateSet({ webhook_url: body.webhookUrl, created_at: at }))
        .execute()
      // API Pix's answer to a webhook configured: 200, no body.
      return reply.status(200).send()
    })

    api.delete('/webhook/:chave', needs('webhook.write'), async (request, reply) => {
      const chave = (request.params as { chave: string }).chave
      const removed = await options.db.deleteFrom('sandbox_webhooks').where('chave', '=', chave).executeTakeFirst()
      if (Number(removed.numDeletedRows) === 0) return problem(reply, 'WebhookNaoEncontrado')
      return reply.status(204).send()
    })

    api.get('/webhook', needs('webhook.read'), async (request, reply) => {
      const query = parse(webhookQuerySchema, request.query, reply, 'WebhookConsultaInvalida', '')
      if (!query) return reply
      const from = query.inicio ? Date.parse(query.inicio) : null
      const to = query.fim ? Date.parse(query.fim) : null
      if (from !== null && to !== null && to < from) {
        return problem(reply, 'WebhookConsultaInvalida', undefined, [fimBeforeInicio])
      }
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
        webhooks: all.slice(index * size, (index + 1) * size).map((row) => webhookView(row.chave, row)),
      }
    })

    api.get('/webhook/:chave', needs('webhook.read'), async (request, reply) => {
      const chave = (request.params as { chave: string }).chave
      const row = await registration(chave)
      if (!row) return problem(reply, 'WebhookNaoEncontrado')
      return webhookView(chave, row)
    })

    // Payload locations: made before their charge, listed, read, and unlinked from it.
    api.post('/loc', needs('payloadlocation.write'), async (request, reply) => {
      const body = parse(locSolicitadaSchema, request.body, reply, 'PayloadLocationOperacaoInvalida', 'loc')
      if (!body) return reply
      if (body.tipoCob === 'cobv') {
        return problem(reply, 'PayloadLocationOperacaoInvalida', undefined, [
          {
            razao: 'O campo loc.tipoCob não é oferecido por este PSP (sem cobranças com vencimento).',
            propriedade: 'loc.tipoCob',
          },
        ])
      }
      const loc = await bank.locations.create()
      return reply.status(201).header('location', `/loc/${loc.id}`).send(loc)
    })

    api.get('/loc', needs('payloadlocation.read'), async (request, reply) => {
      const query = parse(locQuerySchema, request.query, reply, 'PayloadLocationConsultaInvalida', '')
      if (!query) return reply
      const from = Date.parse(query.inicio)
      const to = Date.parse(query.fim)
      if (to < from) {
        return problem(reply, 'PayloadLocationConsultaInvalida', undefined, [fimBeforeInicio])
      }
      const index = query['paginacao.paginaAtual']
      const size = query['paginacao.itensPorPagina']
      const { loc, total } =
        query.tipoCob === 'cobv'
          ? { loc: [], total: 0 }
          : await bank.locations.page(from, to, { txIdPresente: query.txIdPresente, index, size })
      return {
        parametros: {
          inicio: new Date(from).toISOString(),
          fim: new Date(to).toISOString(),
          ...(query.txIdPresente !== undefined ? { txIdPresente: query.txIdPresente } : {}),
          ...(query.tipoCob ? { tipoCob: query.tipoCob } : {}),
          paginacao: {
            paginaAtual: index,
            itensPorPagina: size,
            quantidadeDePaginas: Math.max(1, Math.ceil(total / size)),
            quantidadeTotalDeItens: total,
          },
        },
        loc,
      }
    })

    api.get('/loc/:id', needs('payloadlocation.read'), async (request, reply) => {
      const id = locIdSchema.safeParse((request.params as { id: string }).id)
      const loc = id.success ? await bank.locations.get(id.data) : null
      if (!loc) return problem(reply, 'PayloadLocationNaoEncontrado')
      return loc
    })

    api.delete('/loc/:id/txid', needs('payloadlocation.write'), async (request, reply) => {
      const id = locIdSchema.safeParse((request.params as { id: string }).id)
      const loc = id.success ? await bank.unlinkLocation(id.data) : null
      if (!loc) return problem(reply, 'PayloadLocationNaoEncontrado')
      return loc
    })

    api.put('/pix-send/:idEnvio', needs('pixsend.write'), async (request, reply) => {
      const id = parse(
        idEnvioSchema,
        (request.params as { idEnvio: string }).idEnvio,
        reply,
        'RequisicaoInvalida',
        'envio.idEnvio',
      )
      const body = id && parse(pixSendRequestSchema, request.body, reply, 'RequisicaoInvalida', 'envio')
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

    api.get('/pix-send/:idEnvio', needs('pixsend.read'), async (request, reply) => {
      const id = (request.params as { idEnvio: string }).idEnvio
      const payout = idEnvioSchema.safeParse(id).success ? await bank.getPayout(id) : null
      if (!payout) return problem(reply, 'NaoEncontrado', 'Envio não encontrado.')
      return pixSendView(payout, requestedAt.get(id) ?? new Date(now()).toISOString())
    })

    api.get('/dict/:chave', needs('dict.read'), async (request, reply) => {
      const chave = parse(
        chaveParamSchema,
        (request.params as { chave: string }).chave,
        reply,
        'RequisicaoInvalida',
        'chave',
      )
      if (chave === null) return reply
      const entry = await bank.lookupKey(chave)
      if (!entry.found) return problem(reply, 'NaoEncontrado', 'Chave não encontrada no DICT.')
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
