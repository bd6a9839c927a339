// An admin's changes to other operators from the console: a new role, disabling and enabling,
// and resetting the password and second factor (a new one-time setup link, sent to the operator's
// own e-mail by the caller's `deliver`, never answered to the admin). Each is written with its
// audit row in one transaction; a role change and a reset also record who made them
// (operator-grants.ts), which four-eyes decisions read. Nobody changes their own role or disables or resets their
// own account, and no change leaves the console without an active admin; both refusals are 403,
// so the operator scope's hook audits them too. Disabling and resetting end the operator's
// sessions at once (the routes close their console sockets with the hashes answered here).
import type { Kysely } from 'kysely'
import type { OperatorRole } from '../../contract/ops.ts'
import { type Actor, writeAudit } from '../audit/audit.ts'
import type { Database } from '../db/schema.ts'
import { HttpRefusal } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'
import { recordGrant } from './operator-grants.ts'
import { issueSetupToken, type OperatorRow, SETUP_LINK_TTL_MS } from './operators.ts'

interface Change {
  db: Kysely<Database>
  engine: 'sqlite' | 'postgres'
  actor: Actor
  operatorId: number
  now: number
  reason: string
}

/**
 * Runs `apply` on the operator in a transaction, after the guards: not one's own account, and
 * (when `leavesAdmins` says the change takes an active admin away) not the last active admin.
 */
async function changeOperator<T>(
  change: Change,
  leavesAdmins: (target: OperatorRow) => boolean,
  apply: (trx: Kysely<Database>, target: OperatorRow) => Promise<T>,
): Promise<T> {
  const { db, engine, actor, operatorId } = change
  if (actor.id === operatorId) throw new HttpRefusal(403, 'ops_own_account')
  return db.transaction().execute(async (trx) => {
    // Two admins removing each other at once: the admins' rows are locked, so the second sees the first.
    const admins = trx.selectFrom('operators').selectAll().where('role', '=', 'admin').where('disabled_at', 'is', null)
    const active = engine === 'postgres' ? await admins.forUpdate().execute() : await admins.execute()
    const target = await trx.selectFrom('operators').selectAll().where('id', '=', operatorId).executeTakeFirst()
    if (!target) throw new Refusal('not_found')
    const isActiveAdmin = target.role === 'admin' && target.disabled_at === null
    if (isActiveAdmin && leavesAdmins(target) && active.length <= 1) throw new HttpRefusal(403, 'ops_last_admin')
    return apply(trx, target)
  })
}

/** Ends every live session of the operator; answers their hashes (to close their sockets). */
async function endSessions(trx: Kysely<Database>, operatorId: number, now: number): Promise<string[]> {
  const rows = await trx
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute()
  return rows.map((row) => row.token_hash)
}

export async function changeOperatorRole(change: Change, role: OperatorRole): Promise<void> {
  await changeOperator(
    change,
    () => role !== 'admin',
    async (trx, target) => {
      if (target.role === role) return
      await trx.updateTable('operators').set({ role, updated_at: change.now }).where('id', '=', target.id).execute()
      await recordGrant(trx, { operatorId: change.operatorId, by: change.actor, kind: 'role', role }, change.now)
      await writeAudit(
        trx,
        change.actor,
        {
          action: 'operator.role',
          objectType: 'operator',
          objectId: change.operatorId,
          before: { role: target.role },
          after: { role },
          reason: change.reason,
        },
        change.now,
      )
    },
  )
}

/** Disables (ending their sessions) or enables an operator; answers the ended sessions' hashes. */
export async function setOperatorDisabled(change: Change, disabled: boolean): Promise<string[]> {
  return changeOperator(
    change,
    () => disabled,
    async (trx, target) => {
      if ((target.disabled_at !== null) === disabled) return []
      const { now } = change
      await trx
        .updateTable('operators')
        .set({ disabled_at: disabled ? now : null, updated_at: now })
        .where('id', '=', target.id)
        .execute()
      const ended = disabled ? await endSessions(trx, change.operatorId, now) : []
      await writeAudit(
        trx,
        change.actor,
        {
          action: disabled ? 'operator.disable' : 'operator.enable',
          objectType: 'operator',
          objectId: change.operatorId,
          before: { disabled: !disabled },
          after: { disabled, sessionsEnded: ended.length },
          reason: change.reason,
        },
        now,
      )
      return ended
    },
  )
}

/**
 * Clears the password and the second factor, ends the sessions and issues a new setup link,
 * where the operator chooses a new password (and enrols TOTP again at their next login).
 */
export async function resetOperatorCredentials(
  change: Change,
  deliver: (trx: Kysely<Database>, target: OperatorRow, setup: { token: string; expiresAt: number }) => Promise<void>,
): Promise<{ email: string; expiresAt: number; ended: string[] }> {
  return changeOperator(
    change,
    () => true,
    async (trx, target) => {
      const { now } = change
      await trx
        .updateTable('operators')
        .set({ password_hash: null, totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now })
        .where('id', '=', target.id)
        .execute()
      const ended = await endSessions(trx, change.operatorId, now)
      const setupToken = await issueSetupToken(trx, change.operatorId, target.role, now)
      const expiresAt = now + SETUP_LINK_TTL_MS
      await deliver(trx, target, { token: setupToken, expiresAt })
      await recordGrant(trx, { operatorId: change.operatorId, by: change.actor, kind: 'reset', role: target.role }, now)
      await writeAudit(
        trx,
        change.actor,
        {
          action: 'operator.reset',
          objectType: 'operator',
          objectId: change.operatorId,
          before: { hadPassword: target.password_hash !== null, totpEnabled: target.totp_enabled_at !== null },
          after: { setupLinkSentTo: target.email, sessionsEnded: ended.length },
          reason: change.reason,
        },
        now,
      )
      return { email: target.email, expiresAt, ended }
    },
  )
}
