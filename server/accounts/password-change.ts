// Changing a password, and what proves the player may: the current password, or — forgotten — the
// verified CPF and date of birth, re-confirmed on a device logged in to the account; or a one-time
// code an operator issues after checking the same identity (the operator never sees or sets the
// password). Wrong answers are counted per account in login_throttles (5 in an hour pause the
// change for an hour), and a wrong CPF and a wrong date of birth read the same, so the form tells
// nothing about either. A new password starts the withdrawal cool-off (credentials changed),
// voids any reset code still open, and signs out every other device (revoked, with its tokens):
// a password that leaked gave a thief their own device, and only revoking it ends that.
import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { normalizeCpf } from '../../contract/cpf.ts'
import { RESET_CODE_ALPHABET, RESET_CODE_LENGTH } from '../../contract/reset-code.ts'
import type { Database } from '../db/schema.ts'
import { sha256Hex } from '../lib/secrets.ts'
import { Refusal } from '../refusal.ts'
import { clearAttempts, releaseAttempt, reserveAttempt, type ThrottlePolicy } from './login-throttle.ts'
import { verifyPassword } from './passwords.ts'
import type { Player } from './players.ts'

type Db = Kysely<Database> | Transaction<Database>

const HOUR = 3600_000

/** Wrong current passwords or identities, per account: 5 within an hour pause changes for an hour. */
export const passwordChangePolicy: ThrottlePolicy = {
  delayAfter: Number.POSITIVE_INFINITY,
  maxDelayMs: 0,
  lockAfter: 5,
  windowMs: HOUR,
  lockMs: HOUR,
}

/** How long an operator's reset code stays good. */
export const RESET_CODE_TTL_MS = 30 * 60_000

/** The player's own attempts (current password or identity), and operators' identity checks, apart. */
export const changeKey = (playerId: number) => `password-change:${playerId}`
export const resetIdentityKey = (playerId: number) => `password-reset-identity:${playerId}`

async function reserve(db: Kysely<Database>, key: string, now: number): Promise<void> {
  const reservation = await reserveAttempt(db, key, passwordChangePolicy, now)
  if (!reservation.allowed) throw new Refusal('password_change_locked', { retryAt: reservation.retryAt })
}

/** The account must have a name and password to change: one without has nothing to forget. */
export function requirePasswordSet(player: Player): { userName: string; passwordHash: string } {
  if (player.user_name === null || player.password_hash === null) throw new Refusal('password_not_set')
  if (player.closed_at !== null) throw new Refusal('account_closed')
  return { userName: player.user_name, passwordHash: player.password_hash }
}

/** Counts the attempt, then checks the current password; the right one clears the count. */
export async function confirmCurrentPassword(
  db: Kysely<Database>,
  player: Player,
  password: string,
  source: string,
  now: number,
): Promise<void> {
  const { passwordHash } = requirePasswordSet(player)
  const key = changeKey(Number(player.id))
  await reserve(db, key, now)
  let valid: boolean
  try {
    valid = await verifyPassword(password, passwordHash, source)
  } catch (error) {
    // Never checked (the password queue was full): not a failure of this account.
    await releaseAttempt(db, key)
    throw error
  }
  if (!valid) throw new Refusal('current_password_wrong')
  await clearAttempts(db, key)
}

/**
 * Counts the attempt under `key`, then compares the CPF and date of birth with the verified ones.
 * An unverified account, an identity verified before the date of birth was asked, a wrong CPF and
 * a wrong date all answer `identity_not_confirmed`.
 */
export async function confirmIdentity(
  db: Kysely<Database>,
  playerId: number,
  given: { cpf: string; birthDate: string },
  key: string,
  now: number,
): Promise<void> {
  await reserve(db, key, now)
  const row = await db
    .selectFrom('player_verifications')
    .select(['cpf', 'birth_date'])
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  const matches =
    row !== undefined &&
    row.birth_date !== null &&
    normalizeCpf(row.cpf) === normalizeCpf(given.cpf) &&
    row.birth_date === given.birthDate
  if (!matches) throw new Refusal('identity_not_confirmed')
  await clearAttempts(db, key)
}

export interface PasswordReplaced {
  /** Revoked session tokens' hashes (games and sockets close with them). */
  tokenHashes: string[]
  /** Devices signed out. */
  devices: number
}

/**
 * Stores the new password hash and what a change of credentials means: the cool-off's clock,
 * open reset codes voided, every device but `keep` (the one the change was made on) revoked with
 * every token but `keepToken`.
 */
export async function replacePassword(
  trx: Transaction<Database>,
  playerId: number,
  passwordHash: string,
  keep: { deviceId: number | null; tokenHash: string | null },
  now: number,
): Promise<PasswordReplaced> {
  await trx
    .updateTable('players')
    .set({ password_hash: passwordHash, credentials_changed_at: now })
    .where('id', '=', playerId)
    .execute()
  await trx
    .updateTable('password_resets')
    .set({ voided_at: now })
    .where('player_id', '=', playerId)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .execute()
  let devices = trx
    .updateTable('devices')
    .set({ revoked_at: now })
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
  if (keep.deviceId !== null) devices = devices.where('id', '<>', keep.deviceId)
  const revokedDevices = await devices.returning('id').execute()
  let tokens = trx
    .updateTable('session_tokens')
    .set({ revoked_at: now })
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
  if (keep.tokenHash !== null) tokens = tokens.where('token_hash', '<>', keep.tokenHash)
  const revokedTokens = await tokens.returning('token_hash').execute()
  return { tokenHashes: revokedTokens.map((row) => row.token_hash), devices: revokedDevices.length }
}

function newResetCode(): string {
  // 256 is a multiple of 32: each byte's low five bits pick a character without bias.
  return [...randomBytes(RESET_CODE_LENGTH)].map((byte) => RESET_CODE_ALPHABET[byte & 31]).join('')
}

/**
 * A one-time reset code for the player (the operator reads it to them), voiding any earlier one
 * still open. Only its hash is kept.
 */
export async function issueResetCode(
  trx: Transaction<Database>,
  playerId: number,
  operator: { id: number | null; name: string },
  now: number,
): Promise<{ code: string; expiresAt: number; voided: number }> {
  const voided = await trx
    .updateTable('password_resets')
    .set({ voided_at: now })
    .where('player_id', '=', playerId)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  const code = newResetCode()
  const expiresAt = now + RESET_CODE_TTL_MS
  await trx
    .insertInto('password_resets')
    .values({
      player_id: playerId,
      code_hash: sha256Hex(code),
      operator_id: operator.id,
      operator_name: operator.name,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
      voided_at: null,
    })
    .execute()
  return { code, expiresAt, voided: Number(voided.numUpdatedRows) }
}

/** The open reset this code belongs to (not used, voided or expired), or undefined. */
export async function openReset(db: Db, code: string, now: number) {
  const row = await db
    .selectFrom('password_resets')
    .select(['id', 'player_id'])
    .where('code_hash', '=', sha256Hex(code))
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row ? { id: Number(row.id), playerId: Number(row.player_id) } : undefined
}

/** Marks the reset used; false when another request used it first (or it ran out meanwhile). */
export async function useReset(trx: Transaction<Database>, id: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}
