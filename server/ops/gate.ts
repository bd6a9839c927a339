// The operator API's door: an `onRequest` hook (it runs before the body is parsed or validated)
// that answers 401 to a missing or wrong `x-ops-token`, and 429 to an address that has sent
// too many wrong ones, whatever it sends next.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify'
import { HttpRefusal } from '../http/envelope.ts'

/** Wrong tokens an address may send per window before the operator API stops answering it. */
export const OPS_FAILED_ATTEMPTS_MAX = 10
export const OPS_FAILED_ATTEMPTS_WINDOW_MS = 15 * 60_000

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function operatorGate(app: FastifyInstance, expected: string): onRequestAsyncHookHandler {
  const failures = app.createRateLimit({ max: OPS_FAILED_ATTEMPTS_MAX, timeWindow: OPS_FAILED_ATTEMPTS_WINDOW_MS })
  return async (request, reply) => {
    const seen = await failures(request, { increment: false })
    if (!seen.isAllowed && seen.remaining === 0) {
      reply.header('retry-after', seen.ttlInSeconds)
      throw new HttpRefusal(429, 'rate_limited')
    }
    const given = request.headers['x-ops-token']
    if (typeof given === 'string' && sameSecret(given, expected)) return
    await failures(request)
    throw new HttpRefusal(401, 'ops_token_invalid')
  }
}
