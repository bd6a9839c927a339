// An operator's holds on a player's account. A freeze is a risk hold: the
// player still logs in, sees their balance and statement and talks to support, but play,
// deposits, new withdrawals and rewards are refused with `account_frozen` at each module's own
// gate (`refuseIfHeld`); withdrawals already in flight go on. Closing ends every session and
// device and refuses logins with `account_closed`; nothing is deleted.
import type { Kysely } from 'kysely'
import type { Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'

export interface AccountHolds {
  frozenAt: number | null
  closedAt: number | null
}

export async function accountHolds(db: Kysely<Database>, playerId: number): Promise<AccountHolds> {
  const row = await db
    .selectFrom('players')
    .select(['frozen_at', 'closed_at'])
    .where('id', '=', playerId)
    .executeTakeFirst()
  return {
    frozenAt: row?.frozen_at == null ? null : Number(row.frozen_at),
    closedAt: row?.closed_at == null ? null : Number(row.closed_at),
  }
}

/** True while the account is frozen or closed (a PIX paid to its old charge goes back). */
export async function accountHeld(db: Kysely<Database>, playerId: number): Promise<boolean> {
  const holds = await accountHolds(db, playerId)
  return holds.frozenAt !== null || holds.closedAt !== null
}

/**
 * Whether the account is held, read inside the caller's transaction with the player's row share-
 * locked on PostgreSQL: a freeze or close (which updates the row) then waits for the caller's
 * commit, or the caller waits for theirs and sees it. SQLite's one writer orders them anyway.
 */
export async function accountHeldLocked(trx: Kysely<Database>, engine: Engine, playerId: number): Promise<boolean> {
  let query = trx.selectFrom('players').select(['frozen_at', 'closed_at']).where('id', '=', playerId)
  if (engine === 'postgres') query = query.forShare()
  const row = await query.executeTakeFirst()
  return row?.frozen_at != null || row?.closed_at != null
}

/** The gate for play, deposits, new withdrawals and rewards: refuses a frozen or closed account. */
export async function refuseIfHeld(db: Kysely<Database>, playerId: number): Promise<void> {
  refuseHolds(await accountHolds(db, playerId))
}

/** The same refusal for holds already read (the spin reads them with its other checks). */
export function refuseHolds(holds: AccountHolds): void {
  if (holds.closedAt !== null) throw new Refusal('account_closed')
  if (holds.frozenAt !== null) throw new Refusal('account_frozen')
}

/** Freezes or unfreezes; answers the holds before and after (unchanged when already so). */
export async function setFrozen(
  db: Kysely<Database>,
  playerId: number,
  frozen: boolean,
  now: number,
): Promise<{ before: AccountHolds; after: AccountHolds }> {
  const before = await accountHolds(db, playerId)
  if (frozen !== (before.frozenAt !== null)) {
    await db
      .updateTable('players')
      .set({ frozen_at: frozen ? now : null })
      .where('id', '=', playerId)
      .execute()
  }
  return { before, after: await accountHolds(db, playerId) }
}

/**
 * Closes the account: marks it closed, revokes every device and open session. Answers the
 * revoked sessions' token hashes (to close their sockets) and how many devices were revoked.
 */
export async function closeAccount(
  db: Kysely<Database>,
  playerId: number,
  now: number,
): Promise<{ tokenHashes: string[]; devices: number }> {
  await db.updateTable('players').set({ closed_at: now }).where('id', '=', playerId).execute()
  const open = await db
    .selectFrom('session_tokens')
    .select('token_hash')
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute()
  await db
    .updateTable('session_tokens')
    .set({ revoked_at: now })
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .execute()
  const devices = await db
    .updateTable('devices')
    .set({ revoked_at: now })
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return { tokenHashes: open.map((r) => r.token_hash), devices: Number(devices.numUpdatedRows) }
}
