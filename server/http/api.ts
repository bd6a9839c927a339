// The API under `/api`: every answer is the envelope (SPEC 9). Validation errors become 400
// `invalid_request` with a readable message, business refusals 200 `success: false`, rate
// limiting 429, and faults 500 with a masked message.
import rateLimit from '@fastify/rate-limit'
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { MsgCode } from '../../contract/envelope.ts'
import { pickLanguage } from '../../contract/languages.ts'
import { describeIssues, type FieldIssue, messageFor } from '../i18n/messages.ts'
import { Refusal, type Reply } from './envelope.ts'

export interface ApiOptions {
  routes: FastifyPluginAsync[]
}

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
  app.decorateRequest('playerId', 0)
  app.decorateRequest('accessToken', '')
  app.decorateRequest('sessionDeviceId', null)

  app.addHook('onRequest', async (request) => {
    request.language = pickLanguage(request.headers['accept-language']) ?? (app.config.market.language as never)
  })

  // Completes each envelope with the player-language message and the language-pack version.
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (typeof payload !== 'object' || payload === null || !('msgCode' in payload)) return payload
    const reply = payload as Reply<unknown>
    return {
      success: reply.success,
      msgCode: reply.msgCode,
      msg: reply.msg ?? messageFor(reply.msgCode, request.language),
      data: reply.data ?? null,
      languageVersion: app.languagePacks.version,
    }
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
  // Per player, after authentication (requirePlayer): the limit that does the real work.
  app.decorate(
    'playerRateLimit',
    app.createRateLimit({
      max: app.config.playerRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `player:${request.playerId}`,
    }),
  )

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal) {
      const msg = messageFor(error.msgCode, request.language, error.params, app.config.market)
      return send(request, reply, error.status, error.msgCode, msg, error.data)
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
    request.log.error({ err: error }, 'unhandled error')
    return send(request, reply, 500, 'server_error')
  })

  app.setNotFoundHandler((request, reply) => send(request, reply, 404, 'not_found'))

  for (const routes of options.routes) await app.register(routes)
}
