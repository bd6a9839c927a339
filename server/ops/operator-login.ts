// Checking an operator's login: e-mail, password (the accounts module's bounded scrypt queue)
// and, when enrolled, a TOTP code; with its throttles, counted in the database so every instance
// agrees. Per client address: 10 failures in 15 minutes throttle it for 15 minutes. Per account:
// after 5 failures each further attempt waits (1 s, doubling to a minute). While either holds, an
// attempt is answered `ops_login_throttled` (429) unless it brings the right password and a valid
// TOTP code, which is checked and lets the owner in whatever the counts — so a guesser, alone or
// behind the owner's own address, can slow guessing down but never keep the owner out. While
// throttled every failure reads the same (wrong password, right password without its code, an
// unknown e-mail), so the throttle tells nothing. TOTP codes are guesses of their own, reachable
// only with the right password: after 3 wrong codes each waits (1 s, doubling to 5 minutes), 10
// in an hour lock codes for an hour. Every throttle that starts is audited; no password ever is.
import type { Kysely } from 'kysely'
import {
  clearAttempts,
  type Reservation,
  releaseAttempt,
  reserveAttempt,
  type ThrottlePolicy,
} from '../accounts/login-throttle.ts'
import { verifyPassword } from '../accounts/passwords.ts'
import { writeAudit } from '../audit/audit.ts'
import type { Database } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'
import { acceptedStep, normalizeEmail, type OperatorRow, totpSecretOf } from './operators.ts'
import type { SecretKeyring } from './secret-keys.ts'

const MINUTE = 60_000

/** Failed logins from one client address: 10 in 15 minutes → throttled for 15 minutes. */
export const addressPolicy: ThrottlePolicy = {
  delayAfter: Number.POSITIVE_INFINITY,
  maxDelayMs: 0,
  lockAfter: 10,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
}

/** Failed logins on one e-mail (known or not): after 5, each waits 1 s, doubling to a minute. Never a lock. */
export const accountPolicy: ThrottlePolicy = {
  delayAfter: 5,
  maxDelayMs: MINUTE,
  lockAfter: Number.POSITIVE_INFINITY,
  windowMs: 60 * MINUTE,
  lockMs: 0,
}

/** Wrong TOTP codes after the right password: after 3, each waits 1 s doubling to 5 minutes; 10 in an hour lock codes for an hour. */
export const totpPolicy: ThrottlePolicy = {
  delayAfter: 3,
  maxDelayMs: 5 * MINUTE,
  lockAfter: 10,
  windowMs: 60 * MINUTE,
  lockMs: 60 * MINUTE,
}

const accountKey = (email: string) => `ops-login:${email}`
const addressKey = (address: string) => `ops-login-address:${address}`
const totpKey = (operatorId: number) => `ops-totp:${operatorId}`

// A made-up hash for unknown e-mails, so timing does not tell which e-mails exist.
const UNKNOWN_HASH = `scrypt$131072$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`

export interface LoginInput {
  email: string
  password: string
  totp?: string | undefined
}

function waitRefusal(code: 'ops_login_throttled' | 'ops_totp_locked', retryAt: number, now: number): Refusal {
  return new Refusal(code, { retryAt, seconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) })
}

interface Attempt {
  db: Kysely<Database>
  email: string
  source: string
  now: number
}

/** Audits a throttle that this failure started (the count reached its policy's threshold). */
async function auditThrottle(
  attempt: Attempt,
  scope: 'address' | 'account' | 'totp',
  failures: number,
  policy: ThrottlePolicy,
): Promise<void> {
  const starts = failures === policy.delayAfter || failures === policy.lockAfter
  if (!starts) return
  const locked = failures === policy.lockAfter
  await writeAudit(
    attempt.db,
    { id: null, name: attempt.email, ip: attempt.source },
    {
      action: 'session.login_throttled',
      objectType: scope === 'address' ? 'address' : 'operator',
      objectId: scope === 'address' ? attempt.source : attempt.email,
      after: { scope, failures, ...(locked ? { until: attempt.now + policy.lockMs } : {}) },
    },
    attempt.now,
  )
}

type TotpOutcome = { ok: true } | { ok: false; retryAt?: number }

/** One TOTP guess on the operator's own count; a code is used once (a replayed or older step fails). */
async function checkTotp(attempt: Attempt, operator: OperatorRow, secret: string, code: string): Promise<TotpOutcome> {
  const { db, now } = attempt
  const key = totpKey(Number(operator.id))
  const reservation = await reserveAttempt(db, key, totpPolicy, now)
  if (!reservation.allowed) return { ok: false, retryAt: reservation.retryAt }
  const step = acceptedStep(operator.email, secret, code, now)
  const claimed =
    step !== null &&
    step > Number(operator.totp_last_step ?? -1) &&
    (
      await db
        .updateTable('operators')
        .set({ totp_last_step: step })
        .where('id', '=', operator.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst()
    ).numUpdatedRows > 0n
  if (!claimed) {
    await auditThrottle(attempt, 'totp', reservation.failures, totpPolicy)
    return { ok: false }
  }
  await clearAttempts(db, key)
  return { ok: true }
}

const findByEmail = (db: Kysely<Database>, email: string) =>
  db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst()

/** The password's check; an operator who may log in with it, or undefined (unknown, wrong, disabled, none set). */
async function passwordOwner(
  db: Kysely<Database>,
  email: string,
  password: string,
  source: string,
): Promise<OperatorRow | undefined> {
  const operator = await findByEmail(db, email)
  const matches = await verifyPassword(password, operator?.password_hash ?? UNKNOWN_HASH, source)
  if (!operator || !matches || operator.disabled_at !== null || operator.password_hash === null) return undefined
  return operator
}

/**
 * Checks e-mail, password and (when enrolled) the TOTP code; answers the operator or throws the
 * refusal: `ops_login_failed`, `ops_totp_required`, `ops_totp_locked` or `ops_login_throttled`.
 */
export async function checkLogin(
  db: Kysely<Database>,
  input: LoginInput,
  source: string,
  now: number,
  keys: () => SecretKeyring,
): Promise<OperatorRow> {
  const attempt: Attempt = { db, email: normalizeEmail(input.email), source, now }
  const counted: [string, ThrottlePolicy, 'account' | 'address', Reservation][] = []
  for (const [key, policy, scope] of [
    [accountKey(attempt.email), accountPolicy, 'account'],
    [addressKey(source), addressPolicy, 'address'],
  ] as const) {
    counted.push([key, policy, scope, await reserveAttempt(db, key, policy, now)])
  }
  const waits = counted.flatMap(([, , , r]) => (r.allowed ? [] : [r.retryAt]))
  if (waits.length > 0) {
    for (const [key, , , r] of counted) if (r.allowed) await releaseAttempt(db, key)
    return throttledLogin(attempt, input, keys, Math.max(...waits))
  }
  const releaseAll = async () => {
    for (const [key] of counted) await releaseAttempt(db, key)
  }
  let operator: OperatorRow | undefined
  try {
    operator = await passwordOwner(db, attempt.email, input.password, source)
  } catch (error) {
    // Never checked (the password queue was full): not a failure of this account or address.
    await releaseAll()
    throw error
  }
  if (!operator) {
    for (const [, policy, scope, r] of counted) if (r.allowed) await auditThrottle(attempt, scope, r.failures, policy)
    throw new Refusal('ops_login_failed')
  }
  const secret = operator.totp_enabled_at !== null ? totpSecretOf(operator, keys) : null
  if (secret !== null) {
    if (!input.totp) {
      // Right password, code still to come: not a failure.
      await releaseAll()
      throw new Refusal('ops_totp_required')
    }
    // The password was right: what failed, if anything, is the code, counted on its own.
    await releaseAttempt(db, accountKey(attempt.email))
    const totp = await checkTotp(attempt, operator, secret, input.totp)
    if (!totp.ok) {
      const [, , , address] = counted[1] as (typeof counted)[number]
      if (address.allowed) await auditThrottle(attempt, 'address', address.failures, addressPolicy)
      if (totp.retryAt !== undefined) throw waitRefusal('ops_totp_locked', totp.retryAt, now)
      throw new Refusal('ops_totp_required', { wrong: 1 })
    }
  }
  await clearAttempts(db, accountKey(attempt.email))
  await releaseAttempt(db, addressKey(source))
  return operator
}

/**
 * A login while the account or the address is throttled: only the right password with a valid
 * TOTP code gets in. Anything else — no code, a wrong password, an unknown e-mail, an operator
 * without a second factor, a wrong code — reads the same, and a password is checked (scrypt,
 * through the queue) only when a code came with it. Nothing here counts on the account or the
 * address: the throttle is already on, and the owner's attempts must not feed it.
 */
async function throttledLogin(
  attempt: Attempt,
  input: LoginInput,
  keys: () => SecretKeyring,
  retryAt: number,
): Promise<OperatorRow> {
  const refusal = waitRefusal('ops_login_throttled', retryAt, attempt.now)
  if (!input.totp) throw refusal
  const operator = await passwordOwner(attempt.db, attempt.email, input.password, attempt.source)
  const secret = operator && operator.totp_enabled_at !== null ? totpSecretOf(operator, keys) : null
  if (!operator || secret === null) throw refusal
  // Only someone holding the password reaches this guess, so it counts on the code's own limit.
  if (!(await checkTotp(attempt, operator, secret, input.totp)).ok) throw refusal
  await clearAttempts(attempt.db, accountKey(attempt.email))
  return operator
}
