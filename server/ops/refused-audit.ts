// Refused operator actions leave a trace: every answer 403 in the operator scope (a role without
// the route's permission, a session that must enrol its second factor first, an object the
// operator may not act on) writes an audit row naming who tried what, so probing what one's role
// cannot do is visible to the people who review the log. Calls without valid credentials are not
// actors yet: they are counted per address by auth.ts instead.
import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify'
import { writeAudit } from '../audit/audit.ts'

export const REFUSED_ACTION = 'access.refused'

/** The refusal's msgCode and the values it carries (why it was refused: e.g. which grant ties two operators). */
function refusalOf(payload: unknown): { msgCode: string | null; data?: unknown } {
  if (typeof payload !== 'string') return { msgCode: null }
  try {
    const envelope = JSON.parse(payload) as { msgCode?: unknown; data?: unknown }
    const msgCode = typeof envelope.msgCode === 'string' ? envelope.msgCode : null
    return envelope.data === undefined || envelope.data === null ? { msgCode } : { msgCode, data: envelope.data }
  } catch {
    return { msgCode: null }
  }
}

export function auditRefusedActions(app: FastifyInstance): onSendAsyncHookHandler<unknown> {
  return async (request, reply, payload) => {
    // `ops` is set once the caller is known (also before the enrolment and permission refusals).
    if (reply.statusCode !== 403 || !request.ops) return payload
    await writeAudit(
      app.db,
      request.ops.actor,
      {
        action: REFUSED_ACTION,
        objectType: 'route',
        objectId: `${request.method} ${request.routeOptions.url ?? request.url}`,
        after: {
          ...refusalOf(payload),
          role: request.ops.role,
          permission: request.routeOptions.config?.opsPermission ?? null,
        },
      },
      app.clock.now(),
    )
    return payload
  }
}
