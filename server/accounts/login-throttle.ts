// Login failures counted in the database, so every instance sees the same count: per user name
// (a growing delay after a few failures, then a lock) and per device id (a lock). An attempt is
// counted before its password is checked, so concurrent guesses cannot all slip under the limit;
// a successful login clears its name's count.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface ThrottlePolicy {
  /** Failures before each further attempt must wait (1 s, doubling, up to maxDelayMs). */
  delayAfter: number
  maxDelayMs: number
  /** Failures within windowMs that lock the key for lockMs. */
  lockAfter: number
  windowMs: number
  lockMs: number
}

const MINUTE = 60_000

/** Password logins per user name: 5 failures → growing delay, 20 in 15 minutes → 15 minutes locked. */
export const namePolicy: ThrottlePolicy = {
  delayAfter: 5,
  maxDelayMs: MINUTE,
  lockAfter: 20,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
}

/** Failed logins presenting one device id: 20 in 15 minutes → 15 minutes locked. */
export const devicePolicy: ThrottlePolicy = {
  delayAfter: Number.POSITIVE_INFINITY,
  maxDelayMs: 0,
  lockAfter: 20,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
}

// Rows of keys nobody tried for a day carry no information any more.
const FORGET_AFTER_MS = 24 * 60 * MINUTE
// Concurrent attempts on one key retry their compare-and-set this many times.
const MAX_RACES = 8

/** Allowed: the attempt is counted, `failures` the key's count with it (for the caller's audit). */
export type Reservation = { allowed: true; failures: number } | { allowed: false; retryAt: number }

interface ThrottleRow {
  failures: number
  window_started_at: number
  last_attempt_at: number
  locked_until: number | null
}

/** When the key next accepts an attempt, or undefined when it does now. */
function blockedUntil(row: ThrottleRow, policy: ThrottlePolicy, now: number): number | undefined {
  const lockedUntil = row.locked_until === null ? 0 : Number(row.locked_until)
  if (lockedUntil > now) return lockedUntil
  if (now - Number(row.window_started_at) >= policy.windowMs) return undefined
  if (row.failures < policy.delayAfter) return undefined
  const delay = Math.min(policy.maxDelayMs, 1000 * 2 ** (row.failures - policy.delayAfter))
  const next = Number(row.last_attempt_at) + delay
  return next > now ? next : undefined
}

/**
 * Counts an attempt on `key` as a failure unless the key is waiting or locked. A caller whose
 * attempt then succeeds calls `clearAttempts`; one that never checked the password calls
 * `releaseAttempt`.
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  key: string,
  policy: ThrottlePolicy,
  now: number,
): Promise<Reservation> {
  for (let race = 0; race < MAX_RACES; race++) {
    const row = await db.selectFrom('login_throttles').selectAll().where('key', '=', key).executeTakeFirst()
    if (!row) {
      const inserted = await db
        .insertInto('login_throttles')
        .values({ key, failures: 1, window_started_at: now, last_attempt_at: now, locked_until: null })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) {
        await forgetStale(db, now)
        return { allowed: true, failures: 1 }
      }
      continue
    }
    const until = blockedUntil(row, policy, now)
    if (until !== undefined) return { allowed: false, retryAt: until }
    const fresh = now - Number(row.window_started_at) >= policy.windowMs
    const failures = fresh ? 1 : row.failures + 1
    const updated = await db
      .updateTable('login_throttles')
      .set({
        failures,
        window_started_at: fresh ? now : Number(row.window_started_at),
        last_attempt_at: now,
        locked_until: failures >= policy.lockAfter ? now + policy.lockMs : null,
        version: Number(row.version) + 1,
      })
      .where('key', '=', key)
      // The version, not the count: a count taken back meanwhile (releaseAttempt) would make the
      // row look unchanged, and two attempts would be counted at the same number.
      .where('version', '=', Number(row.version))
      .executeTakeFirst()
    if (updated.numUpdatedRows > 0n) return { allowed: true, failures }
  }
  // Lost every race: many attempts on this key at this very moment, which is itself a flood.
  return { allowed: false, retryAt: now + 1000 }
}

/** Takes back an attempt that was counted but never checked (e.g. the server was too busy). */
export async function releaseAttempt(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('login_throttles')
    .set((eb) => ({ failures: eb('failures', '-', 1), version: eb('version', '+', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute()
}

export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('key', '=', key).execute()
}

/** When `key` accepts an attempt again without counting one, or undefined when it does now. */
export async function lockedUntil(
  db: Kysely<Database>,
  key: string,
  policy: ThrottlePolicy,
  now: number,
): Promise<number | undefined> {
  const row = await db.selectFrom('login_throttles').selectAll().where('key', '=', key).executeTakeFirst()
  return row ? blockedUntil(row, policy, now) : undefined
}

async function forgetStale(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom('login_throttles')
    .where('last_attempt_at', '<', now - FORGET_AFTER_MS)
    .execute()
}

export const nameKey = (normalizedUserName: string) => `name:${normalizedUserName}`
export const deviceKey = (deviceId: string) => `device:${deviceId.toLowerCase()}`
