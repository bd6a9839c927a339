// The app's client of a PSP's standard API Pix (and of its "Pix send" payouts and key lookups):
// HTTPS with the operator's client certificate (mTLS), an OAuth2 client-credentials token kept
// until shortly before it expires, every request and answer checked against the schemas in
// schemas.ts, RFC 7807 problems turned into clear errors, timeouts, retries of idempotent calls
// with the same ids, and a circuit breaker so a PSP that stops answering fails fast instead of
// holding players' requests. Switching from the sandbox to a real PSP is configuration only.
import { Agent, request as httpsRequest } from 'node:https'
import { z } from 'zod'
import type { PixKeyType } from '../../../contract/pix-keys.ts'
import { toPixValue } from '../pix-values.ts'
import {
  type CreateChargeInput,
  type CreatePayoutInput,
  type PaymentProvider,
  type Payout,
  type PixCharge,
  type PixKeyLookup,
  type PixReceived,
  type PixRefund,
  ProviderUnavailable,
  RefundRefused,
  type RefundRequest,
  type WebhookRequest,
} from '../provider.ts'
import { checkWebhookSignature } from '../webhook-signature.ts'
import {
  cobCompletaSchema,
  cobRevisadaSchema,
  cobSolicitadaSchema,
  devolucaoSchema,
  devolucaoSolicitadaSchema,
  dictEntrySchema,
  idEnvioSchema,
  type Problema,
  pixConsultadosSchema,
  pixSchema,
  pixSendRequestSchema,
  pixSendSchema,
  problemaSchema,
  tokenResponseSchema,
  webhookSolicitadoSchema,
} from './schemas.ts'

export interface PixApiOptions {
  /** e.g. https://pix.psp.com.br/api/v2 (paths are appended). */
  baseUrl: string
  /** The token endpoint; `${baseUrl}/oauth/token` by default. */
  tokenUrl?: string
  clientId: string
  clientSecret: string
  /** PEM texts of the client certificate and key for mTLS, and the CA of the PSP's server (if private). */
  cert: string
  key: string
  ca?: string
  receiverKey: string
  webhookUrl: string
  /** Checks the HMAC header of webhooks (PSPs that sign webhooks; mTLS at the proxy covers the rest). */
  webhookSecret: string
  now: () => number
  /** Where the player pays a code: null for a real PSP (the player's bank app). */
  bankUrl?: string | null
  timeoutMs?: number
  /** Sees every exchange, already validated (tests log a sample; a deployment may audit). */
  onExchange?: (exchange: PixApiExchange) => void
}

export interface PixApiExchange {
  method: string
  path: string
  request?: unknown
  status: number
  response: unknown
}

/** The PSP answered with an RFC 7807 problem. */
export class PixApiProblem extends ProviderUnavailable {
  readonly status: number
  readonly problem: Problema
  constructor(problem: Problema) {
    // The type's last segment (e.g. `PixDevolucaoInvalida`) names the error exactly, whatever the
    // PSP's wording of the title: what an operator or a log search looks for.
    const name = problem.type.split('/').pop()
    const named = name && name !== 'about:blank' ? `${name}: ` : ''
    super(`${named}${problem.title} (${problem.status})${problem.detail ? `: ${problem.detail}` : ''}`)
    this.status = problem.status
    this.problem = problem
  }
}

/** The PSP did not answer usefully (network, timeout, 5xx, an answer outside the schema, circuit open). */
export class PixApiUnavailable extends ProviderUnavailable {}

const RETRY_DELAYS_MS = [200, 800]
const BREAKER_THRESHOLD = 5
const BREAKER_OPEN_MS = 30_000

interface RawAnswer {
  status: number
  body: unknown
}

export class PixApiProvider implements PaymentProvider {
  readonly name = 'pix-api'
  readonly sandbox: boolean
  readonly #o: PixApiOptions
  readonly #agent: Agent
  #token: { value: string; refreshAt: number } | null = null
  #tokenPending: Promise<string> | null = null
  #failures = 0
  #openUntil = 0

  constructor(options: PixApiOptions, sandbox = false) {
    this.#o = options
    this.sandbox = sandbox
    this.#agent = new Agent({
      keepAlive: true,
      maxSockets: 16,
      cert: options.cert,
      key: options.key,
      ...(options.ca ? { ca: options.ca } : {}),
    })
  }

  // --- transport -----------------------------------------------------------------------------

  #send(method: string, url: URL, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const request = httpsRequest(
        url,
        { method, agent: this.#agent, headers, timeout: this.#o.timeoutMs ?? 8000 },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('error', reject)
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            let parsed: unknown = null
            try {
              parsed = text ? JSON.parse(text) : null
            } catch {
              parsed = text
            }
            resolve({ status: response.statusCode ?? 0, body: parsed })
          })
        },
      )
      request.on('timeout', () => request.destroy(new PixApiUnavailable(`${method} ${url.pathname} timed out`)))
      request.on('error', reject)
      request.end(body)
    })
  }

  async #fetchToken(): Promise<string> {
    const url = new URL(this.#o.tokenUrl ?? `${this.#o.baseUrl.replace(/\/$/, '')}/oauth/token`)
    const basic = Buffer.from(`${this.#o.clientId}:${this.#o.clientSecret}`).toString('base64')
    const answer = await this.#send(
      'POST',
      url,
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    )
    if (answer.status !== 200) throw new PixApiUnavailable(`the PSP refused the client credentials (${answer.status})`)
    const token = tokenResponseSchema.safeParse(answer.body)
    if (!token.success) throw new PixApiUnavailable('the PSP answered a token outside the schema')
    // Renewed a minute early (or halfway, for short tokens) so no call carries a token about to expire.
    const margin = Math.min(60, token.data.expires_in / 2)
    this.#token = { value: token.data.access_token, refreshAt: this.#o.now() + (token.data.expires_in - margin) * 1000 }
    return token.data.access_token
  }

  async #accessToken(): Promise<string> {
    if (this.#token && this.#token.refreshAt > this.#o.now()) return this.#token.value
    this.#tokenPending ??= this.#fetchToken().finally(() => {
      this.#tokenPending = null
    })
    return this.#tokenPending
  }

  /**
   * One API call: the body checked before it leaves, the answer checked before it is used. PUTs
   * and GETs are idempotent by their path's ids, so a network failure or 5xx is retried as is.
   * `absent` statuses answer null (e.g. 404 on a GET).
   */
  async #call<T extends z.ZodType>(
    method: 'GET' | 'PUT' | 'PATCH',
    path: string,
    answerSchema: T,
    request?: { schema: z.ZodType; body: unknown },
    absent: number[] = [],
  ): Promise<z.infer<T> | null> {
    if (this.#openUntil > this.#o.now()) throw new PixApiUnavailable('the PSP is not answering (circuit open)')
    const payload = request ? JSON.stringify(request.schema.parse(request.body)) : undefined
    const url = new URL(`${this.#o.baseUrl.replace(/\/$/, '')}${path}`)
    let lastError: unknown
    let tokenRenewed = false
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      try {
        const headers: Record<string, string> = {
          authorization: `Bearer ${await this.#accessToken()}`,
          accept: 'application/json',
        }
        if (payload !== undefined) headers['content-type'] = 'application/json'
        const answer = await this.#send(method, url, headers, payload)
        if ((answer.status === 401 || answer.status === 403) && !tokenRenewed) {
          // The token was revoked or expired early: fetch another once.
          this.#token = null
          tokenRenewed = true
          attempt--
          continue
        }
        if (answer.status >= 500) throw new PixApiUnavailable(`${method} ${path} answered ${answer.status}`)
        this.#failures = 0
        if (answer.status >= 400) {
          if (absent.includes(answer.status)) return null
          const problem = problemaSchema.safeParse(answer.body)
          throw new PixApiProblem(
            problem.success ? problem.data : { type: 'about:blank', title: 'Erro', status: answer.status },
          )
        }
        const parsed = answerSchema.safeParse(answer.body)
        if (!parsed.success) throw new PixApiUnavailable(`${method} ${path}: the answer does not match the schema`)
        this.#o.onExchange?.({ method, path, request: request?.body, status: answer.status, response: parsed.data })
        return parsed.data
      } catch (error) {
        if (error instanceof PixApiProblem) throw error
        lastError = error
        this.#failures++
        if (this.#failures >= BREAKER_THRESHOLD) {
          this.#openUntil = this.#o.now() + BREAKER_OPEN_MS
          break
        }
        const delay = RETRY_DELAYS_MS[attempt]
        if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay))
      }
    }
    throw lastError instanceof PixApiUnavailable
      ? lastError
      : new PixApiUnavailable(lastError instanceof Error ? lastError.message : 'the PSP did not answer')
  }

  // --- API Pix -----------------------------------------------------------------------------

  async createCharge(input: CreateChargeInput): Promise<PixCharge> {
    const body = {
      calendario: { expiracao: input.expiresInSeconds },
      valor: { original: toPixValue(input.amount) },
      chave: this.#o.receiverKey,
      solicitacaoPagador: 'Depósito Jogo Limpo',
    }
    try {
      const cob = await this.#call('PUT', `/cob/${input.txid}`, cobCompletaSchema, {
        schema: cobSolicitadaSchema,
        body,
      })
      return chargeOf(cob as z.infer<typeof cobCompletaSchema>)
    } catch (error) {
      // PUT only creates: asked again (a retry whose first answer was lost, a replayed order) the
      // PSP refuses the txid in use. The charge it already has is ours when it is this one.
      if (!(error instanceof PixApiProblem) || error.status !== 400) throw error
      const existing = await this.getCharge(input.txid)
      if (existing && existing.valor.original === body.valor.original && existing.chave === body.chave) return existing
      throw error
    }
  }

  async getCharge(txid: string): Promise<PixCharge | null> {
    const cob = await this.#call('GET', `/cob/${txid}`, cobCompletaSchema, undefined, [404])
    return cob ? chargeOf(cob) : null
  }

  /** `PATCH /cob/{txid}`: withdraws an unpaid charge (its code stops being payable). */
  async cancelCharge(txid: string): Promise<boolean> {
    try {
      const cob = await this.#call('PATCH', `/cob/${txid}`, cobCompletaSchema, {
        schema: cobRevisadaSchema,
        body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
      })
      return cob !== null
    } catch (error) {
      if (error instanceof PixApiProblem) return false
      throw error
    }
  }

  /** `GET /pix?inicio&fim`: every PIX received in a window (reconciliation of missed webhooks). */
  async listReceived(from: number, to: number): Promise<PixReceived[]> {
    const received: PixReceived[] = []
    for (let page = 0; page < 100; page++) {
      const query = new URLSearchParams({
        inicio: new Date(from).toISOString(),
        fim: new Date(to).toISOString(),
        'paginacao.paginaAtual': String(page),
        'paginacao.itensPorPagina': '1000',
      })
      const answer = await this.#call('GET', `/pix?${query}`, pixConsultadosSchema)
      if (!answer) break
      received.push(...answer.pix.flatMap((pix) => (pix.txid ? [receivedOf(pix)] : [])))
      if (page + 1 >= answer.parametros.paginacao.quantidadeDePaginas) break
    }
    return received
  }

  /** `GET /pix/{e2eid}`. */
  async getPix(endToEndId: string): Promise<PixReceived | null> {
    const pix = await this.#call('GET', `/pix/${endToEndId}`, pixSchema, undefined, [404])
    return pix?.txid ? receivedOf(pix) : null
  }

  async requestRefund(input: RefundRequest): Promise<PixRefund> {
    try {
      const refund = await this.#call('PUT', `/pix/${input.endToEndId}/devolucao/${input.id}`, devolucaoSchema, {
        schema: devolucaoSolicitadaSchema,
        body: { valor: toPixValue(input.amount), descricao: input.description.slice(0, 140) },
      })
      return refundOf(refund as z.infer<typeof devolucaoSchema>)
    } catch (error) {
      if (error instanceof PixApiProblem && (error.status === 400 || error.status === 404)) {
        throw new RefundRefused(error.message)
      }
      throw error
    }
  }

  async getRefund(endToEndId: string, id: string): Promise<PixRefund | null> {
    const refund = await this.#call('GET', `/pix/${endToEndId}/devolucao/${id}`, devolucaoSchema, undefined, [404])
    return refund ? refundOf(refund) : null
  }

  /** `PUT /webhook/{chave}`: tells the PSP where to POST payments (at start-up). */
  async registerWebhook(): Promise<void> {
    // API Pix answers 200 with no body; a PSP that adds one is not wrong either.
    await this.#call('PUT', `/webhook/${encodeURIComponent(this.#o.receiverKey)}`, z.unknown(), {
      schema: webhookSolicitadoSchema,
      body: { webhookUrl: this.#o.webhookUrl },
    })
  }

  // --- payouts and keys ("Pix send") ---------------------------------------------------------

  async createPayout(input: CreatePayoutInput): Promise<Payout> {
    const sent = await this.#call('PUT', `/pix-send/${input.id}`, pixSendSchema, {
      schema: pixSendRequestSchema,
      body: {
        valor: toPixValue(input.amount),
        favorecido: { chave: input.key, cpf: input.ownerCpf, nome: input.holderName.slice(0, 140) },
      },
    })
    return payoutOf(sent as z.infer<typeof pixSendSchema>)
  }

  async getPayout(id: string): Promise<Payout | null> {
    // Our payout ids are idEnvio-shaped; anything else (a webhook naming a stranger's id) is none
    // of ours, and must not reach the path unescaped.
    if (!idEnvioSchema.safeParse(id).success) return null
    const sent = await this.#call('GET', `/pix-send/${id}`, pixSendSchema, undefined, [404])
    return sent ? payoutOf(sent) : null
  }

  async lookupKey(key: string): Promise<PixKeyLookup> {
    const entry = await this.#call('GET', `/dict/${encodeURIComponent(key)}`, dictEntrySchema, undefined, [404])
    if (!entry) return { found: false }
    return {
      found: true,
      keyType: entry.tipo as PixKeyType,
      ownerName: entry.titular.nome,
      ownerCpf: entry.titular.cpfMascarado,
    }
  }

  // --- webhooks and the rest -------------------------------------------------------------------

  verifyWebhook(request: WebhookRequest): string | null {
    const header = (name: string) => {
      const value = request.headers[name]
      return Array.isArray(value) ? value[0] : value
    }
    return checkWebhookSignature({
      secret: this.#o.webhookSecret,
      rawBody: request.rawBody,
      timestamp: header('x-pix-timestamp'),
      signature: header('x-pix-signature'),
      nowSeconds: Math.floor(this.#o.now() / 1000),
    })
  }

  payUrl(payCode: string): string | null {
    return this.#o.bankUrl ? `${this.#o.bankUrl}?code=${encodeURIComponent(payCode)}` : null
  }

  start(onError: (error: unknown) => void): void {
    this.registerWebhook().catch(onError)
  }

  stop(): void {
    this.#agent.destroy()
  }
}

function chargeOf(cob: z.infer<typeof cobCompletaSchema>): PixCharge {
  return {
    txid: cob.txid,
    revisao: cob.revisao,
    status: cob.status,
    calendario: cob.calendario,
    valor: cob.valor,
    chave: cob.chave,
    // Both absent only from a charge whose location the receiver unlinked (the app never does).
    location: cob.location ?? '',
    pixCopiaECola: cob.pixCopiaECola ?? '',
    pix: (cob.pix ?? []).map((pix) => receivedOf({ ...pix, txid: pix.txid ?? cob.txid })),
  }
}

function receivedOf(pix: z.infer<typeof pixSchema>): PixReceived {
  return {
    endToEndId: pix.endToEndId,
    txid: pix.txid ?? '',
    valor: pix.valor,
    horario: pix.horario,
    ...(pix.pagador ? { pagador: pix.pagador } : {}),
  }
}

function refundOf(refund: z.infer<typeof devolucaoSchema>): PixRefund {
  return {
    id: refund.id,
    rtrId: refund.rtrId,
    valor: refund.valor,
    horario: refund.horario,
    status: refund.status,
    ...(refund.motivo ? { motivo: refund.motivo } : {}),
  }
}

function payoutOf(sent: z.infer<typeof pixSendSchema>): Payout {
  return {
    id: sent.idEnvio,
    status: sent.status === 'REALIZADO' ? 'paid' : sent.status === 'NAO_REALIZADO' ? 'failed' : 'processing',
    amount: Math.round(Number(sent.valor) * 100),
    endToEndId: sent.endToEndId,
    failure:
      sent.erro === null
        ? sent.status === 'NAO_REALIZADO'
          ? 'rejected'
          : null
        : sent.erro === 'CHAVE_INEXISTENTE'
          ? 'invalid_key'
          : sent.erro === 'CHAVE_DE_OUTRO_TITULAR'
            ? 'key_not_owned'
            : 'rejected',
    reason: sent.motivo,
    settledAt: sent.horario.liquidacao === null ? null : Date.parse(sent.horario.liquidacao),
  }
}
