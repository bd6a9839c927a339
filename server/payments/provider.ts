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

export interface PaymentProvider {
  readonly name: string
  /** True when no real money moves (the app shows a marker). */
  readonly sandbox: boolean
  /** Creates the charge for a txid; asking again for the same txid returns the same charge. */
  createCharge(input: CreateChargeInput): Promise<PixCharge>
  getCharge(txid: string): Promise<PixCharge | null>
  /** Null when the webhook is authentic; otherwise why it is not. */
  verifyWebhook(request: WebhookRequest): string | null
}
