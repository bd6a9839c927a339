// The API under `/api`: every answer is the envelope. Validation errors become 400
// `invalid_request` with a readable message, refusals 200 `success: false` (or the status the
// route names in `config.refusalStatus`), rate limiting 429, and faults 500 with a masked
// message. Routes sit in one scope per audience, each with its authentication applied to the
// whole scope (fastify/demo's autohooks habit): public, player (access token), game page
// (game-session token) and operator (ops token).
import rateLimit from '@fastify/rate-limit'
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ZodType } from 'zod'
import type { MsgCode } from '../../contract/envelope.ts'
import { type Language, pickLanguage } from '../../contract/languages.ts'
import { isConnectionLost } from '../db/errors.ts'
import { describeIssues, type FieldIssue, messageFor } from '../i18n/messages.ts'
import { Refusal } from '../refusal.ts'
import { FieldRefusal, HttpRefusal, type Reply } from './envelope.ts'
import { legacyAlias } from './legacy-shapes.ts'
import { hasNulCharacter } from './nul-characters.ts'
import { documentRoute, type Security } from './route-docs.ts'

type Routes = FastifyPluginAsync

/** One audience's routes and the hook that authenticates every request in its scope. */
export interface ApiScope {
  name: string
  /** Runs on every request of the scope before its body is parsed; throws a Refusal to refuse. */
  authenticate?: onRequestHookHandler
  /** How the OpenAPI document says the scope authenticates (openapi.ts names the schemes). */
  security: Security
  /** HTTP statuses the scope's gate answers itself (operators: 401, 403). */
  gateStatuses?: number[]
  /** The scope's route plugins, by the tag their operations carry in the OpenAPI document. */
  routes: Record<string, Routes[]>
}

export interface ApiOptions {
  scopes: ApiScope[]
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The player's language, from Accept-Language (or the market's). */
    language: Language
  }
  interface FastifyContextConfig {
    /** The HTTP status of this route's refusals (default 200; e.g. 404 for a GET of an unknown id). */
    refusalStatus?: number
    /**
     * The older body shapes the route also accepts (its preValidation translates them into the
     * schema's): documented as alternatives, never validated against.
     */
    legacyBody?: ZodType
  }
}

/**
 * Refusals that mean "not now" whoever throws them: HTTP 429, so clients back off and try again.
 * Not 503: the proxy sends a 503 on to the next instance, which is safe only for a request that
 * never reached a handler.
 */
const tooManyRequests: ReadonlySet<MsgCode> = new Set<MsgCode>([
  'busy',
  'rate_limited',
  'service_unavailable',
  'ops_login_throttled',
  'ops_totp_locked',
])

const statusCodes: Partial<Record<string, { status: number; code: MsgCode }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_request' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_request' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: MsgCode,
  msg?: string,
  data?: unknown,
) {
  return reply.status(status).send({
    success: false,
    msgCode: code,
    msg: msg ?? messageFor(code, request.language),
    data: data ?? null,
  })
}

interface RawIssue {
  path: PropertyKey[]
  code: string
  message: string
  errors?: RawIssue[][]
  [param: string]: unknown
}

// A union (e.g. device or credential login) reports every branch; the branch with the fewest
// problems is the one the client meant, so its fields are the ones to name.
function toFieldIssues(issue: RawIssue): FieldIssue[] {
  if (issue.code === 'invalid_union' && issue.errors?.length) {
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? []
    return closest.flatMap((inner) => toFieldIssues({ ...inner, path: [...issue.path, ...inner.path] }))
  }
  const { path, code, message, ...params } = issue
  return [{ field: String(path[0] ?? ''), code, message, params }]
}

export const api: FastifyPluginAsync<ApiOptions> = async (app, options) => {
  app.decorateRequest('language', 'pt-BR')

  // The hooks every request passes take a callback: an async hook costs a promise and a turn of
  // the microtask queue per request.
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = pickLanguage(request.headers['accept-language']) ?? (app.config.market.language as never)
    done()
  })

  // Completes each envelope with the player-language message and the language-pack version.
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
    if (typeof payload !== 'object' || payload === null || !('msgCode' in payload)) return done(null, payload)
    const reply = payload as Reply<unknown>
    done(null, {
      success: reply.success,
      msgCode: reply.msgCode,
      msg: reply.msg ?? messageFor(reply.msgCode, request.language),
      data: reply.data ?? null,
      languageVersion: app.languagePacks.version,
    })
  })

  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNulCharacter(request.body) || hasNulCharacter(request.query) || hasNulCharacter(request.params))
      return done(new HttpRefusal(400, 'invalid_request'))
    done()
  })

  // Per client address (Fastify's request.ip: the socket's, unless TRUST_PROXY says otherwise).
  await app.register(rateLimit, {
    max: app.config.apiRateLimitPerMinute,
    timeWindow: '1 minute',
    // Keys kept in memory: enough for every player active in a minute on a busy instance.
    cache: 100_000,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
  })
  // Per player, after authentication (the player scope's hook): the limit that does the real work.
  app.decorate(
    'playerRateLimit',
    app.createRateLimit({
      max: app.config.playerRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `player:${request.playerId}`,
    }),
  )

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FieldRefusal) {
      const issue = { field: error.field, code: 'custom', message: error.problem, params: {} }
      return send(request, reply, 400, 'invalid_request', describeIssues([issue], request.language))
    }
    if (error instanceof Refusal) {
      const msg = messageFor(error.msgCode, request.language, error.params, app.config.market)
      const status =
        error instanceof HttpRefusal
          ? error.status
          : tooManyRequests.has(error.msgCode)
            ? 429
            : (request.routeOptions.config?.refusalStatus ?? 200)
      return send(request, reply, status, error.msgCode, msg, error.data)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.flatMap((v) =>
        toFieldIssues({
          path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean),
          code: v.keyword,
          message: v.message ?? '',
          ...(v.params as Record<string, unknown>),
        }),
      )
      return send(request, reply, 400, 'invalid_request', describeIssues(issues, request.language))
    }
    const mapped = error.code ? statusCodes[error.code] : undefined
    if (mapped) return send(request, reply, mapped.status, mapped.code)
    if (error.statusCode === 429) return send(request, reply, 429, 'rate_limited')
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(request, reply, error.statusCode, 'invalid_request')
    }
    // A lost database connection is the database's moment, not a bug: what was not committed was
    // rolled back by PostgreSQL, and money requests carry a requestId, so trying again is safe.
    if (isConnectionLost(error)) {
      request.log.warn({ err: error }, 'database connection lost')
      return send(request, reply, 429, 'service_unavailable')
    }
    request.log.error({ err: error }, 'unhandled error')
    return send(request, reply, 500, 'server_error')
  })

  app.setNotFoundHandler((request, reply) => send(request, reply, 404, 'not_found'))

  for (const scope of options.scopes) {
    await app.register(async (scoped) => {
      if (scope.authenticate) scoped.addHook('onRequest', scope.authenticate)
      for (const [tag, plugins] of Object.entries(scope.routes)) {
        await scoped.register(async (tagged) => {
          const docs = { tag, security: scope.security, gateStatuses: scope.gateStatuses }
          // The legacy alias first: it copies the route's own schema, before documentRoute completes it.
          tagged.addHook('onRoute', legacyAlias)
          tagged.addHook('onRoute', (route) => documentRoute(route, docs))
          for (const routes of plugins) await tagged.register(routes)
        })
      }
    })
  }
}
