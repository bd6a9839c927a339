// Operators are people: e-mail, name, role, scrypt password (the accounts module's bounded
// queue), an optional TOTP second factor (RFC 6238, `otpauth`), a disabled flag; one-time setup
// links (24 h) instead of passwords sent around; and console sessions — a random cookie token
// stored only as SHA-256, ending after OPS_SESSION_IDLE_MINUTES without a request and after
// OPS_SESSION_HOURS in any case. Checking a login and its throttles is operator-login.ts.
import type { Kysely, Selectable } from 'kysely'
import * as OTPAuth from 'otpauth'
import type { OperatorListItem, OperatorMe, SetupInfo } from '../../contract/ops.ts'
import { isCommonPassword } from '../accounts/password-policy.ts'
import { hashPassword } from '../accounts/passwords.ts'
import type { Database, OperatorRole } from '../db/schema.ts'
import { randomToken, sha256Hex } from '../lib/secrets.ts'
import { Refusal } from '../refusal.ts'
import { permissionsOf, totpRequiredRoles } from './roles.ts'
import { isSealed, type SecretKeyring, totpContext } from './secret-keys.ts'

export type OperatorRow = Selectable<Database['operators']>

export const SETUP_LINK_TTL_MS = 24 * 3600_000
/** Operators' passwords are longer than players': the console moves money. */
export const OPERATOR_PASSWORD_MIN = 12
const TOTP_ISSUER = 'Jogo Limpo'
const TOTP_PERIOD_S = 30

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export function checkOperatorPassword(password: string): void {
  if (password.length < OPERATOR_PASSWORD_MIN || password.length > 64 || isCommonPassword(password)) {
    throw new Refusal('weak_password', { min: OPERATOR_PASSWORD_MIN })
  }
}

export async function operatorCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function findOperator(db: Kysely<Database>, id: number) {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function listOperators(db: Kysely<Database>): Promise<OperatorListItem[]> {
  const rows = await db.selectFrom('operators').selectAll().orderBy('id').execute()
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    name: r.name,
    role: r.role,
    totpEnabled: r.totp_enabled_at !== null,
    disabled: r.disabled_at !== null,
    hasPassword: r.password_hash !== null,
    createdAt: Number(r.created_at),
  }))
}

/**
 * Creates an operator; without a password it answers a one-time setup token (24 h). `inTransaction`
 * runs in the creation's transaction with the new row (the console's creation records the grant,
 * audits and queues the link's e-mail there).
 */
export async function createOperator(
  db: Kysely<Database>,
  input: { email: string; name?: string | undefined; role: OperatorRole; password?: string | undefined },
  now: number,
  inTransaction?: (
    trx: Kysely<Database>,
    created: { id: number; email: string; name: string; setupToken: string | null },
  ) => Promise<void>,
): Promise<{ id: number; setupToken: string | null }> {
  const email = normalizeEmail(input.email)
  if (input.password !== undefined) checkOperatorPassword(input.password)
  const existing = await db.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirst()
  if (existing) throw new Refusal('ops_operator_exists', { email })
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password)
  const name = input.name?.trim() || email.split('@')[0] || email
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('operators')
      .values({
        email,
        name,
        role: input.role,
        password_hash: passwordHash,
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        disabled_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const id = Number(row.id)
    const setupToken = passwordHash === null ? await issueSetupToken(trx, id, input.role, now) : null
    await inTransaction?.(trx, { id, email, name, setupToken })
    return { id, setupToken }
  })
}

/** A new one-time setup link (24 h) for an existing operator; earlier unused ones stop working. */
export async function issueSetupToken(
  trx: Kysely<Database>,
  operatorId: number,
  role: OperatorRole,
  now: number,
): Promise<string> {
  await trx
    .updateTable('operator_setup_tokens')
    .set({ used_at: now })
    .where('operator_id', '=', operatorId)
    .where('used_at', 'is', null)
    .execute()
  const setupToken = randomToken()
  await trx
    .insertInto('operator_setup_tokens')
    .values({
      token_hash: sha256Hex(setupToken),
      operator_id: operatorId,
      role,
      created_at: now,
      expires_at: now + SETUP_LINK_TTL_MS,
      used_at: null,
    })
    .execute()
  return setupToken
}

/** The first admin's link, printed by `npm start` while there is no operator at all. */
export async function firstAdminSetupToken(db: Kysely<Database>, now: number): Promise<string | null> {
  if ((await operatorCount(db)) > 0) return null
  const token = randomToken()
  await db
    .insertInto('operator_setup_tokens')
    .values({
      token_hash: sha256Hex(token),
      operator_id: null,
      role: 'admin',
      created_at: now,
      expires_at: now + SETUP_LINK_TTL_MS,
      used_at: null,
    })
    .execute()
  return token
}

export const setupLink = (publicUrl: string, token: string) => `${publicUrl}/console/setup#${token}`

async function liveSetupToken(db: Kysely<Database>, token: string, now: number) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined
  const row = await db
    .selectFrom('operator_setup_tokens')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirst()
  if (!row || row.used_at !== null || Number(row.expires_at) <= now) return undefined
  return row
}

export async function setupInfo(db: Kysely<Database>, token: string, now: number): Promise<SetupInfo> {
  const row = await liveSetupToken(db, token, now)
  if (!row) throw new Refusal('ops_setup_link_invalid')
  const operator = row.operator_id === null ? undefined : await findOperator(db, Number(row.operator_id))
  return {
    email: operator?.email ?? null,
    name: operator?.name ?? null,
    role: row.role,
    expiresAt: Number(row.expires_at),
  }
}

/**
 * Uses a setup link once: sets the password of the operator it names, or (the first admin's
 * link) creates the admin with the e-mail and name given. Answers the operator's id.
 */
export async function completeSetup(
  db: Kysely<Database>,
  input: { token: string; password: string; email?: string | undefined; name?: string | undefined },
  now: number,
): Promise<{ id: number; created: boolean }> {
  checkOperatorPassword(input.password)
  const row = await liveSetupToken(db, input.token, now)
  if (!row) throw new Refusal('ops_setup_link_invalid')
  if (row.operator_id === null && !input.email) throw new Refusal('invalid_request', { field: 'email' })
  const passwordHash = await hashPassword(input.password)
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('operator_setup_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', row.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    if (used.numUpdatedRows === 0n) throw new Refusal('ops_setup_link_invalid')
    if (row.operator_id !== null) {
      await trx
        .updateTable('operators')
        .set({ password_hash: passwordHash, updated_at: now, ...(input.name ? { name: input.name.trim() } : {}) })
        .where('id', '=', row.operator_id)
        .execute()
      return { id: Number(row.operator_id), created: false }
    }
    // The first admin's link works only while there is still no operator.
    const any = await trx.selectFrom('operators').select('id').limit(1).executeTakeFirst()
    if (any) throw new Refusal('ops_setup_link_invalid')
    const email = normalizeEmail(input.email ?? '')
    const created = await trx
      .insertInto('operators')
      .values({
        email,
        name: input.name?.trim() || email.split('@')[0] || email,
        role: row.role,
        password_hash: passwordHash,
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        disabled_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: Number(created.id), created: true }
  })
}

function totpFor(email: string, secret: string) {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  })
}

/** The time step a code belongs to when it is valid now (±1 step of clock drift), else null. */
export function acceptedStep(email: string, secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totpFor(email, secret).validate({ token: code, timestamp: now, window: 1 })
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta
}

/**
 * The operator's TOTP secret in the clear, or null when none is stored. Sealed at rest; a plain
 * one (a database from before its start sealed it) still opens. No listed key opening it is the
 * deployment's error (SECRETS_KEY lost or changed), not a wrong code.
 */
export function totpSecretOf(operator: OperatorRow, keys: () => SecretKeyring): string | null {
  const stored = operator.totp_secret
  if (stored === null) return null
  if (!isSealed(stored)) return stored
  const plain = keys().open(stored, totpContext(operator.id))
  if (plain === null) throw new Error(`operator ${operator.id}'s TOTP secret opens with none of the secrets keys`)
  return plain
}

/** Starts (or restarts) enrolment: a new secret, not yet in force until a code confirms it. */
export async function startTotpEnrolment(
  db: Kysely<Database>,
  operator: OperatorRow,
  now: number,
  keys: () => SecretKeyring,
) {
  if (operator.totp_enabled_at !== null) throw new Refusal('invalid_request', { totp: 'already_enabled' })
  const secret = new OTPAuth.Secret({ size: 20 }).base32
  await db
    .updateTable('operators')
    .set({ totp_secret: keys().seal(secret, totpContext(operator.id)), updated_at: now })
    .where('id', '=', operator.id)
    .execute()
  return { secret, uri: totpFor(operator.email, secret).toString() }
}

export async function confirmTotpEnrolment(
  db: Kysely<Database>,
  operator: OperatorRow,
  code: string,
  now: number,
  keys: () => SecretKeyring,
) {
  const secret = totpSecretOf(operator, keys)
  if (operator.totp_enabled_at !== null || secret === null) throw new Refusal('invalid_request')
  const step = acceptedStep(operator.email, secret, code, now)
  if (step === null) throw new Refusal('ops_totp_required', { wrong: 1 })
  await db
    .updateTable('operators')
    .set({ totp_enabled_at: now, totp_last_step: step, updated_at: now })
    .where('id', '=', operator.id)
    .execute()
}

// Sessions -----------------------------------------------------------------------------------

export interface SessionPolicy {
  idleMs: number
  maxMs: number
}

// Touching last_seen_at on every request would turn each read into a write.
const TOUCH_GRANULARITY_MS = 30_000

export async function openSession(
  db: Kysely<Database>,
  operatorId: number,
  ip: string,
  now: number,
  policy: SessionPolicy,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomToken()
  const expiresAt = now + policy.maxMs
  await db
    .insertInto('operator_sessions')
    .values({
      token_hash: sha256Hex(token),
      operator_id: operatorId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      ip,
      revoked_at: null,
    })
    .execute()
  return { token, expiresAt }
}

export interface OperatorSession {
  tokenHash: string
  operator: OperatorRow
  /** When it ends if nothing else happens: the idle limit or the absolute one, whichever is first. */
  expiresAt: number
}

/** The live session behind a cookie token (and it slides the idle expiry), or undefined. */
export async function verifySession(
  db: Kysely<Database>,
  token: string,
  now: number,
  policy: SessionPolicy,
): Promise<OperatorSession | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined
  const tokenHash = sha256Hex(token)
  const session = await db
    .selectFrom('operator_sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!session || session.revoked_at !== null) return undefined
  const lastSeen = Number(session.last_seen_at)
  if (Number(session.expires_at) <= now || lastSeen + policy.idleMs <= now) return undefined
  const operator = await findOperator(db, Number(session.operator_id))
  if (!operator || operator.disabled_at !== null) return undefined
  if (now - lastSeen >= TOUCH_GRANULARITY_MS) {
    await db.updateTable('operator_sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute()
  }
  return { tokenHash, operator, expiresAt: Math.min(Number(session.expires_at), now + policy.idleMs) }
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string, now: number): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute()
}

export function describeOperator(operator: OperatorRow, sandbox: boolean, sessionExpiresAt: number | null): OperatorMe {
  const totpEnabled = operator.totp_enabled_at !== null
  const totpRequired = !sandbox && totpRequiredRoles.includes(operator.role)
  return {
    id: Number(operator.id),
    email: operator.email,
    name: operator.name,
    role: operator.role,
    permissions: permissionsOf(operator.role),
    totpEnabled,
    totpRequired,
    mustEnrolTotp: totpRequired && !totpEnabled,
    sessionExpiresAt,
  }
}

/** Disables an operator and ends their sessions; answers the id. */
export async function disableOperator(db: Kysely<Database>, email: string, now: number): Promise<number> {
  const operator = await db
    .selectFrom('operators')
    .select('id')
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst()
  if (!operator) throw new Refusal('not_found')
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('operators')
      .set({ disabled_at: now, updated_at: now })
      .where('id', '=', operator.id)
      .execute()
    await trx
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('operator_id', '=', operator.id)
      .where('revoked_at', 'is', null)
      .execute()
  })
  return Number(operator.id)
}
