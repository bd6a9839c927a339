// Who an operator request of the support routes comes from, as the console's operator scope
// decided it (server/ops/auth.ts: a console session or the scripts' service account): the id
// a conversation is assigned to, the name operators see, the first name players see, and the
// actor the audit log records. Permissions are checked by the scope from each route's config.
import type { FastifyRequest } from 'fastify'
import type { Actor } from '../audit/audit.ts'

export interface SupportOperator {
  /** What a conversation's assignment records: the operator's id, or `service` for OPS_TOKEN. */
  id: string
  /** The operator's name as the console shows it; players see only the first name. */
  name: string
  role: string
  actor: Actor
}

/** The scripts' account replies as the team, never under its technical name. */
const SERVICE_DISPLAY_NAME = 'Atendimento'

export function operatorOf(request: FastifyRequest): SupportOperator {
  const { actor, role } = request.ops
  return {
    id: actor.id === null ? 'service' : String(actor.id),
    name: actor.id === null ? SERVICE_DISPLAY_NAME : actor.name,
    role,
    actor,
  }
}

/** What players see of an operator: the first name only. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name
}
