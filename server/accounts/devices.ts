// A player's devices: each has the UUID the client keeps and a secret the server issued (256
// random bits, only its SHA-256 stored). The id and its secret log the account in again; the
// player can list their devices and revoke one, which revokes its session tokens.
import { timingSafeEqual } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { randomToken, sha256Hex } from '../lib/secrets.ts'

type Db = Kysely<Database> | Transaction<Database>

export interface IssuedDevice {
  /** Row id (what the player's device list and revocation use). */
  id: number
  deviceId: string
  /** Given to the client once; only its hash is kept. */
  secret: string
}

export function findDevice(db: Db, deviceId: string) {
  return db.selectFrom('devices').selectAll().where('device_id', '=', deviceId.toLowerCase()).executeTakeFirst()
}

export async function addDevice(
  db: Db,
  playerId: number,
  deviceId: string,
  label: string,
  now: number,
): Promise<IssuedDevice> {
  const secret = randomToken()
  const row = await db
    .insertInto('devices')
    .values({
      player_id: playerId,
      device_id: deviceId.toLowerCase(),
      secret_hash: sha256Hex(secret),
      label,
      created_at: now,
      last_seen_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: Number(row.id), deviceId: deviceId.toLowerCase(), secret }
}

/** True when `secret` is the one issued to this device (constant time). */
export function secretMatches(secretHash: string | null, secret: string): boolean {
  if (secretHash === null) return false
  const expected = Buffer.from(secretHash, 'hex')
  const actual = Buffer.from(sha256Hex(secret), 'hex')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/**
 * Gives a legacy device (from before device secrets) its secret, once: null when another
 * request already claimed it.
 */
export async function claimLegacyDevice(db: Db, id: number, label: string, now: number): Promise<string | null> {
  const secret = randomToken()
  const result = await db
    .updateTable('devices')
    .set({ secret_hash: sha256Hex(secret), label, last_seen_at: now })
    .where('id', '=', id)
    .where('secret_hash', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n ? secret : null
}

export async function touchDevice(db: Db, id: number, label: string, now: number): Promise<void> {
  await db.updateTable('devices').set({ last_seen_at: now, label }).where('id', '=', id).execute()
}

export function listDevices(db: Db, playerId: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'device_id', 'label', 'created_at', 'last_seen_at'])
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** Revokes one of the player's own devices; false when it is not theirs or already revoked. */
export async function revokeDevice(db: Db, playerId: number, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('devices')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** "Chrome · Android" from a User-Agent: enough for the player to recognise a device, no more. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? ''
  const browser =
    [
      ['SamsungBrowser/', 'Samsung Internet'],
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['CriOS/', 'Chrome'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => ua.includes(marker as string))?.[1] ?? ''
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'Mac'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([marker]) => ua.includes(marker as string))?.[1] ?? ''
  return [browser, system].filter(Boolean).join(' · ')
}
