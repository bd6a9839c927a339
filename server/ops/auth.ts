// Who is calling the operator API, decided before a body is parsed: a console session (the
// httpOnly `SameSite=Strict` cookie) or the scripts' service account (`x-ops-token`, when
// OPS_TOKEN is set). Both become an actor whose actions are audited alike. Wrong tokens and
// dead cookies are counted per address (10 in 15 minutes → 429). Routes name the permission
// they need in their config; a role without it is refused before anything runs. An operator
// whose role needs a second factor and has none may only enrol one.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { OperatorMe } from '../../contract/ops.ts'
import type { Actor } from '../audit/audit.ts'
import type { OperatorRole } from '../db/schema.ts'
import { HttpRefusal } from '../http/envelope.ts'
import { describeOperator, type OperatorRow, verifySession } from './operators.ts'
import { may, type Permission, permissionsOf } from './roles.ts'

export const OPS_FAILED_ATTEMPTS_MAX = 10
export const OPS_FAILED_ATTEMPTS_WINDOW_MS = 15 * 60_000
export const SESSION_COOKIE = 'jl_ops'
/** The service account's name in the audit log. */
export const SERVICE_ACCOUNT_NAME = 'service: OPS_TOKEN'

export interface OperatorContext {
  actor: Actor
  role: OperatorRole
  /** Null for the service account. */
  operator: OperatorRow | null
  sessionHash: string | null
  me: OperatorMe
}

declare module 'fastify' {
  interface FastifyRequest {
    ops: OperatorContext
  }
  interface FastifyContextConfig {
    /** The operator permission a route needs (server/ops/roles.ts). */
    opsPermission?: Permission
    /** Operator routes open without a session (login, setup links). */
    opsPublic?: boolean
    /** Operator routes a session that must still enrol TOTP may call. */
    opsDuringEnrolment?: boolean
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return undefined
}

/**
 * Where the session cookie goes: the operator API and the console's socket, never the player
 * app's requests (same origin). One cookie per path; the one an older version set on `/` is
 * cleared with them.
 */
export const SESSION_COOKIE_PATHS = ['/api/ops', '/ws/ops'] as const

function sessionCookies(app: FastifyInstance, value: string, maxAgeSeconds: number): string[] {
  const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : ''
  return [
    ...SESSION_COOKIE_PATHS.map(
      (path) =>
        `${SESSION_COOKIE}=${value}; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`,
    ),
    `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure}`,
  ]
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, maxAgeMs: number): void {
  reply.header('set-cookie', sessionCookies(app, token, Math.floor(maxAgeMs / 1000)))
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.header('set-cookie', sessionCookies(app, '', 0))
}

export const isSandbox = (app: FastifyInstance) => app.config.payments.provider === 'sandbox'

function serviceAccount(request: FastifyRequest): OperatorContext {
  return {
    actor: { id: null, name: SERVICE_ACCOUNT_NAME, ip: request.ip },
    role: 'admin',
    operator: null,
    sessionHash: null,
    me: {
      id: null,
      email: null,
      name: SERVICE_ACCOUNT_NAME,
      role: 'admin',
      permissions: permissionsOf('admin'),
      totpEnabled: false,
      totpRequired: false,
      mustEnrolTotp: false,
      sessionExpiresAt: null,
    },
  }
}

/** The cookie's live session as an operator context, or undefined (used by the operators' socket too). */
export async function sessionContext(app: FastifyInstance, request: FastifyRequest) {
  const token = readCookie(request, SESSION_COOKIE)
  if (!token) return { token: undefined, context: undefined }
  const session = await verifySession(app.db, token, app.clock.now(), {
    idleMs: app.config.ops.sessionIdleMs,
    maxMs: app.config.ops.sessionMaxMs,
  })
  if (!session) return { token, context: undefined }
  const context: OperatorContext = {
    actor: { id: Number(session.operator.id), name: session.operator.name, ip: request.ip },
    role: session.operator.role,
    operator: session.operator,
    sessionHash: session.tokenHash,
    me: describeOperator(session.operator, isSandbox(app), session.expiresAt),
  }
  return { token, context }
}

export function authenticateOperator(app: FastifyInstance): onRequestAsyncHookHandler {
  const failures = app.createRateLimit({ max: OPS_FAILED_ATTEMPTS_MAX, timeWindow: OPS_FAILED_ATTEMPTS_WINDOW_MS })
  const perOperator = app.createRateLimit({
    max: app.config.playerRateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `operator:${request.ops.actor.id ?? 'service'}`,
  })
  return async (request, reply) => {
    const config = request.routeOptions.config
    if (config?.opsPublic) return
    const seen = await failures(request, { increment: false })
    if (!seen.isAllowed && seen.remaining === 0) {
      reply.header('retry-after', seen.ttlInSeconds)
      throw new HttpRefusal(429, 'rate_limited')
    }
    const given = request.headers['x-ops-token']
    if (given !== undefined) {
      const expected = app.config.opsToken
      if (typeof given === 'string' && expected && sameSecret(given, expected)) {
        request.ops = serviceAccount(request)
      } else {
        await failures(request)
        throw new HttpRefusal(401, 'ops_token_invalid')
      }
    } else {
      const { token, context } = await sessionContext(app, request)
      if (!context) {
        if (token !== undefined) {
          await failures(request)
          clearSessionCookie(app, reply)
          throw new HttpRefusal(401, 'ops_session_invalid')
        }
        throw new HttpRefusal(401, 'ops_token_invalid')
      }
      request.ops = context
      if (context.me.mustEnrolTotp && !config?.opsDuringEnrolment)
        throw new HttpRefusal(403, 'ops_totp_enrolment_required')
    }
    // Per person; the scripts' account shares the per-address limit with everyone else.
    if (request.ops.actor.id !== null) {
      const limit = await perOperator(request)
      if (!limit.isAllowed && limit.isExceeded) throw new HttpRefusal(429, 'rate_limited')
    }
    if (config?.opsPermission && !may(request.ops.role, config.opsPermission))
      throw new HttpRefusal(403, 'ops_forbidden')
  }
}
