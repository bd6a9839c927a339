// The two ways in. A device logs in with its id and the secret the server issued it;
// an unknown id without a secret creates a new player (its first login), and an id alone never
// opens an existing account. A name and password log in with the failures counted per name and
// per device id, and give the device a new device id and secret of its own.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { hadMoney } from '../ledger/activity.ts'
import { Refusal } from '../refusal.ts'
import { closedRefusal } from './account-holds.ts'
import { addDevice, claimLegacyDevice, findDevice, type IssuedDevice, secretMatches, touchDevice } from './devices.ts'
import {
  clearAttempts,
  deviceKey,
  devicePolicy,
  nameKey,
  namePolicy,
  releaseAttempt,
  reserveAttempt,
  type ThrottlePolicy,
} from './login-throttle.ts'
import { hasPasskey } from './passkeys.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import {
  confirmAdult,
  createPlayerWithDevice,
  findById,
  findByUserName,
  markCredentialsChanged,
  type NewPlayer,
  normalizeUserName,
  type Player,
} from './players.ts'

export interface LoggedIn {
  player: Player
  /** The device the new session belongs to; `secret` only when it was issued just now. */
  device: { id: number; deviceId: string; secret?: string }
  created: boolean
}

export interface DeviceLoginInput extends NewPlayer {
  deviceSecret: string | undefined
}

export interface PasswordLoginInput {
  userName: string
  password: string
  /** The device the attempt comes from, when the client says. */
  deviceId: string | undefined
  /** Its secret: with it, a device of the same player logs in again as itself (after an idle end). */
  deviceSecret?: string | undefined
  label: string
  /** The client address, for the password queue's turns. */
  source: string
}

// A dummy hash so a login for an unknown name costs the same time as a wrong password.
let absentUserHash: Promise<string> | undefined

export async function loginWithDevice(db: Kysely<Database>, input: DeviceLoginInput, now: number): Promise<LoggedIn> {
  const existing = await findDevice(db, input.deviceId)
  if (!existing) {
    if (input.deviceSecret === undefined) {
      const created = await createPlayerWithDevice(db, input, now)
      if (created) return { player: created.player, device: created.device, created: true }
    }
    return refuseDevice(db, input.deviceId, now)
  }
  const secretRight = input.deviceSecret !== undefined && secretMatches(existing.secret_hash, input.deviceSecret)
  // A closed account's devices were revoked with it: its own device hears why, nobody else does.
  if (secretRight) await refuseClosed(db, Number(existing.player_id))
  if (existing.revoked_at === null) {
    const device = { id: Number(existing.id), deviceId: existing.device_id }
    if (secretRight) {
      const player = await findById(db, Number(existing.player_id))
      // A session that ended for want of activity opens again only with what the device alone
      // does not hold: the password or a passkey. An account with neither has nothing else to ask.
      if (existing.idle_ended_at !== null && (player.password_hash !== null || (await hasPasskey(db, player.id))))
        throw new Refusal('session_idle')
      await touchDevice(db, device.id, input.label, now)
      if (input.adultConfirmed) await confirmAdult(db, player, now)
      return { player, device, created: false }
    }
    if (input.deviceSecret === undefined && existing.secret_hash === null) {
      const claimed = await claimLegacy(db, existing, input, now)
      if (claimed) return claimed
    }
  }
  return refuseDevice(db, input.deviceId, now)
}

/**
 * A device from before device secrets logs in once by its id and gets its secret. Only for
 * players without a password: a bound player has a safer way in and keeps it.
 */
async function claimLegacy(
  db: Kysely<Database>,
  existing: { id: number; device_id: string; player_id: number },
  input: DeviceLoginInput,
  now: number,
): Promise<LoggedIn | undefined> {
  const player = await findById(db, Number(existing.player_id))
  if (player.password_hash !== null) return undefined
  const secret = await claimLegacyDevice(db, Number(existing.id), input.label, now)
  if (secret === null) return undefined
  if (input.adultConfirmed) await confirmAdult(db, player, now)
  return { player, device: { id: Number(existing.id), deviceId: existing.device_id, secret }, created: false }
}

async function refuseClosed(db: Kysely<Database>, playerId: number): Promise<void> {
  const player = await db
    .selectFrom('players')
    .select(['closed_at', 'closed_reason'])
    .where('id', '=', playerId)
    .executeTakeFirst()
  if (player?.closed_at != null) throw closedRefusal(player.closed_reason)
}

async function refuseDevice(db: Kysely<Database>, deviceId: string, now: number): Promise<never> {
  const reservation = await reserveAttempt(db, deviceKey(deviceId), devicePolicy, now)
  if (!reservation.allowed) throw lockedRefusal(reservation.retryAt, now)
  throw new Refusal('device_login_failed')
}

export async function loginWithPassword(
  db: Kysely<Database>,
  input: PasswordLoginInput,
  now: number,
): Promise<LoggedIn> {
  const name = nameKey(normalizeUserName(input.userName))
  const keys: [string, ThrottlePolicy][] = [[name, namePolicy]]
  if (input.deviceId) keys.push([deviceKey(input.deviceId), devicePolicy])
  await reserveAll(db, keys, now)
  const player = await findByUserName(db, input.userName)
  let valid: boolean
  try {
    absentUserHash ??= hashPassword('absent-user-placeholder').catch((error: unknown) => {
      absentUserHash = undefined
      throw error
    })
    valid = await verifyPassword(input.password, player?.password_hash ?? (await absentUserHash), input.source)
  } catch (error) {
    // Never checked (the password queue was full): not a failure of this account.
    for (const [key] of keys) await releaseAttempt(db, key)
    throw error
  }
  if (!player || !valid) throw new Refusal('login_failed')
  if (player.closed_at !== null) throw closedRefusal(player.closed_reason)
  await clearAttempts(db, name)
  const own = await ownDevice(db, Number(player.id), input.deviceId, input.deviceSecret, input.label, now)
  if (own) return { player, device: own, created: false }
  const device = await db.transaction().execute(async (trx): Promise<IssuedDevice> => {
    const added = await addDevice(trx, Number(player.id), randomUUID(), input.label, now)
    // A device added to an account with money is what a takeover looks like: its first withdrawal
    // to a new key waits the cool-off. One added to an empty account has nothing to take.
    if (await hadMoney(trx, Number(player.id))) await markCredentialsChanged(trx, Number(player.id), now)
    return added
  })
  return { player, device, created: false }
}

/**
 * The player's own device logging in again with its id and secret (its session ended idle): the
 * same device, its idle end cleared, instead of a new one. Undefined when they are not this
 * player's live device.
 */
export async function ownDevice(
  db: Kysely<Database>,
  playerId: number,
  deviceId: string | undefined,
  deviceSecret: string | undefined,
  label: string,
  now: number,
): Promise<{ id: number; deviceId: string } | undefined> {
  if (!deviceId || !deviceSecret) return undefined
  const existing = await findDevice(db, deviceId)
  if (!existing || Number(existing.player_id) !== playerId || existing.revoked_at !== null) return undefined
  if (!secretMatches(existing.secret_hash, deviceSecret)) return undefined
  await db
    .updateTable('devices')
    .set({ idle_ended_at: null, last_seen_at: now, label })
    .where('id', '=', existing.id)
    .execute()
  return { id: Number(existing.id), deviceId: existing.device_id }
}

/** Counts the attempt on every key, or on none when one of them is waiting or locked. */
async function reserveAll(db: Kysely<Database>, keys: [string, ThrottlePolicy][], now: number): Promise<void> {
  const reserved: string[] = []
  for (const [key, policy] of keys) {
    const reservation = await reserveAttempt(db, key, policy, now)
    if (!reservation.allowed) {
      for (const done of reserved) await releaseAttempt(db, done)
      throw lockedRefusal(reservation.retryAt, now)
    }
    reserved.push(key)
  }
}

function lockedRefusal(retryAt: number, now: number): Refusal {
  return new Refusal('login_locked', { retryAt, seconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) })
}
