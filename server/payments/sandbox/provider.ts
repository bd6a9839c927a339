// The sandbox PIX provider: keeps its charges in its own table, answers like API Pix, and is
// paid through the sandbox bank. After a payment it calls the app's webhook, signed with
// HMAC-SHA256 over timestamp + body; a failed delivery is retried a few times, and the app's
// reconciliation (GET charge) covers anything still lost. No real money moves.
import type { Kysely, Selectable } from 'kysely'
import type { Database, SandboxPayoutOutcome } from '../../db/schema.ts'
import { buildBrCode } from '../brcode.ts'
import { newEndToEndId } from '../ids.ts'
import { toPixValue } from '../pix-values.ts'
import type {
  CreateChargeInput,
  CreatePayoutInput,
  PaymentProvider,
  Payout,
  PixCharge,
  PixReceived,
  WebhookRequest,
} from '../provider.ts'
import { checkWebhookSignature, signWebhook } from '../webhook-signature.ts'

/** Sends a webhook to the app (`pix` for payments received, `payout` for payouts); answers the HTTP status. */
export type WebhookDelivery = (
  topic: 'pix' | 'payout',
  rawBody: string,
  headers: Record<string, string>,
) => Promise<number>

export interface SandboxOptions {
  db: Kysely<Database>
  now: () => number
  secret: string
  merchantName: string
  merchantCity: string
  /** Host (and port) the charge locations live on, e.g. `localhost:8080`. */
  locationHost: string
  /** The sandbox bank page, where a player pays a code. */
  bankUrl: string
  deliver: WebhookDelivery
  /** How long the bank takes to settle a payout. */
  payoutDelayMs: number
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
type PayoutRow = Selectable<Database['sandbox_payouts']>

export const payoutOutcomes = ['pay', 'invalid_key', 'reject', 'no_answer'] as const

/** What the bank says when it refuses a payout (shown to the player in the tracker). */
const failureReasons = {
  invalid_key: 'Chave PIX não encontrada no DICT',
  reject: 'Conta de destino encerrada',
} as const

const SETTLE_EVERY_MS = 200

const RETRY_DELAYS_MS = [1000, 5000, 20_000]

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox'
  readonly sandbox = true
  readonly #o: SandboxOptions
  readonly #timers = new Set<NodeJS.Timeout>()
  #settleTimer: NodeJS.Timeout | undefined

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

  payUrl(payCode: string): string {
    return `${this.#o.bankUrl}?code=${encodeURIComponent(payCode)}`
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

  /** Starts settling payouts as they fall due (the bank's side of the PIX network). */
  start(onError: (error: unknown) => void): void {
    this.#settleTimer = setInterval(() => void this.settleDuePayouts().catch(onError), SETTLE_EVERY_MS)
    this.#settleTimer.unref()
  }

  /** Stops settling and pending webhook retries (server shutdown). */
  stop(): void {
    clearInterval(this.#settleTimer)
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
  }

  async createPayout(input: CreatePayoutInput): Promise<Payout> {
    const existing = await this.#payoutRow(input.id)
    if (existing) return payoutView(existing)
    const rule = await this.#o.db
      .selectFrom('sandbox_payout_rules')
      .select('outcome')
      .where('pix_key', '=', input.key)
      .executeTakeFirst()
    const outcome: SandboxPayoutOutcome = rule?.outcome ?? 'pay'
    const now = this.#o.now()
    await this.#o.db
      .insertInto('sandbox_payouts')
      .values({
        id: input.id,
        amount: input.amount,
        key_type: input.keyType,
        pix_key: input.key,
        holder_name: input.holderName,
        status: 'processing',
        outcome,
        reason: null,
        end_to_end_id: null,
        created_at: now,
        settle_at: now + this.#o.payoutDelayMs,
        settled_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    // The payout was taken, but the answer is lost on the way back (the app must poll for it).
    if (outcome === 'no_answer' && !existing) throw new Error('sandbox provider did not answer')
    const row = await this.#payoutRow(input.id)
    if (!row) throw new Error(`sandbox payout ${input.id} vanished`)
    return payoutView(row)
  }

  async getPayout(id: string): Promise<Payout | null> {
    const row = await this.#payoutRow(id)
    return row ? payoutView(row) : null
  }

  /** Sets what the sandbox bank does with payouts to a key (tests and testers). */
  async setPayoutRule(key: string, outcome: SandboxPayoutOutcome): Promise<void> {
    const values = { outcome, created_at: this.#o.now() }
    await this.#o.db
      .insertInto('sandbox_payout_rules')
      .values({ pix_key: key, ...values })
      .onConflict((oc) => oc.column('pix_key').doUpdateSet(values))
      .execute()
  }

  /** Settles every payout whose time has come, then notifies the app of each. */
  async settleDuePayouts(): Promise<number> {
    const now = this.#o.now()
    const due = await this.#o.db
      .selectFrom('sandbox_payouts')
      .selectAll()
      .where('status', '=', 'processing')
      .where('settle_at', '<=', now)
      .orderBy('settle_at')
      .limit(100)
      .execute()
    let settled = 0
    for (const row of due) {
      const fails = row.outcome === 'invalid_key' || row.outcome === 'reject'
      const values = fails
        ? {
            status: 'failed' as const,
            reason: failureReasons[row.outcome as 'invalid_key' | 'reject'],
            settled_at: now,
          }
        : { status: 'paid' as const, end_to_end_id: newEndToEndId(now), settled_at: now }
      const result = await this.#o.db
        .updateTable('sandbox_payouts')
        .set(values)
        .where('id', '=', row.id)
        .where('status', '=', 'processing')
        .executeTakeFirst()
      // Another tick settled it first.
      if (Number(result.numUpdatedRows) === 0) continue
      settled++
      const payout = await this.#payoutRow(row.id)
      if (payout) {
        await this.#send('payout', JSON.stringify({ payout: payoutView(payout) }), 0, (status) =>
          this.#o.db.updateTable('sandbox_payouts').set({ webhook_status: status }).where('id', '=', row.id).execute(),
        )
      }
    }
    return settled
  }

  #payoutRow(id: string) {
    return this.#o.db.selectFrom('sandbox_payouts').selectAll().where('id', '=', id).executeTakeFirst()
  }

  #notify(pix: PixReceived, attempt: number): Promise<string> {
    return this.#send('pix', JSON.stringify({ pix: [pix] }), attempt, (status) =>
      this.#setWebhookStatus(pix.txid, status),
    )
  }

  async #send(
    topic: 'pix' | 'payout',
    rawBody: string,
    attempt: number,
    record: (status: string) => Promise<unknown>,
  ): Promise<string> {
    const timestamp = Math.floor(this.#o.now() / 1000)
    let status: string
    try {
      const code = await this.#o.deliver(topic, rawBody, {
        'content-type': 'application/json',
        'x-pix-timestamp': String(timestamp),
        'x-pix-signature': signWebhook(this.#o.secret, rawBody, timestamp),
      })
      status = code >= 200 && code < 300 ? 'delivered' : `failed:${code}`
    } catch (error) {
      status = `failed:${error instanceof Error ? error.message.slice(0, 60) : 'error'}`
    }
    await record(status)
    const delay = RETRY_DELAYS_MS[attempt]
    if (status !== 'delivered' && delay !== undefined) {
      const timer = setTimeout(() => {
        this.#timers.delete(timer)
        void this.#send(topic, rawBody, attempt + 1, record).catch(() => {})
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

function payoutView(row: PayoutRow): Payout {
  const failure = row.status === 'failed' ? (row.outcome === 'invalid_key' ? 'invalid_key' : 'rejected') : null
  return {
    id: row.id,
    status: row.status,
    amount: Number(row.amount),
    endToEndId: row.end_to_end_id,
    failure,
    reason: row.reason,
    settledAt: row.settled_at === null ? null : Number(row.settled_at),
  }
}
