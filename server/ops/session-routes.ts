// The console's door: log in (e-mail, password, TOTP code when enrolled) for a session cookie,
// log out, who am I, TOTP enrolment (a secret shown as a QR code, in force once a code confirms
// it) and the one-time setup links (`npm run ops:operator -- create`, the first admin's link
// `npm start` prints). Every login, failed or not, is in the audit log (the e-mail typed and the
// refusal's code, never the password).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { loggedOut, operatorMe, setupDone, setupInfoView, totpEnrolment } from '../../contract/ops-replies.ts'
import { writeAudit } from '../audit/audit.ts'
import { ok, replies } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'
import { clearSessionCookie, isSandbox, setSessionCookie } from './auth.ts'
import { checkLogin } from './operator-login.ts'
import {
  completeSetup,
  confirmTotpEnrolment,
  describeOperator,
  openSession,
  revokeSession,
  setupInfo,
  startTotpEnrolment,
} from './operators.ts'

const email = z.string().trim().min(3).max(200).email()
const password = z.string().min(1).max(200)
const setupToken = z.string().min(1).max(100)
/** Refusals that say when to come back (the login throttles): their seconds go in `retry-after`. */
const waits = new Set(['ops_login_throttled', 'ops_totp_locked'])

export const opsSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = { idleMs: app.config.ops.sessionIdleMs, maxMs: app.config.ops.sessionMaxMs }
  // Logins are few and costly (scrypt): a tight limit per address on top of the per-e-mail throttle.
  const loginRateLimit = { max: app.config.ops.loginRateLimitPerMinute, timeWindow: '1 minute' }

  app.post(
    '/session/login',
    {
      config: { opsPublic: true, rateLimit: loginRateLimit },
      schema: {
        response: replies(operatorMe),
        security: [],
        body: z.strictObject({ email, password, totp: z.string().trim().max(10).optional() }),
      },
    },
    async (request, reply) => {
      const now = app.clock.now()
      let operator: Awaited<ReturnType<typeof checkLogin>>
      try {
        operator = await checkLogin(app.db, request.body, request.ip, now, app.secretKeys)
      } catch (error) {
        if (error instanceof Refusal && waits.has(error.msgCode)) {
          const { seconds } = error.data as { seconds: number }
          reply.header('retry-after', seconds)
        }
        if (error instanceof Refusal && error.msgCode !== 'busy') {
          await writeAudit(
            app.db,
            { id: null, name: request.body.email.toLowerCase(), ip: request.ip },
            {
              action: 'session.login_failed',
              objectType: 'operator',
              objectId: request.body.email.toLowerCase(),
              after: { code: error.msgCode },
            },
            now,
          )
        }
        throw error
      }
      const session = await openSession(app.db, Number(operator.id), request.ip, now, policy)
      await writeAudit(
        app.db,
        { id: Number(operator.id), name: operator.name, ip: request.ip },
        { action: 'session.login', objectType: 'operator', objectId: Number(operator.id) },
        now,
      )
      setSessionCookie(app, reply, session.token, policy.maxMs)
      return ok(describeOperator(operator, isSandbox(app), Math.min(session.expiresAt, now + policy.idleMs)))
    },
  )

  app.post(
    '/session/logout',
    { schema: { response: replies(loggedOut) }, config: { opsDuringEnrolment: true } },
    async (request, reply) => {
      const { sessionHash, actor } = request.ops
      if (sessionHash) {
        await revokeSession(app.db, sessionHash, app.clock.now())
        app.push.closeOperatorSession(sessionHash)
      }
      await writeAudit(
        app.db,
        actor,
        { action: 'session.logout', objectType: 'operator', objectId: actor.id ?? 'service' },
        app.clock.now(),
      )
      clearSessionCookie(app, reply)
      return ok({ loggedOut: true })
    },
  )

  app.post(
    '/session/me',
    { schema: { response: replies(operatorMe) }, config: { opsDuringEnrolment: true } },
    async (request) => ok(request.ops.me),
  )

  app.post(
    '/session/totp/start',
    { schema: { response: replies(totpEnrolment) }, config: { opsDuringEnrolment: true } },
    async (request) => {
      const { operator } = request.ops
      if (!operator) throw new Refusal('ops_forbidden')
      return ok(await startTotpEnrolment(app.db, operator, app.clock.now(), app.secretKeys))
    },
  )

  app.post(
    '/session/totp/confirm',
    {
      config: { opsDuringEnrolment: true },
      schema: {
        response: replies(operatorMe),
        body: z.strictObject({
          code: z
            .string()
            .trim()
            .regex(/^\d{6}$/),
        }),
      },
    },
    async (request) => {
      const { operator, actor } = request.ops
      if (!operator) throw new Refusal('ops_forbidden')
      const now = app.clock.now()
      await confirmTotpEnrolment(app.db, operator, request.body.code, now, app.secretKeys)
      await writeAudit(
        app.db,
        actor,
        { action: 'operator.totp_enabled', objectType: 'operator', objectId: Number(operator.id) },
        now,
      )
      return ok(
        describeOperator({ ...operator, totp_enabled_at: now }, isSandbox(app), request.ops.me.sessionExpiresAt),
      )
    },
  )

  app.post(
    '/session/setupInfo',
    {
      config: { opsPublic: true, rateLimit: loginRateLimit },
      schema: { response: replies(setupInfoView), security: [], body: z.strictObject({ token: setupToken }) },
    },
    async (request) => ok(await setupInfo(app.db, request.body.token, app.clock.now())),
  )

  app.post(
    '/session/setup',
    {
      config: { opsPublic: true, rateLimit: loginRateLimit },
      schema: {
        response: replies(setupDone),
        security: [],
        body: z.strictObject({
          token: setupToken,
          password: z.string().min(1).max(64),
          email: email.optional(),
          name: z.string().trim().min(1).max(80).optional(),
        }),
      },
    },
    async (request) => {
      const now = app.clock.now()
      const { id, created } = await completeSetup(app.db, request.body, now)
      await writeAudit(
        app.db,
        { id, name: request.body.name ?? request.body.email ?? `operator ${id}`, ip: request.ip },
        { action: created ? 'operator.first_admin' : 'operator.setup', objectType: 'operator', objectId: id },
        now,
      )
      return ok({ operatorId: id })
    },
  )
}
