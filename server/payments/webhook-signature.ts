// Webhook signatures for the sandbox payment provider: HMAC-SHA256 over `timestamp.rawBody`,
// sent as `x-pix-timestamp` (epoch seconds) and `x-pix-signature` (hex). A request is accepted
// only with a valid signature made within the window (5 minutes by default), so a captured
// webhook cannot be replayed later. (Real PIX providers use mTLS; the adapter allows both.)
import { createHmac, timingSafeEqual } from 'node:crypto'

export const SIGNATURE_WINDOW_SECONDS = 300

export function signWebhook(secret: string, rawBody: string, timestampSeconds: number): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex')
}

export type SignatureProblem = 'missing' | 'malformed' | 'stale' | 'mismatch'

export function checkWebhookSignature(input: {
  secret: string
  rawBody: string
  timestamp: string | undefined
  signature: string | undefined
  nowSeconds: number
  windowSeconds?: number
}): SignatureProblem | null {
  if (!input.timestamp || !input.signature) return 'missing'
  if (!/^\d{1,12}$/.test(input.timestamp) || !/^[0-9a-f]{64}$/i.test(input.signature)) return 'malformed'
  const timestamp = Number(input.timestamp)
  if (Math.abs(input.nowSeconds - timestamp) > (input.windowSeconds ?? SIGNATURE_WINDOW_SECONDS)) return 'stale'
  const expected = Buffer.from(signWebhook(input.secret, input.rawBody, timestamp), 'hex')
  const given = Buffer.from(input.signature, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'mismatch'
}
