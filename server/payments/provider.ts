// The payment provider adapter: what the app needs from a PIX PSP, in the shapes of Banco
// Central's API Pix (`cob` charges, webhook `{ pix: [...] }`, money as "150.00" strings).
// The sandbox provider implements it in-process; a real PSP adapter would call its API over
// mTLS and verify its webhooks its own way.

export type ChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_PSP'

/** One PIX received, as the webhook and `GET /cob/{txid}` report it. */
export interface PixReceived {
  endToEndId: string
  txid: string
  /** "150.00" */
  valor: string
  /** ISO 8601 time the payment settled. */
  horario: string
}

export interface PixCharge {
  txid: string
  status: ChargeStatus
  calendario: { criacao: string; expiracao: number }
  valor: { original: string }
  devedor: { nome: string; cpf: string }
  /** The location the dynamic BR Code points to. */
  location: string
  pixCopiaECola: string
  pix: PixReceived[]
}

export interface CreateChargeInput {
  txid: string
  amount: number
  expiresInSeconds: number
  payer: { name: string; cpf: string }
}

export interface WebhookRequest {
  rawBody: string
  headers: Record<string, string | string[] | undefined>
}

export type PayoutStatus = 'processing' | 'paid' | 'failed'

/** Why a bank refused a payout; `invalid_key` is the one the player can fix. */
export type PayoutFailure = 'invalid_key' | 'rejected'

export interface Payout {
  id: string
  status: PayoutStatus
  amount: number
  endToEndId: string | null
  failure: PayoutFailure | null
  /** The bank's words, for the tracker. */
  reason: string | null
  settledAt: number | null
}

export interface CreatePayoutInput {
  /** Our id for this attempt: asking again with the same id returns the same payout. */
  id: string
  amount: number
  keyType: string
  key: string
  holderName: string
}

export interface PaymentProvider {
  readonly name: string
  /** True when no real money moves (the app shows a marker). */
  readonly sandbox: boolean
  /** Creates the charge for a txid; asking again for the same txid returns the same charge. */
  createCharge(input: CreateChargeInput): Promise<PixCharge>
  getCharge(txid: string): Promise<PixCharge | null>
  /** Hands a payout to the PIX network; may throw when the provider does not answer. */
  createPayout(input: CreatePayoutInput): Promise<Payout>
  getPayout(id: string): Promise<Payout | null>
  /** Null when the webhook is authentic; otherwise why it is not. */
  verifyWebhook(request: WebhookRequest): string | null
  /** A page where this provider lets the player pay a code (the sandbox bank), or null (the player's bank app). */
  payUrl(payCode: string): string | null
  /** Background work the provider runs while the app runs (e.g. settling the sandbox's payouts). */
  start?(onError: (error: unknown) => void): void
  stop?(): void
}
