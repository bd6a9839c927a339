// Who gave an operator their credentials or their role: every creation, reset and role change
// is recorded with the person who made it, in the change's own transaction. Four-eyes needs two
// independent people, and an admin who just set up (or reset, or promoted) an operator may
// control that operator: so for OPS_FOUR_EYES_GRANT_DAYS neither of the two may approve what the
// other requested (refused with `four_eyes_not_independent`, naming the grant; the operator
// scope audits the refusal with it).
import type { Kysely } from 'kysely'
import type { Actor } from '../audit/audit.ts'
import type { Database, OperatorRole } from '../db/schema.ts'
import { HttpRefusal } from '../http/envelope.ts'

export type GrantKind = Database['operator_grants']['kind']

export async function recordGrant(
  trx: Kysely<Database>,
  grant: { operatorId: number; by: Actor; kind: GrantKind; role: OperatorRole },
  now: number,
): Promise<void> {
  await trx
    .insertInto('operator_grants')
    .values({
      operator_id: grant.operatorId,
      granted_by: grant.by.id,
      granted_by_name: grant.by.name,
      kind: grant.kind,
      role: grant.role,
      at: now,
    })
    .execute()
}

/** The latest grant within the window between the two operators, either way round. */
export async function grantBetween(trx: Kysely<Database>, a: number, b: number, since: number) {
  return trx
    .selectFrom('operator_grants')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('operator_id', '=', a), eb('granted_by', '=', b)]),
        eb.and([eb('operator_id', '=', b), eb('granted_by', '=', a)]),
      ]),
    )
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/**
 * Refuses (403) a second person's approval when they and the requester are tied by a grant within
 * `windowMs`: one created, reset or changed the role of the other. The scripts' account, and a
 * request made by it, are not people tied to anyone.
 */
export async function refuseUnlessIndependent(
  trx: Kysely<Database>,
  approver: Actor,
  requesterId: number | null,
  now: number,
  windowMs: number,
): Promise<void> {
  if (approver.id === null || requesterId === null || windowMs <= 0) return
  const grant = await grantBetween(trx, approver.id, requesterId, now - windowMs)
  if (!grant) return
  const operator = await trx
    .selectFrom('operators')
    .select('name')
    .where('id', '=', grant.operator_id)
    .executeTakeFirst()
  throw new HttpRefusal(403, 'four_eyes_not_independent', {
    grant: grant.kind,
    operatorId: Number(grant.operator_id),
    operator: operator?.name ?? '',
    grantedById: Number(grant.granted_by),
    grantedBy: grant.granted_by_name,
    at: Number(grant.at),
    until: Number(grant.at) + windowMs,
  })
}
