// An operator's standing read again inside the transaction that moves money: a session is checked
// when a request arrives, but a "disable" (or a role change) may commit while that request is still
// on its way. Read in the money's own transaction — on PostgreSQL with the operator's row locked
// FOR SHARE, so a disable waits for a decision already under way, and a decision that reaches its
// transaction after the disable committed sees it — no person moves money once disabled.
import type { Kysely } from 'kysely'
import type { Permission } from '../../contract/ops.ts'
import type { Actor } from '../audit/audit.ts'
import type { Database } from '../db/schema.ts'
import { HttpRefusal } from '../http/envelope.ts'
import { may } from './roles.ts'

/**
 * Refuses the actor when their operator is disabled or gone (401, as a dead session) or their role
 * no longer has `permission` (403), read in the caller's transaction. The scripts' account passes.
 */
export async function refuseUnlessStillAllowed(
  trx: Kysely<Database>,
  engine: 'sqlite' | 'postgres',
  actor: Actor,
  permission: Permission,
  lock: 'share' | 'update' = 'share',
): Promise<void> {
  if (actor.id === null) return
  const read = trx.selectFrom('operators').select(['disabled_at', 'role']).where('id', '=', actor.id)
  // SQLite has one writer at a time: no disable commits inside this transaction.
  const locked = engine === 'postgres' ? (lock === 'update' ? read.forUpdate() : read.forShare()) : read
  const operator = await locked.executeTakeFirst()
  if (!operator || operator.disabled_at !== null) throw new HttpRefusal(401, 'ops_session_invalid')
  if (!may(operator.role, permission)) throw new HttpRefusal(403, 'ops_forbidden')
}
