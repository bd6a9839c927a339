// The edge where the legacy client meets the project's API: helpers the
// modules' own legacy-shapes.ts files use to translate a legacy request into the project's shape
// before validation, so each route's handler and zod schema only ever see the project's shape.
import { createHash } from 'node:crypto'
import type { FastifyRequest, preValidationHookHandler } from 'fastify'
import type { PixKeyType } from '../../contract/pix-keys.ts'

export type Body = Record<string, unknown>

/**
 * A preValidation hook that rewrites a JSON object body with `translate` (which returns the new
 * body, or throws a Refusal). A missing body is treated as `{}` — the legacy client posts some calls bare.
 */
export function translateBody(
  translate: (body: Body, request: FastifyRequest) => Body | Promise<Body>,
): preValidationHookHandler {
  return async (request) => {
    const body = request.body ?? {}
    if (typeof body !== 'object' || Array.isArray(body)) return
    request.body = await translate({ ...(body as Body) }, request)
  }
}

/** The legacy client's numeric PIX key types (its account form and withdraw form): 1 CPF, 4 phone, 5 e-mail. */
export const legacyPayTypes: Readonly<Record<number, PixKeyType>> = { 1: 'cpf', 4: 'phone', 5: 'email' }
export const legacyPayTypeOf: Readonly<Record<PixKeyType, number | null>> = { cpf: 1, phone: 4, email: 5, random: null }

/** The project's key type for a legacy numeric payType; other values pass through for zod to judge. */
export function projectPayType(value: unknown): unknown {
  return typeof value === 'number' ? (legacyPayTypes[value] ?? value) : value
}

/**
 * A requestId derived from what identifies one intent, for legacy calls that carry none. Only for
 * calls where a replay is safe (the same inputs give the same id, so the second call replays).
 */
export function derivedRequestId(kind: string, ...parts: (string | number)[]): string {
  return `seed-${kind}-${createHash('sha256').update(parts.join(':')).digest('base64url').slice(0, 32)}`
}
