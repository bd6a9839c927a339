// Identifiers of the PIX world: charge txids (26–35 alphanumerics, API Pix), end-to-end ids
// (E + ISPB + yyyyMMddHHmm + 11 alphanumerics = 32 characters), return ids of refunds (the
// same shape with D), refund ids (API Pix `DevolucaoId`) and our own order ids.
import { randomInt } from 'node:crypto'

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function randomAlphanumeric(length: number): string {
  // randomInt is uniform (rejection sampling inside), so every character is equally likely.
  let text = ''
  for (let i = 0; i < length; i++) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]
  return text
}

export const TXID_PATTERN = /^[A-Za-z0-9]{26,35}$/
export const END_TO_END_PATTERN = /^[A-Za-z0-9]{32}$/

export function newTxid(): string {
  return randomAlphanumeric(32)
}

/** An end-to-end id as the sandbox bank's PSP (ISPB 99999999) would mint it. */
export function newEndToEndId(now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 12)
  return `E99999999${stamp}${randomAlphanumeric(11)}`
}

/** A refund's return id (rtrId) as the sandbox bank's PSP would mint it. */
export function newReturnId(now: number): string {
  return `D${newEndToEndId(now).slice(1)}`
}

/** Our refund (devolucao) id for a received PIX: one refund per PIX, so retries reuse it. */
export function refundIdFor(endToEndId: string): string {
  return `R${endToEndId}`
}

/** Order ids: a letter for the kind (D deposit, W withdrawal) and 19 random characters. */
export function newOrderId(kind: 'D' | 'W'): string {
  return `${kind}${randomAlphanumeric(19)}`
}
