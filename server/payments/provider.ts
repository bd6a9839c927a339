// The payment provider adapter: what the app needs from a PIX PSP, in the shapes of Banco
// Central's API Pix (`cob` charges, webhook `{ pix: [...] }`, refunds `devolucao`, money as
// "150.00" strings), plus the DICT key lookup and payouts. The app's one adapter is
// PixApiProvider (API Pix over mTLS, to a real PSP or the sandbox server); the sandbox's bank
// (sandbox/provider.ts) implements it too, behind that server.
import type { PixKeyType } from '../../contract/pix-keys.ts'

export type ChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP'

/** One PIX received, as the webhook and `GET /cob/{txid}` report it. */
export interface PixReceived {
  endToEndId: string
  txid: string
  /** "150.00" */
  valor: string
  /** ISO 8601 time the payment settled. */
  horario: string
  /**
   * Who paid, as the payer's PSP reported it. Not in API Pix's `Pix` object itself, but every
   * PSP adds it (Portaria SPA/MF 615/2024 makes the operator check it); the adapter maps it here.
   */
  pagador?: { cpf: string }
}

export interface PixCharge {
  txid: string
  /** API Pix `revisao`: 0 when created, one more for every change. */
  revisao: number
  status: ChargeStatus
  calendario: { criacao: string; expiracao: number }
  valor: { original: string }
  /** The operator's PIX key that receives the payment. */
  chave: string
  /** The location the dynamic BR Code points to (no scheme). */
  location: string
  pixCopiaECola: string
  pix: PixReceived[]
}

export interface CreateChargeInput {
  txid: string
  amount: number
  expiresInSeconds: number
  /**
   * Who is expected to pay. A `PixApiProvider` never sends it (API Pix needs no `devedor`); the
   * sandbox uses it as the default payer of its bank page.
   */
  payer: { name: string; cpf: string }
}

export interface WebhookRequest {
  rawBody: string
  headers: Record<string, string | string[] | undefined>
}

export type PayoutStatus = 'processing' | 'paid' | 'failed'

/**
 * Why a bank refused a payout: `invalid_key` (the key is not in the directory) is the one the
 * player can fix; `key_not_owned` means the key belongs to someone other than the payee's CPF.
 */
export type PayoutFailure = 'invalid_key' | 'key_not_owned' | 'rejected'

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
  /** The CPF the key must belong to: the bank refuses (`key_not_owned`) a key held by anyone else. */
  ownerCpf: string
}

/**
 * What the PIX directory (DICT) says of a key: its type, its holder's name and CPF (a PSP may
 * answer the CPF masked, `***.456.789-**`; `cpfMatches` compares either form).
 */
export type PixKeyLookup = { found: true; keyType: PixKeyType; ownerName: string; ownerCpf: string } | { found: false }

/** API Pix `devolucao` statuses. */
export type RefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO'

/** A refund of a received PIX to its payer (API Pix `Devolucao`). */
export interface PixRefund {
  id: string
  /** The return's own end-to-end id (rtrId). */
  rtrId: string
  valor: string
  horario: { solicitacao: string; liquidacao?: string }
  status: RefundStatus
  motivo?: string
}

export interface RefundRequest {
  /** The received PIX to return (part of). */
  endToEndId: string
  /** Our id for the refund: asking again with the same id returns the same refund. */
  id: string
  amount: number
  /** Shown to the payer (at most 140 characters). */
  description: string
}

/** The provider did not answer usefully (network, timeout, 5xx, a refusal we cannot act on). */
export class ProviderUnavailable extends Error {}

/** The provider refused a refund for good (API Pix 400/404): asking again cannot help. */
export class RefundRefused extends Error {}

/**
 * Payouts and key lookups: not part of API Pix. Each PSP has its own "Pix send" API and its own
 * access to the DICT; `PixApiProvider` speaks the sandbox's shape of them (docs/payments.md, "Connecting a
 * real PSP", says what an adapter for another PSP maps).
 */
export interface PixPayoutProvider {
  /** Hands a payout to the PIX network; may throw when the provider does not answer. */
  createPayout(input: CreatePayoutInput): Promise<Payout>
  getPayout(id: string): Promise<Payout | null>
  /** Looks a PIX key up in the directory (DICT), normalised as contract/pix-keys.ts does. */
  lookupKey(key: string): Promise<PixKeyLookup>
}

/** Everything the app asks of its PSP: API Pix's charges, received PIX and refunds, and payouts. */
export interface PaymentProvider extends PixPayoutProvider {
  readonly name: string
  /** True when no real money moves (the app shows a marker). */
  readonly sandbox: boolean
  /** Creates the charge for a txid; asking again for the same txid returns the same charge. */
  createCharge(input: CreateChargeInput): Promise<PixCharge>
  getCharge(txid: string): Promise<PixCharge | null>
  /** API Pix `PATCH /cob/{txid}` (status REMOVIDA_PELO_USUARIO_RECEBEDOR): withdraws an unpaid charge. */
  cancelCharge?(txid: string): Promise<boolean>
  /**
   * API Pix `GET /pix?inicio&fim`: every PIX received in a window. Reconciliation uses it to find
   * payments whose webhooks were missed for longer than it asks about orders one by one.
   */
  listReceived?(from: number, to: number): Promise<PixReceived[]>
  /** API Pix `GET /pix/{e2eid}`: one PIX as the provider received it, or null when it did not. */
  getPix(endToEndId: string): Promise<PixReceived | null>
  /** `PUT /pix/{e2eid}/devolucao/{id}`; throws RefundRefused when refused for good. */
  requestRefund(input: RefundRequest): Promise<PixRefund>
  /** `GET /pix/{e2eid}/devolucao/{id}`. */
  getRefund(endToEndId: string, id: string): Promise<PixRefund | null>
  /** Null when the webhook is authentic; otherwise why it is not. */
  verifyWebhook(request: WebhookRequest): string | null
  /** A page where this provider lets the player pay a code (the sandbox bank), or null (the player's bank app). */
  payUrl(payCode: string): string | null
  /** Background work the provider runs while the app runs (e.g. settling the sandbox's payouts). */
  start?(onError: (error: unknown) => void): void
  stop?(): void
}
