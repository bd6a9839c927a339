// Who is calling the operator API, decided before a body is parsed: a console session (the
// httpOnly `SameSite=Strict` cookie) or the scripts' service account (`x-ops-token`, when
// OPS_TOKEN is set). Both become an actor whose actions are audited alike. Wrong tokens and
// dead cookies are counted per address in the database, so every instance shares the count (10
// in 15 minutes → that address's further wrong ones answer 429); valid credentials are always
// checked and accepted — both are 256-bit secrets, so letting them through a throttle tells a
// guesser nothing, while refusing them would let anyone lock operators out. Routes name the permission
// they need in their config; a role without it is refused before anything runs. An operator
// whose role needs a second factor and has none may only enrol one.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { OperatorMe, Permission } from '../../contract/ops.ts'
import { reserveAttempt, type ThrottlePolicy } from '../accounts/login-throttle.ts'
import type { Actor } from '../audit/audit.ts'
import type { OperatorRole } from '../db/schema.ts'
import { HttpRefusal } from '../http/envelope.ts'
import { describeOperator, type OperatorRow, verifySession } from './operators.ts'
import { may, permissionsOf } from './roles.ts'

export const OPS_FAILED_ATTEMPTS_MAX = 10
export const OPS_FAILED_ATTEMPTS_WINDOW_MS = 15 * 60_000

/** Wrong tokens and dead cookies from one address: 10 in 15 minutes → its wrong ones answer 429 for 15 minutes. */
const failedCredentialsPolicy: ThrottlePolicy = {
  delayAfter: Number.POSITIVE_INFINITY,
  maxDelayMs: 0,
  lockAfter: OPS_FAILED_ATTEMPTS_MAX,
  windowMs: OPS_FAILED_ATTEMPTS_WINDOW_MS,
  lockMs: OPS_FAILED_ATTEMPTS_WINDOW_MS,
}
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
  /** Counts a wrong credential from the request's address; 401 with `code`, or 429 once the address is over the limit. */
  async function refuseFailed(
    request: FastifyRequest,
    reply: FastifyReply,
    code: 'ops_token_invalid' | 'ops_session_invalid',
  ): Promise<never> {
    const now = app.clock.now()
    const counted = await reserveAttempt(app.db, `ops-address:${request.ip}`, failedCredentialsPolicy, now)
    if (!counted.allowed) {
      reply.header('retry-after', Math.max(1, Math.ceil((counted.retryAt - now) / 1000)))
      throw new HttpRefusal(429, 'rate_limited')
    }
    throw new HttpRefusal(401, code)
  }
  const perOperator = app.createRateLimit({
    max: app.config.playerRateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `operator:${request.ops.actor.id ?? 'service'}`,
  })
  return async (request, reply) => {
    const config = request.routeOptions.config
    if (config?.opsPublic) return
    const given = request.headers['x-ops-token']
    if (given !== undefined) {
      const expected = app.config.opsToken
      if (typeof given === 'string' && expected && sameSecret(given, expected)) {
        request.ops = serviceAccount(request)
      } else {
        await refuseFailed(request, reply, 'ops_token_invalid')
      }
    } else {
      const { token, context } = await sessionContext(app, request)
      if (!context) {
        if (token !== undefined) {
          clearSessionCookie(app, reply)
          await refuseFailed(request, reply, 'ops_session_invalid')
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
