// The edge where the legacy client meets the project's API: helpers the
// modules' own legacy-shapes.ts files use to translate a legacy request into the project's shape
// before validation, so each route's handler and zod schema only ever see the project's shape.
import { createHash } from 'node:crypto'
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify'
import type { ZodType } from 'zod'
import type { PixKeyType } from '../../contract/pix-keys.ts'
import { operationIdFor } from './openapi.ts'

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

/**
 * The legacy client's path for a project route (a route names it in `config.legacyPath`): the same
 * handler answers it, after `translate` rewrote the legacy body, and `answer` adds the legacy
 * client's fields to what the handler answered. The OpenAPI document lists it as deprecated.
 */
export interface LegacyPath {
  path: string
  /** The legacy body into the project's shape (a translateBody hook), before the route's own preValidation. */
  translate?: preValidationHookHandler
  /** The legacy body shape, documented as the alternative the path also accepts. */
  body?: ZodType
  /** The answer with the legacy client's fields added (given the handler's envelope). */
  answer?: (reply: never, request: FastifyRequest) => unknown
  /** The answer's schemas by status where `answer` changes them (e.g. `replies(…)`; default: the project route's). */
  response?: Record<number, unknown>
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The legacy client's path for this route (see legacyAlias). */
    legacyPath?: LegacyPath
  }
}

const hooksOf = (hook: unknown) => (hook === undefined ? [] : [hook].flat())

/**
 * An onRoute hook: beside a route whose config names a `legacyPath`, registers that path as its
 * alias on the same instance (so the same authentication, rate limits and market gates apply).
 */
export function legacyAlias(this: FastifyInstance, route: RouteOptions): void {
  const legacy = route.config?.legacyPath
  // A GET's HEAD route is Fastify's own: the GET alias gets its own HEAD the same way.
  if (!legacy || route.method === 'HEAD') return
  const { legacyPath: _legacyPath, ...config } = route.config as FastifyContextConfig
  const schema = { ...(route.schema as Record<string, unknown> | undefined) }
  const handler = route.handler
  const answer = legacy.answer
  this.route({
    method: route.method,
    url: legacy.path,
    ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
    onRequest: route.onRequest,
    preParsing: route.preParsing,
    preValidation: [...hooksOf(legacy.translate), ...hooksOf(route.preValidation)] as preValidationHookHandler[],
    preHandler: route.preHandler,
    preSerialization: route.preSerialization,
    onSend: route.onSend,
    onResponse: route.onResponse,
    // The route's onRequest already holds its rate limiter (the limit plugin's onRoute ran first): the
    // alias shares it, so the two paths count against one limit, and gets none of its own.
    config: { ...config, rateLimit: false, ...(legacy.body ? { legacyBody: legacy.body } : {}) },
    schema: {
      ...schema,
      deprecated: true,
      // Its own operationId: the project's path may read the same once `/v1/bus/` is dropped.
      operationId: legacyOperationId([route.method].flat()[0] ?? 'POST', legacy.path),
      description: [`The legacy client's path for \`${route.url}\`.`, schema.description].filter(Boolean).join(' '),
      ...(legacy.response ? { response: { ...(schema.response as object), ...legacy.response } } : {}),
    },
    handler: answer
      ? async function (this: FastifyInstance, request, reply) {
          const sent = await handler.call(this, request, reply)
          return sent && typeof sent === 'object' && (sent as { success?: unknown }).success === true
            ? answer(sent as never, request)
            : sent
        }
      : handler,
  })
}

/** `legacy` and the path's own operationId: `/v1/bus/accountInfo` → `legacyAccountInfo`. */
function legacyOperationId(method: string, path: string): string {
  const id = operationIdFor(method, `/api${path}`)
  return `legacy${id.charAt(0).toUpperCase()}${id.slice(1)}`
}
