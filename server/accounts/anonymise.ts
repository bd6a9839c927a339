// Accounts' part of the retention job (server/retention): finds closed accounts whose retention
// period is over, holds each with a lease so two instances never work on the same one, and
// replaces the personal data in accounts' own tables (name, user name, CPF, date of birth, device
// ids, addresses) with placeholders that carry nothing of the original, and deletes its e-mail
// and phone. Amounts, ids and times stay, so every other record still adds up.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { deviceKey, nameKey } from './login-throttle.ts'

/** What a replaced text reads as. */
export const ANONYMISED = 'anonimizado'

/** A unique placeholder for a unique column: built from the row's own id, never from the data. */
export const anonymisedId = (kind: string, id: number) => `${ANONYMISED}:${kind}:${id}`

/**
 * Claims up to `limit` closed accounts closed before `closedBefore`, not anonymised yet and not
 * held by another instance, holding them until `now + leaseMs`. The where is evaluated again
 * under each row's lock, so a row another instance claimed first is skipped.
 */
export async function claimExpiredClosedAccounts(
  db: Kysely<Database>,
  input: { closedBefore: number; now: number; leaseMs: number; limit: number },
): Promise<number[]> {
  const due = await db
    .selectFrom('players')
    .select('id')
    .where('closed_at', 'is not', null)
    .where('closed_at', '<', input.closedBefore)
    .where('anonymised_at', 'is', null)
    .where((eb) => eb.or([eb('anonymise_lease_until', 'is', null), eb('anonymise_lease_until', '<=', input.now)]))
    .orderBy('id')
    .limit(input.limit)
    .execute()
  if (due.length === 0) return []
  const claimed = await db
    .updateTable('players')
    .set({ anonymise_lease_until: input.now + input.leaseMs })
    .where(
      'id',
      'in',
      due.map((row) => row.id),
    )
    .where('anonymised_at', 'is', null)
    .where((eb) => eb.or([eb('anonymise_lease_until', 'is', null), eb('anonymise_lease_until', '<=', input.now)]))
    .returning('id')
    .execute()
  return claimed.map((row) => Number(row.id)).sort((a, b) => a - b)
}

/** Replaces the player's personal data in accounts' tables; answers how many rows changed. Repeatable. */
export async function anonymiseAccountData(db: Kysely<Database>, playerId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let rows = 0
    // Login throttles are keyed by the user name and the device id: they go before those do.
    const before = await trx.selectFrom('players').select(['user_name']).where('id', '=', playerId).executeTakeFirst()
    const deviceIds = await trx.selectFrom('devices').select('device_id').where('player_id', '=', playerId).execute()
    const keys = [
      ...(before?.user_name ? [nameKey(before.user_name)] : []),
      ...deviceIds.map((d) => deviceKey(d.device_id)),
    ]
    if (keys.length > 0) {
      const throttles = await trx.deleteFrom('login_throttles').where('key', 'in', keys).executeTakeFirst()
      rows += Number(throttles.numDeletedRows)
    }
    const player = await trx
      .updateTable('players')
      .set({ device_id: anonymisedId('device', playerId), user_name: null, password_hash: null })
      .where('id', '=', playerId)
      .executeTakeFirst()
    rows += Number(player.numUpdatedRows)
    const devices = await trx.selectFrom('devices').select('id').where('player_id', '=', playerId).execute()
    for (const device of devices) {
      await trx
        .updateTable('devices')
        .set({ device_id: anonymisedId('device-row', Number(device.id)), label: ANONYMISED, secret_hash: null })
        .where('id', '=', device.id)
        .execute()
      rows++
    }
    const verification = await trx
      .updateTable('player_verifications')
      .set({ full_name: ANONYMISED, cpf: anonymisedId('cpf', playerId), birth_date: null })
      .where('player_id', '=', playerId)
      .executeTakeFirst()
    rows += Number(verification.numUpdatedRows)
    const reviews = await trx
      .updateTable('verification_reviews')
      .set({
        cpf: ANONYMISED,
        full_name: ANONYMISED,
        birth_date: null,
        bureau_name: null,
        bureau_birth_date: null,
        address: null,
      })
      .where('player_id', '=', playerId)
      .executeTakeFirst()
    rows += Number(reviews.numUpdatedRows)
    // Where it logged in from (device ids and addresses, kept to link accounts): gone with it.
    const sightings = await trx.deleteFrom('login_sightings').where('player_id', '=', playerId).executeTakeFirst()
    rows += Number(sightings.numDeletedRows)
    // Its e-mail and phone, and the record of codes sent to them: gone with it.
    const contacts = await trx.deleteFrom('player_contacts').where('player_id', '=', playerId).executeTakeFirst()
    rows += Number(contacts.numDeletedRows)
    const codes = await trx.deleteFrom('player_contact_codes').where('player_id', '=', playerId).executeTakeFirst()
    rows += Number(codes.numDeletedRows)
    // Identity by face: an identity still waiting for its face and the address data go; the face
    // checks keep outcome, scores and time, without the picture's hash or the provider's reference.
    const pending = await trx.deleteFrom('face_pending').where('player_id', '=', playerId).executeTakeFirst()
    rows += Number(pending.numDeletedRows)
    const registration = await trx
      .deleteFrom('player_registration')
      .where('player_id', '=', playerId)
      .executeTakeFirst()
    rows += Number(registration.numDeletedRows)
    const faces = await trx
      .updateTable('face_checks')
      .set({ image_sha256: null, provider_ref: null })
      .where('player_id', '=', playerId)
      .executeTakeFirst()
    rows += Number(faces.numUpdatedRows)
    return rows
  })
}

/** Marks the account done (a later run skips it) and lets go of its lease. */
export async function markAnonymised(db: Kysely<Database>, playerId: number, now: number): Promise<void> {
  await db
    .updateTable('players')
    .set({ anonymised_at: now, anonymise_lease_until: null })
    .where('id', '=', playerId)
    .execute()
}
