// An operator's holds on a player's account. A freeze is a risk hold: the
// player still logs in, sees their balance and statement and talks to support, but play,
// deposits, new withdrawals and rewards are refused with `account_frozen` at each module's own
// gate (`refuseIfHeld`); withdrawals already in flight go on. A closure under way (server/closure)
// stops the same things with `account_closing` while its payout goes on. Closing ends every session
// and device and refuses logins with `account_closed` (or the words for why it was closed); nothing
// is deleted.
import type { Kysely } from 'kysely'
import type { Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'

export interface AccountHolds {
  frozenAt: number | null
  closedAt: number | null
  /** A closure under way: its payout goes on, everything else stops. */
  closingAt?: number | null
}

export type ClosedReason = 'barred' | 'self' | 'operator'

export async function accountHolds(db: Kysely<Database>, playerId: number): Promise<AccountHolds> {
  const row = await db
    .selectFrom('players')
    .select(['frozen_at', 'closed_at', 'closing_at'])
    .where('id', '=', playerId)
    .executeTakeFirst()
  return {
    frozenAt: row?.frozen_at == null ? null : Number(row.frozen_at),
    closedAt: row?.closed_at == null ? null : Number(row.closed_at),
    closingAt: row?.closing_at == null ? null : Number(row.closing_at),
  }
}

/** When and why the account was closed; null when there is no such player. */
export async function closedState(
  db: Kysely<Database>,
  playerId: number,
): Promise<{ closedAt: number | null; closedReason: string | null } | null> {
  const row = await db
    .selectFrom('players')
    .select(['closed_at', 'closed_reason'])
    .where('id', '=', playerId)
    .executeTakeFirst()
  if (!row) return null
  return { closedAt: row.closed_at == null ? null : Number(row.closed_at), closedReason: row.closed_reason ?? null }
}

/** True while a closure is under way or done: a PIX paid to an old charge goes back. */
export async function accountClosing(db: Kysely<Database>, playerId: number): Promise<boolean> {
  const holds = await accountHolds(db, playerId)
  return holds.closingAt != null || holds.closedAt !== null
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
  if (holds.closingAt != null) throw new Refusal('account_closing')
  if (holds.frozenAt !== null) throw new Refusal('account_frozen')
}

/**
 * A closure begins: play, deposits, new withdrawals and rewards stop from this commit on (each
 * gate reads `closing_at`). Called inside the closure's ledger transaction, under the player's lock,
 * so a spin or deposit either committed before it (and its money is counted) or is refused.
 */
export async function markClosing(db: Kysely<Database>, playerId: number, now: number): Promise<void> {
  await db
    .updateTable('players')
    .set({ closing_at: now })
    .where('id', '=', playerId)
    .where('closing_at', 'is', null)
    .execute()
}

/** An operator reopens a closed account (or one being closed): every hold of a closure is lifted. */
export async function reopenAccount(db: Kysely<Database>, playerId: number): Promise<void> {
  await db
    .updateTable('players')
    .set({ closing_at: null, closed_at: null, closed_reason: null })
    .where('id', '=', playerId)
    .execute()
}

/** The refusal a login of a closed account gets: the words for why it was closed. */
export function closedRefusal(reason: string | null): Refusal {
  if (reason === 'barred') return new Refusal('account_closed_barred')
  if (reason === 'self') return new Refusal('account_closed_self')
  return new Refusal('account_closed')
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
  reason: ClosedReason = 'operator',
): Promise<{ tokenHashes: string[]; devices: number }> {
  await db.updateTable('players').set({ closed_at: now, closed_reason: reason }).where('id', '=', playerId).execute()
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
