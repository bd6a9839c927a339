// The sandbox PIX provider: keeps its charges in its own table, answers like API Pix, and is
// paid through the sandbox bank (by the charge's payer, or by another CPF for tests). After a
// payment it calls the app's webhook, signed with HMAC-SHA256 over timestamp + body; a failed
// delivery is retried a few times, and the app's reconciliation (GET charge) covers anything
// still lost. It looks keys up in its own directory (dict.ts), refunds received PIX
// (refunds.ts) and pays out only to keys held by the payee's CPF. No real money moves.
import type { Kysely, Selectable } from 'kysely'
import { isValidCpf, normalizeCpf } from '../../../contract/cpf.ts'
import type { Database, SandboxPayoutOutcome } from '../../db/schema.ts'
import { buildDynamicBrCode } from '../brcode.ts'
import { newEndToEndId } from '../ids.ts'
import { toPixValue } from '../pix-values.ts'
import type {
  CreateChargeInput,
  CreatePayoutInput,
  PaymentProvider,
  Payout,
  PixCharge,
  PixKeyLookup,
  PixReceived,
  PixRefund,
  RefundRequest,
  WebhookRequest,
} from '../provider.ts'
import { checkWebhookSignature, signWebhook } from '../webhook-signature.ts'
import { SandboxDict } from './dict.ts'
import { chargePayload, JWKS_PATH, locationJwks, signChargePayload } from './location.ts'
import { type PayloadLocation, SandboxLocations } from './locations.ts'
import type { SandboxPki } from './pki.ts'
import { SandboxRefunds } from './refunds.ts'

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
  /** The path of the locations before the txid; `/sandbox/cob/` (the bank routes) by default, `/qr/v2/` on the API server. */
  locationPath?: string
  /** The sandbox bank page, where a player pays a code. */
  bankUrl: string
  deliver: WebhookDelivery
  /** How long the bank takes to settle a payout. */
  payoutDelayMs: number
  /** The operator's PIX key the charges pay into. */
  receiverKey: string
  /** The PSP's certificates (the charge locations' JWS are signed with the server key). */
  pki: () => Promise<SandboxPki>
  /**
   * Who pays a charge when the payment names nobody and the charge names no payer (a charge made
   * over API Pix has no `devedor`): the local sandbox plays the player's own bank.
   */
  payerOf?: (txid: string) => Promise<string | null>
  /**
   * The name the directory gives a key's holder: the local sandbox names its customers (the
   * players) by their verified name; a CPF no one here holds gets `SANDBOX_UNNAMED_HOLDER`.
   */
  holderNameOf?: (cpf: string) => Promise<string | null>
}

/** The holder name the sandbox's directory gives a CPF that no customer of its bank holds. */
export const SANDBOX_UNNAMED_HOLDER = 'Titular do sandbox'

export interface SandboxPayment {
  /** Pay a different amount than the charge asks (a bank that lets the payer change it). */
  amount?: number
  /** Settle a charge whose time ran out (a payment that started before expiry and settled late). */
  late?: boolean
  /** `drop`: settle but lose the webhook, as a network would (reconciliation must find it). */
  webhook?: 'send' | 'drop'
  /** Who pays: by default the charge's own payer; another CPF tests the payer check. */
  payerCpf?: string
  /** Pay a charge that was already paid (a payer who pays the same code twice). */
  again?: boolean
}

export type PayRefusal = 'not_found' | 'already_paid' | 'expired' | 'invalid_amount' | 'invalid_payer'

export type PayOutcome = { paid: true; pix: PixReceived; webhookStatus: string } | { paid: false; reason: PayRefusal }

/** What API Pix lets a receiver put on a charge beyond its amount and expiry, kept as given. */
export interface ChargeDetails {
  devedor?: { cpf: string; nome: string } | { cnpj: string; nome: string }
  solicitacaoPagador?: string
  infoAdicionais?: { nome: string; valor: string }[]
  modalidadeAlteracao?: 0 | 1
}

/** A charge as API Pix shows it (CobCompleta), at its current revision or an earlier one. */
export interface SandboxCob extends ChargeDetails {
  txid: string
  revisao: number
  calendario: { criacao: string; expiracao: number }
  loc?: PayloadLocation
  location?: string
  status: PixCharge['status']
  valor: { original: string; modalidadeAlteracao?: 0 | 1 }
  chave: string
  pixCopiaECola?: string
  pix: PixReceived[]
}

/** A revision of a charge (PATCH /cob/{txid}): the fields it changes, each optional. */
export interface ChargeRevision extends Omit<ChargeDetails, 'modalidadeAlteracao'> {
  amount?: number
  modalidadeAlteracao?: 0 | 1
  expiresInSeconds?: number
  locId?: number
  remove?: boolean
}

/** The fields of a charge every revision records (the rest is the same in all of them). */
interface RevisionSnapshot extends ChargeDetails {
  amount: number
  expiresInSeconds: number
  status: PixCharge['status']
}

type ChargeRow = Selectable<Database['sandbox_charges']>
type PayoutRow = Selectable<Database['sandbox_payouts']>
type ReceivedRow = Selectable<Database['sandbox_received_pix']>

export const payoutOutcomes = ['pay', 'invalid_key', 'reject', 'no_answer'] as const
export type PayoutRuleOutcome = (typeof payoutOutcomes)[number]

/** What the bank says when it refuses a payout (shown to the player in the tracker). */
const failureReasons = {
  invalid_key: 'Chave PIX não encontrada no DICT',
  key_not_owned: 'A chave PIX pertence a outra pessoa',
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
  /** The bank's key directory (DICT). */
  readonly dict: SandboxDict
  readonly refunds: SandboxRefunds
  /** The payload locations the charges' codes point to (API Pix `/loc`). */
  readonly locations: SandboxLocations

  constructor(options: SandboxOptions) {
    this.#o = options
    this.dict = new SandboxDict(options.db, options.now)
    this.refunds = new SandboxRefunds(options.db, options.now)
    this.locations = new SandboxLocations(options.db, options.now, (token) => this.#location(token))
  }

  async createCharge(input: CreateChargeInput): Promise<PixCharge> {
    const existing = await this.#row(input.txid)
    if (existing) return this.#view(existing)
    await this.createCob({ ...input, details: {} })
    return this.#view(await this.#rowOrThrow(input.txid))
  }

  /**
   * Creates a charge as API Pix's `PUT /cob/{txid}` does: at the free location `locId` names, or
   * at a new one of its own; revision 0 recorded. `loc_taken` when that location is not free.
   */
  async createCob(input: {
    txid: string
    amount: number
    expiresInSeconds: number
    payer?: { name: string; cpf: string }
    details: ChargeDetails
    locId?: number | undefined
  }): Promise<'created' | 'exists' | 'loc_taken'> {
    if (await this.#row(input.txid)) return 'exists'
    let loc: PayloadLocation | null
    if (input.locId !== undefined) {
      if (!(await this.locations.bind(input.locId, input.txid))) return 'loc_taken'
      loc = await this.locations.get(input.locId)
    } else {
      // A location of its own, whose token is the txid (the URL the charge always had).
      loc = (await this.locations.byToken(input.txid)) ?? (await this.locations.create(input.txid, input.txid))
    }
    const payCode = buildDynamicBrCode({
      url: loc?.location ?? this.#location(input.txid),
      merchantName: this.#o.merchantName,
      merchantCity: this.#o.merchantCity,
    })
    const now = this.#o.now()
    const devedorCpf = input.details.devedor && 'cpf' in input.details.devedor ? input.details.devedor.cpf : ''
    const inserted = await this.#o.db
      .insertInto('sandbox_charges')
      .values({
        txid: input.txid,
        amount: input.amount,
        status: 'ATIVA',
        pay_code: payCode,
        payer_name: input.payer?.name ?? input.details.devedor?.nome ?? '',
        payer_cpf: input.payer?.cpf || devedorCpf,
        created_at: now,
        expires_seconds: input.expiresInSeconds,
        details: detailsJson(input.details),
        loc_id: loc?.id ?? null,
      })
      .onConflict((oc) => oc.column('txid').doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 1n) === 0) return 'exists'
    await this.#recordRevision(input.txid, 0, {
      ...input.details,
      amount: input.amount,
      expiresInSeconds: input.expiresInSeconds,
      status: 'ATIVA',
    })
    return 'created'
  }

  /**
   * A charge as API Pix answers it (`GET /cob/{txid}`), or as it was at an earlier `revisao`:
   * null when there is no such charge, `no_revision` when it never had that revision.
   */
  async cob(txid: string, revisao?: number): Promise<SandboxCob | null | 'no_revision'> {
    const row = await this.#row(txid)
    if (!row) return null
    const current = await this.#cobView(row)
    if (revisao === undefined || revisao === current.revisao) return current
    if (revisao > current.revisao) return 'no_revision'
    const kept = await this.#o.db
      .selectFrom('sandbox_charge_revisions')
      .select('snapshot')
      .where('txid', '=', txid)
      .where('revisao', '=', revisao)
      .executeTakeFirst()
    if (!kept) return 'no_revision'
    const then = JSON.parse(kept.snapshot) as RevisionSnapshot
    const { devedor: _d, solicitacaoPagador: _s, infoAdicionais: _i, modalidadeAlteracao: _m, ...fixed } = current
    return {
      ...fixed,
      ...detailsOf(then),
      revisao,
      status: then.status,
      calendario: { ...current.calendario, expiracao: then.expiresInSeconds },
      valor: valorOf(then.amount, then.modalidadeAlteracao),
    }
  }

  /**
   * Revises an ATIVA charge (`PATCH /cob/{txid}`): the fields given change and `revisao` grows by
   * one (a change of location alone does not count, as API Pix says). `not_active` when the charge
   * is paid or removed, `loc_taken` when the location asked for is not free.
   */
  async reviseCob(txid: string, change: ChargeRevision): Promise<SandboxCob | null | 'not_active' | 'loc_taken'> {
    const row = await this.#row(txid)
    if (!row) return null
    if (this.#status(row) !== 'ATIVA') return 'not_active'
    if (change.remove) return (await this.cancelCharge(txid)) ? ((await this.cob(txid)) as SandboxCob) : 'not_active'
    const { amount, expiresInSeconds, locId, remove: _remove, ...fields } = change
    const details = { ...parseDetails(row.details), ...fields }
    const counts = amount !== undefined || expiresInSeconds !== undefined || Object.keys(fields).length > 0
    let payCode = row.pay_code
    let newLoc: number | null = null
    if (locId !== undefined && locId !== Number(row.loc_id)) {
      if (!(await this.locations.bind(locId, txid))) return 'loc_taken'
      const loc = (await this.locations.get(locId)) as PayloadLocation
      payCode = buildDynamicBrCode({
        url: loc.location,
        merchantName: this.#o.merchantName,
        merchantCity: this.#o.merchantCity,
      })
      newLoc = locId
    }
    const updated = await this.#o.db
      .updateTable('sandbox_charges')
      .set((eb) => ({
        ...(amount !== undefined ? { amount } : {}),
        ...(expiresInSeconds !== undefined ? { expires_seconds: expiresInSeconds } : {}),
        details: detailsJson(details),
        pay_code: payCode,
        ...(newLoc !== null ? { loc_id: newLoc } : {}),
        revisao: counts ? eb('revisao', '+', 1) : eb.ref('revisao'),
      }))
      .where('txid', '=', txid)
      .where('status', '=', 'ATIVA')
      .where('revisao', '=', row.revisao)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) {
      if (newLoc !== null) await this.locations.unbind(newLoc)
      return 'not_active'
    }
    if (newLoc !== null && row.loc_id) await this.locations.unbind(Number(row.loc_id))
    if (counts) {
      await this.#recordRevision(txid, Number(row.revisao) + 1, {
        ...details,
        amount: amount ?? Number(row.amount),
        expiresInSeconds: expiresInSeconds ?? row.expires_seconds,
        status: 'ATIVA',
      })
    }
    return (await this.cob(txid)) as SandboxCob
  }

  /** `DELETE /loc/{id}/txid`: the location serves no charge, and its charge shows no location. */
  async unlinkLocation(id: number): Promise<PayloadLocation | null> {
    const loc = await this.locations.get(id)
    if (!loc) return null
    const txid = await this.locations.unbind(id)
    // 0: the charge has no location any more (null is a charge from before locations, at its txid).
    if (txid) await this.#o.db.updateTable('sandbox_charges').set({ loc_id: 0 }).where('txid', '=', txid).execute()
    return (await this.locations.get(id)) as PayloadLocation
  }

  async #recordRevision(txid: string, revisao: number, snapshot: RevisionSnapshot) {
    await this.#o.db
      .insertInto('sandbox_charge_revisions')
      .values({ txid, revisao, snapshot: JSON.stringify(snapshot), created_at: this.#o.now() })
      .onConflict((oc) => oc.columns(['txid', 'revisao']).doNothing())
      .execute()
  }

  async getCharge(txid: string): Promise<PixCharge | null> {
    const row = await this.#row(txid)
    return row ? this.#view(row) : null
  }

  /**
   * The receiver withdraws a charge nobody paid (API Pix `PATCH /cob/{txid}`): stored as
   * REMOVIDA_PELO_USUARIO_RECEBEDOR, one revision more. False when it is not ATIVA (paid, removed,
   * or past its expiry, which the PSP removes).
   */
  async cancelCharge(txid: string): Promise<boolean> {
    const row = await this.#row(txid)
    if (!row || this.#status(row) !== 'ATIVA') return false
    const result = await this.#o.db
      .updateTable('sandbox_charges')
      .set((eb) => ({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: eb('revisao', '+', 1) }))
      .where('txid', '=', txid)
      .where('status', '=', 'ATIVA')
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) return false
    await this.#recordRevision(txid, Number(row.revisao) + 1, {
      ...parseDetails(row.details),
      amount: Number(row.amount),
      expiresInSeconds: row.expires_seconds,
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    })
    return true
  }

  /**
   * The charges created between two times (API Pix `GET /cob?inicio&fim`), oldest first, one page
   * of them, and how many there are in all.
   */
  async chargesBetween(
    from: number,
    to: number,
    page: { index: number; size: number; status?: PixCharge['status'] | undefined },
  ): Promise<{ charges: PixCharge[]; total: number }> {
    const rows = await this.#o.db
      .selectFrom('sandbox_charges')
      .selectAll()
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .orderBy('created_at')
      .orderBy('txid')
      .execute()
    // The status a charge has now (expiry is computed), so the filter sees what GET /cob/{txid} answers.
    const views = await Promise.all(rows.map((row) => this.#view(row)))
    const matching = page.status ? views.filter((charge) => charge.status === page.status) : views
    return {
      charges: matching.slice(page.index * page.size, (page.index + 1) * page.size),
      total: matching.length,
    }
  }

  /** The PIX received between two times (API Pix `GET /pix?inicio&fim`), oldest first. */
  async receivedBetween(from: number, to: number, limit: number): Promise<PixReceived[]> {
    const rows = await this.#o.db
      .selectFrom('sandbox_received_pix')
      .selectAll()
      .where('paid_at', '>=', from)
      .where('paid_at', '<=', to)
      .orderBy('paid_at')
      .orderBy('end_to_end_id')
      .limit(limit)
      .execute()
    return rows.map(receivedView)
  }

  /** One page of the PIX received between two times, oldest first, and how many there are in all. */
  async receivedPage(
    from: number,
    to: number,
    page: {
      index: number
      size: number
      txid?: string | undefined
      txIdPresente?: boolean | undefined
      devolucaoPresente?: boolean | undefined
      payerCpf?: string | undefined
    },
  ): Promise<{ pix: PixReceived[]; total: number }> {
    let window = this.#o.db.selectFrom('sandbox_received_pix').where('paid_at', '>=', from).where('paid_at', '<=', to)
    if (page.txid !== undefined) window = window.where('txid', '=', page.txid)
    // Every PIX this bank receives pays a charge: all have a txid.
    if (page.txIdPresente === false) window = window.where('txid', '=', '')
    if (page.txIdPresente === true) window = window.where('txid', '<>', '')
    if (page.payerCpf !== undefined) window = window.where('payer_cpf', '=', page.payerCpf)
    if (page.devolucaoPresente !== undefined) {
      const wanted = page.devolucaoPresente
      window = window.where((eb) => {
        const returned = eb.exists(
          eb
            .selectFrom('sandbox_refunds')
            .select('sandbox_refunds.end_to_end_id')
            .whereRef('sandbox_refunds.end_to_end_id', '=', 'sandbox_received_pix.end_to_end_id'),
        )
        return wanted ? returned : eb.not(returned)
      })
    }
    const [rows, count] = await Promise.all([
      window
        .selectAll()
        .orderBy('paid_at')
        .orderBy('end_to_end_id')
        .limit(page.size)
        .offset(page.index * page.size)
        .execute(),
      window.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { pix: rows.map(receivedView), total: Number(count.total) }
  }

  listReceived(from: number, to: number): Promise<PixReceived[]> {
    return this.receivedBetween(from, to, 1000)
  }

  getPix(endToEndId: string): Promise<PixReceived | null> {
    return this.receivedPix(endToEndId)
  }

  /** One PIX received (API Pix `GET /pix/{e2eid}`). */
  async receivedPix(endToEndId: string): Promise<PixReceived | null> {
    const row = await this.#o.db
      .selectFrom('sandbox_received_pix')
      .selectAll()
      .where('end_to_end_id', '=', endToEndId)
      .executeTakeFirst()
    return row ? receivedView(row) : null
  }

  #location(txid: string): string {
    return `${this.#o.locationHost}${this.#o.locationPath ?? '/sandbox/cob/'}${txid}`
  }

  /** The txid of the charge a location URL of this bank serves, or null (anyone else's, or none). */
  async txidAt(location: string): Promise<string | null> {
    const prefix = this.#location('')
    return location.startsWith(prefix) ? this.#txidServedAt(location.slice(prefix.length)) : null
  }

  /** The charge a location token serves: through its location, or a charge from before locations at its txid. */
  async #txidServedAt(token: string): Promise<string | null> {
    const loc = await this.locations.byToken(token)
    if (loc) return loc.txid ?? null
    const legacy = await this.#row(token)
    return legacy && legacy.loc_id === null ? legacy.txid : null
  }

  /** What a bank app reads at a location (`/qr/v2/{token}`): its charge as a JWS (null when it serves none). */
  async locationJws(token: string): Promise<string | null> {
    const txid = await this.#txidServedAt(token)
    const cob = txid ? await this.cob(txid) : null
    if (!cob || cob === 'no_revision') return null
    const payload = chargePayload(cob, this.#o.receiverKey, new Date(this.#o.now()))
    return signChargePayload(payload, await this.#o.pki(), `https://${this.#o.locationHost}${JWKS_PATH}`)
  }

  /** The JWK Set of the key that signs the locations (served at JWKS_PATH on the locations' host). */
  async jwks() {
    return locationJwks(await this.#o.pki())
  }

  /** The PIX a charge received, in the order they settled. */
  #received(txid: string): Promise<ReceivedRow[]> {
    return this.#o.db
      .selectFrom('sandbox_received_pix')
      .selectAll()
      .where('txid', '=', txid)
      .orderBy('paid_at')
      .orderBy('end_to_end_id')
      .execute()
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
    const again = status === 'CONCLUIDA' && payment.again === true
    if (status === 'CONCLUIDA' && !again) return { paid: false, reason: 'already_paid' }
    if (status !== 'ATIVA' && status !== 'CONCLUIDA' && !payment.late) return { paid: false, reason: 'expired' }
    const amount = payment.amount ?? Number(row.amount)
    if (!Number.isSafeInteger(amount) || amount <= 0) return { paid: false, reason: 'invalid_amount' }
    const payerCpf = normalizeCpf(payment.payerCpf ?? (row.payer_cpf || ((await this.#o.payerOf?.(txid)) ?? '')))
    if (!isValidCpf(payerCpf)) return { paid: false, reason: 'invalid_payer' }
    const now = this.#o.now()
    const endToEndId = newEndToEndId(now)
    // The charge settles and the PIX is received together: a database lost between the two must
    // not leave a charge paid with no PIX to credit (a bank's books are never half-written).
    const settledNow = await this.#o.db.transaction().execute(async (trx) => {
      if (!again) {
        const settled = await trx
          .updateTable('sandbox_charges')
          .set({ status: 'CONCLUIDA', end_to_end_id: endToEndId, paid_amount: amount, paid_at: now })
          .where('txid', '=', txid)
          .where('end_to_end_id', 'is', null)
          .executeTakeFirst()
        // Two payers racing for one charge: only the first settles.
        if (Number(settled.numUpdatedRows) === 0) return false
      }
      await trx
        .insertInto('sandbox_received_pix')
        .values({ end_to_end_id: endToEndId, txid, amount, payer_cpf: payerCpf, paid_at: now })
        .execute()
      return true
    })
    if (!settledNow) return { paid: false, reason: 'already_paid' }
    const pix: PixReceived = {
      endToEndId,
      txid,
      valor: toPixValue(amount),
      horario: new Date(now).toISOString(),
      pagador: { cpf: payerCpf },
    }
    if (payment.webhook === 'drop') {
      await this.#setWebhookStatus(endToEndId, 'dropped')
      return { paid: true, pix, webhookStatus: 'dropped' }
    }
    const webhookStatus = await this.#notify(pix, 0)
    return { paid: true, pix, webhookStatus }
  }

  async lookupKey(key: string): Promise<PixKeyLookup> {
    const entry = await this.dict.lookup(key)
    if (!entry.found) return entry
    const ownerName = (await this.#o.holderNameOf?.(entry.ownerCpf)) ?? SANDBOX_UNNAMED_HOLDER
    return { ...entry, ownerName }
  }

  /**
   * Returns part or all of a PIX received. The return settles at once here, so the final status
   * is notified as API Pix asks: the webhook POSTs the PIX with its `devolucoes`.
   */
  async requestRefund(input: RefundRequest): Promise<PixRefund> {
    const known = await this.refunds.get(input.endToEndId, input.id)
    const refund = await this.refunds.request(input)
    if (!known && refund.status !== 'EM_PROCESSAMENTO') {
      const pix = await this.receivedPix(input.endToEndId)
      if (pix) {
        const devolucoes = await this.refunds.forPix(input.endToEndId)
        await this.#send('pix', JSON.stringify({ pix: [{ ...pix, devolucoes }] }), 0, async () => {})
      }
    }
    return refund
  }

  getRefund(endToEndId: string, id: string): Promise<PixRefund | null> {
    return this.refunds.get(endToEndId, id)
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
    const now = this.#o.now()
    const ownerCpf = normalizeCpf(input.ownerCpf)
    // As a PSP does with the payee's document: a key the directory says someone else holds is
    // refused at once, nothing sent (a key that changes hands later fails at settlement).
    const holder = await this.dict.lookup(input.key)
    const refused = holder.found && holder.ownerCpf !== ownerCpf
    const outcome = refused ? 'key_not_owned' : await this.#ruleFor(input.key)
    await this.#o.db
      .insertInto('sandbox_payouts')
      .values({
        id: input.id,
        amount: input.amount,
        key_type: input.keyType,
        pix_key: input.key,
        holder_name: input.holderName,
        owner_cpf: ownerCpf,
        status: refused ? 'failed' : 'processing',
        outcome,
        reason: refused ? failureReasons.key_not_owned : null,
        end_to_end_id: null,
        created_at: now,
        settle_at: now + this.#o.payoutDelayMs,
        settled_at: refused ? now : null,
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

  /**
   * Sets what the sandbox bank does with payouts to a key, for its holder only: the rule is
   * taken when the directory says the key belongs to `ownerCpf`, and applies while it still does.
   */
  async setPayoutRule(key: string, outcome: PayoutRuleOutcome, ownerCpf: string): Promise<boolean> {
    const owner = await this.dict.lookup(key)
    const cpf = normalizeCpf(ownerCpf)
    if (!owner.found || owner.ownerCpf !== cpf) return false
    const values = { outcome, owner_cpf: cpf, created_at: this.#o.now() }
    await this.#o.db
      .insertInto('sandbox_payout_rules')
      .values({ pix_key: key, ...values })
      .onConflict((oc) => oc.column('pix_key').doUpdateSet(values))
      .execute()
    return true
  }

  async #ruleFor(key: string): Promise<SandboxPayoutOutcome> {
    const rule = await this.#o.db
      .selectFrom('sandbox_payout_rules')
      .select(['outcome', 'owner_cpf'])
      .where('pix_key', '=', key)
      .executeTakeFirst()
    if (!rule) return 'pay'
    const owner = await this.dict.lookup(key)
    return owner.found && owner.ownerCpf === rule.owner_cpf ? rule.outcome : 'pay'
  }

  /** What the payee's bank does at settlement: the tester's rule, then the directory's word. */
  async #settlement(row: PayoutRow): Promise<'pay' | keyof typeof failureReasons> {
    if (row.outcome === 'invalid_key' || row.outcome === 'reject') return row.outcome
    const owner = await this.dict.lookup(row.pix_key)
    if (!owner.found) return 'invalid_key'
    if (row.owner_cpf !== null && owner.ownerCpf !== row.owner_cpf) return 'key_not_owned'
    return 'pay'
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
      const settlement = await this.#settlement(row)
      const values =
        settlement === 'pay'
          ? { status: 'paid' as const, end_to_end_id: newEndToEndId(now), settled_at: now }
          : { status: 'failed' as const, outcome: settlement, reason: failureReasons[settlement], settled_at: now }
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
      this.#setWebhookStatus(pix.endToEndId, status),
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
    // The delivery's bookkeeping failing (the database briefly gone) must not cancel its retries.
    await record(status).catch(() => {})
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

  #setWebhookStatus(endToEndId: string, status: string) {
    return this.#o.db
      .updateTable('sandbox_received_pix')
      .set({ webhook_status: status })
      .where('end_to_end_id', '=', endToEndId)
      .execute()
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

  async #cobView(row: ChargeRow): Promise<SandboxCob> {
    const charge = await this.#view(row)
    const details = parseDetails(row.details)
    const loc = row.loc_id ? await this.locations.get(Number(row.loc_id)) : null
    const { location: _location, pixCopiaECola: _code, valor: _valor, ...rest } = charge
    const located = row.loc_id !== 0
    return {
      ...rest,
      ...detailsOf(details),
      valor: valorOf(Number(row.amount), details.modalidadeAlteracao),
      ...(loc ? { loc: { id: loc.id, location: loc.location, tipoCob: loc.tipoCob, criacao: loc.criacao } } : {}),
      ...(located ? { location: charge.location, pixCopiaECola: charge.pixCopiaECola } : {}),
    }
  }

  async #view(row: ChargeRow): Promise<PixCharge> {
    const pix = (await this.#received(row.txid)).map(receivedView)
    return {
      txid: row.txid,
      revisao: Number(row.revisao),
      status: this.#status(row),
      calendario: { criacao: new Date(Number(row.created_at)).toISOString(), expiracao: row.expires_seconds },
      valor: { original: toPixValue(Number(row.amount)) },
      chave: this.#o.receiverKey,
      location: row.loc_id
        ? ((await this.locations.get(Number(row.loc_id)))?.location ?? '')
        : this.#location(row.txid),
      pixCopiaECola: row.pay_code,
      pix,
    }
  }
}

function parseDetails(text: string | null): ChargeDetails {
  return text ? (JSON.parse(text) as ChargeDetails) : {}
}

function detailsJson(details: ChargeDetails): string | null {
  return Object.keys(details).length > 0 ? JSON.stringify(details) : null
}

/** The optional fields of a charge, as API Pix shows them (modalidadeAlteracao lives in `valor`). */
function detailsOf(details: ChargeDetails): Omit<ChargeDetails, 'modalidadeAlteracao'> {
  return {
    ...(details.devedor ? { devedor: details.devedor } : {}),
    ...(details.solicitacaoPagador !== undefined ? { solicitacaoPagador: details.solicitacaoPagador } : {}),
    ...(details.infoAdicionais ? { infoAdicionais: details.infoAdicionais } : {}),
  }
}

function valorOf(amount: number, modalidadeAlteracao: 0 | 1 | undefined): SandboxCob['valor'] {
  return { original: toPixValue(amount), ...(modalidadeAlteracao !== undefined ? { modalidadeAlteracao } : {}) }
}

function receivedView(received: ReceivedRow): PixReceived {
  return {
    endToEndId: received.end_to_end_id,
    txid: received.txid,
    valor: toPixValue(Number(received.amount)),
    horario: new Date(Number(received.paid_at)).toISOString(),
    pagador: { cpf: received.payer_cpf },
  }
}

function payoutView(row: PayoutRow): Payout {
  const failure =
    row.status !== 'failed'
      ? null
      : row.outcome === 'invalid_key' || row.outcome === 'key_not_owned'
        ? row.outcome
        : 'rejected'
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
