// A withdrawal is confirmed with the account's password or one of its passkeys: a session or
// device alone cannot send money out. 5 wrong passwords within 15 minutes lock withdrawals for 15 minutes
// (counted atomically, so parallel guesses are all counted; how many can be checked at once is
// bounded by the password-check limiter); the right password clears the count.

import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Kysely } from 'kysely'
import { type RelyingParty, verifyPasskey } from '../accounts/passkeys.ts'
import { verifyPassword } from '../accounts/passwords.ts'
import type { Database } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'

export const MAX_PASSWORD_FAILURES = 5
const FAILURE_WINDOW_MS = 15 * 60_000
export const WITHDRAW_LOCK_MS = 15 * 60_000

/**
 * Throws the refusal when the password is missing, wrong, or withdrawals are locked; nothing else
 * is written. A passkey's signature (with the relying party to check it against) stands for the
 * password: refused with `passkey_failed` when it does not check out.
 */
export async function confirmWithdrawalPassword(
  db: Kysely<Database>,
  input: {
    playerId: number
    passwordHash: string
    password: string | undefined
    now: number
    passkey?: { response: unknown; rp: RelyingParty } | undefined
  },
): Promise<void> {
  const { playerId, now } = input
  if (input.passkey && !input.password) {
    const response = input.passkey.response as AuthenticationResponseJSON
    await verifyPasskey(db, input.passkey.rp, { playerId, purpose: 'withdrawal', response }, now)
    return
  }
  if (!input.password) throw new Refusal('password_required')
  const current = await db
    .selectFrom('withdrawal_password_failures')
    .select('locked_until')
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  if (current?.locked_until != null && Number(current.locked_until) > now) {
    throw new Refusal('withdraw_locked', { until: Number(current.locked_until) })
  }
  if (await verifyPassword(input.password, input.passwordHash)) {
    await db.deleteFrom('withdrawal_password_failures').where('player_id', '=', playerId).execute()
    return
  }
  const windowStart = now - FAILURE_WINDOW_MS
  const counted = await db
    .insertInto('withdrawal_password_failures')
    .values({ player_id: playerId, failures: 1, first_failed_at: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('player_id').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('withdrawal_password_failures.first_failed_at', '>', windowStart)
          .then(eb('withdrawal_password_failures.failures', '+', 1))
          .else(1)
          .end(),
        first_failed_at: eb
          .case()
          .when('withdrawal_password_failures.first_failed_at', '>', windowStart)
          .then(eb.ref('withdrawal_password_failures.first_failed_at'))
          .else(now)
          .end(),
      })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow()
  const failures = Number(counted.failures)
  if (failures >= MAX_PASSWORD_FAILURES) throw await lock(db, playerId, now)
  throw new Refusal('password_wrong', { attemptsLeft: MAX_PASSWORD_FAILURES - failures })
}

async function lock(db: Kysely<Database>, playerId: number, now: number): Promise<Refusal> {
  const until = now + WITHDRAW_LOCK_MS
  await db
    .updateTable('withdrawal_password_failures')
    .set({ locked_until: until })
    .where('player_id', '=', playerId)
    .execute()
  return new Refusal('withdraw_locked', { until })
}
