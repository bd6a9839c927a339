// The register's gate: play, deposits and rewards wait for a player the register has not cleared
// (it named them, or has not answered since it was owed an answer). A player with no standing here
// has never given a CPF and holds no money to bet. Other modules call these; the SQL on this
// module's table stays here.
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'

/**
 * One row, kind `register`, `a` 1 when the player is not cleared: a part of the spin's account-gate
 * statement (accounts/limits.ts), read with its other checks under the player's lock.
 */
export function registerGateRows(playerId: number) {
  return sql`select 'register' as kind, cast(case when state = 'clear' then 0 else 1 end as bigint) as a, cast(null as bigint) as b, cast(null as bigint) as c from register_players where player_id = ${playerId}`
}

/** Refuses with the neutral `regulatory_check` when a gate row says not cleared. */
export function refuseUncleared(blocked: boolean): void {
  if (blocked) throw new Refusal('regulatory_check')
}

/** Whether the register has not cleared the player (a standing that is barred or unchecked). */
export async function registerBlocked(db: Kysely<Database>, playerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('register_players')
    .select('state')
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  return row !== undefined && row.state !== 'clear'
}

/** The gate deposits, game sessions and rewards call: refuses a player the register has not cleared. */
export async function refuseIfRegisterBlocked(db: Kysely<Database>, playerId: number): Promise<void> {
  refuseUncleared(await registerBlocked(db, playerId))
}
