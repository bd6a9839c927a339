// The sandbox PIX provider: keeps its charges in its own table, answers like API Pix, and is
// paid through the sandbox bank. After a payment it calls the app's webhook, signed with
// HMAC-SHA256 over timestamp + body; a failed delivery is retried a few times, and the app's
// reconciliation (GET charge) covers anything still lost. No real money moves.
import type { Kysely, Selectable } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { buildBrCode } from '../brcode.ts'
import { newEndToEndId } from '../ids.ts'
import { toPixValue } from '../pix-values.ts'
import type { CreateChargeInput, PaymentProvider, PixCharge, PixReceived, WebhookRequest } from '../provider.ts'
import { checkWebhookSignature, signWebhook } from '../webhook-signature.ts'

/** Sends a webhook to the app; answers the HTTP status. */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<number>

export interface SandboxOptions {
  db: Kysely<Database>
  now: () => number
  secret: string
  merchantName: string
  merchantCity: string
  /** Host (and port) the charge locations live on, e.g. `localhost:8080`. */
  locationHost: string
  deliver: WebhookDelivery
}

export interface SandboxPayment {
  /** Pay a different amount than the charge asks (a bank that lets the payer change it). */
  amount?: number
  /** Settle a charge whose time ran out (a payment that started before expiry and settled late). */
  late?: boolean
  /** `drop`: settle but lose the webhook, as a network would (reconciliation must find it). */
  webhook?: 'send' | 'drop'
}

export type PayOutcome =
  | { paid: true; pix: PixReceived; webhookStatus: string }
  | { paid: false; reason: 'not_found' | 'already_paid' | 'expired' | 'invalid_amount' }

type ChargeRow = Selectable<Database['sandbox_charges']>

const RETRY_DELAYS_MS = [1000, 5000, 20_000]

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox'
  readonly sandbox = true
  readonly #o: SandboxOptions
  readonly #timers = new Set<NodeJS.Timeout>()

  constructor(options: SandboxOptions) {
    this.#o = options
  }

  async createCharge(input: CreateChargeInput): Promise<PixCharge> {
    const existing = await this.#row(input.txid)
    if (existing) return this.#view(existing)
    const location = `${this.#o.locationHost}/sandbox/cob/${input.txid}`
    const payCode = buildBrCode({
      url: location,
      amount: input.amount,
      merchantName: this.#o.merchantName,
      merchantCity: this.#o.merchantCity,
      txid: input.txid,
      dynamic: true,
    })
    await this.#o.db
      .insertInto('sandbox_charges')
      .values({
        txid: input.txid,
        amount: input.amount,
        status: 'ATIVA',
        pay_code: payCode,
        payer_name: input.payer.name,
        payer_cpf: input.payer.cpf,
        created_at: this.#o.now(),
        expires_seconds: input.expiresInSeconds,
      })
      .onConflict((oc) => oc.column('txid').doNothing())
      .execute()
    return this.#view(await this.#rowOrThrow(input.txid))
  }

  async getCharge(txid: string): Promise<PixCharge | null> {
    const row = await this.#row(txid)
    return row ? this.#view(row) : null
  }

  verifyWebhook(request: WebhookRequest): string | null {
    const header = (name: string) => {
      const value = request.headers[name]
      return Array.isArray(value) ? value[0] : value
    }
    return checkWebhookSignature({
      secret: this.#o.secret,
      rawBody: request.rawBody,
      timestamp: header('x-pix-timestamp'),
      signature: header('x-pix-signature'),
      nowSeconds: Math.floor(this.#o.now() / 1000),
    })
  }

  /** The sandbox bank pays a charge: settle it, then notify the app. */
  async pay(txid: string, payment: SandboxPayment = {}): Promise<PayOutcome> {
    const row = await this.#row(txid)
    if (!row) return { paid: false, reason: 'not_found' }
    const status = this.#status(row)
    if (status === 'CONCLUIDA') return { paid: false, reason: 'already_paid' }
    if (status === 'REMOVIDA_PELO_PSP' && !payment.late) return { paid: false, reason: 'expired' }
    const amount = payment.amount ?? Number(row.amount)
    if (!Number.isSafeInteger(amount) || amount <= 0) return { paid: false, reason: 'invalid_amount' }
    const now = this.#o.now()
    const endToEndId = newEndToEndId(now)
    const settled = await this.#o.db
      .updateTable('sandbox_charges')
      .set({ status: 'CONCLUIDA', end_to_end_id: endToEndId, paid_amount: amount, paid_at: now })
      .where('txid', '=', txid)
      .where('end_to_end_id', 'is', null)
      .executeTakeFirst()
    // Two payers racing for one charge: only the first settles.
    if (Number(settled.numUpdatedRows) === 0) return { paid: false, reason: 'already_paid' }
    const pix: PixReceived = { endToEndId, txid, valor: toPixValue(amount), horario: new Date(now).toISOString() }
    if (payment.webhook === 'drop') {
      await this.#setWebhookStatus(txid, 'dropped')
      return { paid: true, pix, webhookStatus: 'dropped' }
    }
    const webhookStatus = await this.#notify(pix, 0)
    return { paid: true, pix, webhookStatus }
  }

  /** Stops pending webhook retries (server shutdown). */
  stop(): void {
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
  }

  async #notify(pix: PixReceived, attempt: number): Promise<string> {
    const rawBody = JSON.stringify({ pix: [pix] })
    const timestamp = Math.floor(this.#o.now() / 1000)
    let status: string
    try {
      const code = await this.#o.deliver(rawBody, {
        'content-type': 'application/json',
        'x-pix-timestamp': String(timestamp),
        'x-pix-signature': signWebhook(this.#o.secret, rawBody, timestamp),
      })
      status = code >= 200 && code < 300 ? 'delivered' : `failed:${code}`
    } catch (error) {
      status = `failed:${error instanceof Error ? error.message.slice(0, 60) : 'error'}`
    }
    await this.#setWebhookStatus(pix.txid, status)
    const delay = RETRY_DELAYS_MS[attempt]
    if (status !== 'delivered' && delay !== undefined) {
      const timer = setTimeout(() => {
        this.#timers.delete(timer)
        void this.#notify(pix, attempt + 1).catch(() => {})
      }, delay)
      timer.unref()
      this.#timers.add(timer)
    }
    return status
  }

  #setWebhookStatus(txid: string, status: string) {
    return this.#o.db.updateTable('sandbox_charges').set({ webhook_status: status }).where('txid', '=', txid).execute()
  }

  #row(txid: string) {
    return this.#o.db.selectFrom('sandbox_charges').selectAll().where('txid', '=', txid).executeTakeFirst()
  }

  async #rowOrThrow(txid: string) {
    const row = await this.#row(txid)
    if (!row) throw new Error(`sandbox charge ${txid} vanished`)
    return row
  }

  /** A charge past its expiry that nobody paid is removed by the PSP. */
  #status(row: ChargeRow): PixCharge['status'] {
    if (row.status === 'ATIVA' && Number(row.created_at) + row.expires_seconds * 1000 <= this.#o.now()) {
      return 'REMOVIDA_PELO_PSP'
    }
    return row.status
  }

  #view(row: ChargeRow): PixCharge {
    const pix: PixReceived[] =
      row.end_to_end_id && row.paid_at !== null && row.paid_amount !== null
        ? [
            {
              endToEndId: row.end_to_end_id,
              txid: row.txid,
              valor: toPixValue(Number(row.paid_amount)),
              horario: new Date(Number(row.paid_at)).toISOString(),
            },
          ]
        : []
    return {
      txid: row.txid,
      status: this.#status(row),
      calendario: { criacao: new Date(Number(row.created_at)).toISOString(), expiracao: row.expires_seconds },
      valor: { original: toPixValue(Number(row.amount)) },
      devedor: { nome: row.payer_name, cpf: row.payer_cpf },
      location: `${this.#o.locationHost}/sandbox/cob/${row.txid}`,
      pixCopiaECola: row.pay_code,
      pix,
    }
  }
}
