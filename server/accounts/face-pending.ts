// The identity the bureau accepted while the face step is still to come: kept per player (a second
// submission replaces it) and removed once the face passes, goes to review or the player is verified.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

export interface PendingIdentity {
  fullName: string
  cpf: string
  birthDate: string | null
}

export async function awaitFace(db: Db, playerId: number, details: PendingIdentity, now: number): Promise<void> {
  const row = { cpf: details.cpf, full_name: details.fullName, birth_date: details.birthDate, created_at: now }
  await db
    .insertInto('face_pending')
    .values({ player_id: playerId, ...row })
    .onConflict((oc) => oc.column('player_id').doUpdateSet(row))
    .execute()
}

export async function pendingFace(db: Db, playerId: number): Promise<PendingIdentity | null> {
  const row = await db
    .selectFrom('face_pending')
    .select(['cpf', 'full_name', 'birth_date'])
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  return row ? { cpf: row.cpf, fullName: row.full_name, birthDate: row.birth_date } : null
}

export async function clearPendingFace(db: Db, playerId: number): Promise<void> {
  await db.deleteFrom('face_pending').where('player_id', '=', playerId).execute()
}
