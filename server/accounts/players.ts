// Player records: created on first device login (with their first device and money accounts,
// in one transaction), found by id or user name, bound to a name and password, and when their
// credentials last changed (the withdrawal cool-off reads it).
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely'
import type { Language } from '../../contract/languages.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { Database, PlayersTable } from '../db/schema.ts'
import { openPlayerAccounts } from '../ledger/accounts.ts'
import { addDevice, type IssuedDevice } from './devices.ts'

export interface NewPlayer {
  deviceId: string
  language: Language
  inviteCode: string | undefined
  channel: string | undefined
  adultConfirmed: boolean
  /** The device's browser and system, for the player's device list. */
  label: string
}

export type Player = Selectable<PlayersTable>

/**
 * Creates a player with its first device (secret issued) and money accounts, in one transaction.
 * Undefined when the device id is already in use (the caller refuses: an id alone logs nobody in).
 */
export async function createPlayerWithDevice(
  db: Kysely<Database>,
  input: NewPlayer,
  now: number,
): Promise<{ player: Player; device: IssuedDevice } | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('players')
        .values({
          device_id: input.deviceId.toLowerCase(),
          language: input.language,
          // Invite codes are case-insensitive; share codes are upper-case.
          invite_code: input.inviteCode?.toUpperCase() ?? null,
          channel: input.channel ?? null,
          adult_confirmed_at: input.adultConfirmed ? now : null,
          created_at: now,
        })
        .onConflict((oc) => oc.column('device_id').doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!inserted) return undefined
      const playerId = Number(inserted.id)
      await openPlayerAccounts(trx, playerId, now)
      const device = await addDevice(trx, playerId, input.deviceId, input.label, now)
      const player = await trx.selectFrom('players').selectAll().where('id', '=', playerId).executeTakeFirstOrThrow()
      return { player, device }
    })
  } catch (error) {
    // The id belongs to a device added by a name-and-password login.
    if (isUniqueViolation(error)) return undefined
    throw error
  }
}

/** Records the 18+ answer given at a later login. */
export async function confirmAdult(db: Kysely<Database>, player: Player, now: number): Promise<void> {
  if (player.adult_confirmed_at !== null) return
  await db.updateTable('players').set({ adult_confirmed_at: now }).where('id', '=', player.id).execute()
}

/** A new device player with default settings (tests and benchmarks). */
export async function createDevicePlayer(db: Kysely<Database>, now: number): Promise<number> {
  const input = {
    deviceId: crypto.randomUUID(),
    language: 'pt-BR',
    inviteCode: undefined,
    channel: undefined,
    adultConfirmed: true,
    label: '',
  } as const
  const created = await createPlayerWithDevice(db, input, now)
  if (!created) throw new Error('a random device id was already taken')
  return Number(created.player.id)
}

/**
 * When the player's credentials last changed (epoch ms) — a device added to an account with money,
 * a device revoked, a first password set from another device — or null if never since sign-up.
 */
export async function credentialsChangedAt(db: Kysely<Database>, playerId: number): Promise<number | null> {
  const row = await db
    .selectFrom('players')
    .select('credentials_changed_at')
    .where('id', '=', playerId)
    .executeTakeFirst()
  return row?.credentials_changed_at == null ? null : Number(row.credentials_changed_at)
}

export async function markCredentialsChanged(
  db: Kysely<Database> | Transaction<Database>,
  playerId: number,
  now: number,
): Promise<void> {
  await db.updateTable('players').set({ credentials_changed_at: now }).where('id', '=', playerId).execute()
}

export function findByUserName(db: Kysely<Database>, userName: string) {
  return db.selectFrom('players').selectAll().where('user_name', '=', normalizeUserName(userName)).executeTakeFirst()
}

export function findById(db: Kysely<Database>, playerId: number) {
  return db.selectFrom('players').selectAll().where('id', '=', playerId).executeTakeFirstOrThrow()
}

/** User names are unique regardless of case. */
export function normalizeUserName(userName: string): string {
  return userName.trim().toLowerCase()
}

export type BindOutcome = 'bound' | 'user_exist' | 'already_bound'

/**
 * The refusal a bind will meet whatever its password (the account already has a name, or the
 * name is someone else's), read before the password is hashed so a refused bind costs no scrypt.
 * `bindCredentials` checks again in its transaction.
 */
export async function bindRefusal(
  db: Kysely<Database>,
  playerId: number,
  userName: string,
): Promise<'user_exist' | 'already_bound' | null> {
  const rows = await db
    .selectFrom('players')
    .select(['id', 'user_name'])
    .where((eb) => eb.or([eb('id', '=', playerId), eb('user_name', '=', normalizeUserName(userName))]))
    .execute()
  // In the order `bindCredentials` answers them.
  if (rows.some((row) => Number(row.id) !== playerId)) return 'user_exist'
  if (rows.some((row) => Number(row.id) === playerId && row.user_name !== null)) return 'already_bound'
  return null
}

/**
 * Gives the account its first name and password. A first password set on the device that created
 * the account is not a change of credentials (the withdrawal cool-off guards against a takeover
 * of credentials that already existed); set from any other device, it is one.
 */
export async function bindCredentials(
  db: Kysely<Database>,
  playerId: number,
  sessionDeviceId: number | null,
  userName: string,
  passwordHash: string,
  now: number,
): Promise<BindOutcome> {
  const name = normalizeUserName(userName)
  // A concurrent bind of the same name can pass the check on PostgreSQL; the unique index
  // then decides, and the loser hears user_exist.
  return bindInTransaction(db, playerId, sessionDeviceId, name, passwordHash, now).catch((error: unknown) => {
    if (isUniqueViolation(error)) return 'user_exist' as const
    throw error
  })
}

function bindInTransaction(
  db: Kysely<Database>,
  playerId: number,
  sessionDeviceId: number | null,
  name: string,
  passwordHash: string,
  now: number,
) {
  return db.transaction().execute(async (trx): Promise<BindOutcome> => {
    const taken = await trx.selectFrom('players').select('id').where('user_name', '=', name).executeTakeFirst()
    if (taken) return taken.id === playerId ? 'already_bound' : 'user_exist'
    const creating = await onCreatingDevice(trx, playerId, sessionDeviceId)
    const result = await trx
      .updateTable('players')
      .set({ user_name: name, password_hash: passwordHash, ...(creating ? {} : { credentials_changed_at: now }) })
      .where('id', '=', playerId)
      .where('user_name', 'is', null)
      .executeTakeFirst()
    return result.numUpdatedRows > 0n ? 'bound' : 'already_bound'
  })
}

/**
 * Whether the session is on the device the account was created with, and the account has no other
 * device. A session without a device (tokens from before devices) counts only on a one-device
 * account.
 */
async function onCreatingDevice(trx: Transaction<Database>, playerId: number, sessionDeviceId: number | null) {
  const devices = await trx
    .selectFrom('devices')
    .innerJoin('players', 'players.id', 'devices.player_id')
    .select(['devices.id', 'devices.device_id', 'players.device_id as created_with'])
    .where('devices.player_id', '=', playerId)
    .where('devices.revoked_at', 'is', null)
    .execute()
  if (devices.length !== 1) return false
  const [only] = devices
  return (
    only !== undefined &&
    only.device_id === only.created_with &&
    (sessionDeviceId ?? Number(only.id)) === Number(only.id)
  )
}

export async function setLanguage(db: Kysely<Database>, playerId: number, language: Language) {
  await db.updateTable('players').set({ language }).where('id', '=', playerId).execute()
}

/** Whether the player confirmed being 18 or older (play and deposits need it). */
export async function adultConfirmed(db: Kysely<Database>, playerId: number): Promise<boolean> {
  const row = await db.selectFrom('players').select('adult_confirmed_at').where('id', '=', playerId).executeTakeFirst()
  return row?.adult_confirmed_at != null
}

/** The name other players may see (win feed): the bound user name, if any. */
export async function publicUserName(db: Kysely<Database>, playerId: number): Promise<string | null> {
  const row = await db.selectFrom('players').select('user_name').where('id', '=', playerId).executeTakeFirst()
  return row?.user_name ?? null
}

/** The player accepted the browser's install prompt (kept once, for the operator's figures). */
export async function markInstallAccepted(db: Kysely<Database>, playerId: number, now: number): Promise<void> {
  await db
    .updateTable('players')
    .set({ install_accepted_at: now })
    .where('id', '=', playerId)
    .where('install_accepted_at', 'is', null)
    .execute()
}

/** Whether this player's app reported an accepted install (the download reward's condition). */
export async function installAccepted(db: Kysely<Database>, playerId: number): Promise<boolean> {
  const row = await db.selectFrom('players').select('install_accepted_at').where('id', '=', playerId).executeTakeFirst()
  return row?.install_accepted_at != null
}

/** Sign-ups that came with an invite code (the inviter excluded): in all and since `since`. */
export async function signUpsWithCode(db: Kysely<Database>, code: string, inviterId: number, since: number) {
  const row = await db
    .selectFrom('players')
    .select([
      (eb) => eb.fn.countAll<number | string>().as('total'),
      sql<number | string>`coalesce(sum(case when created_at >= ${since} then 1 else 0 end), 0)`.as('since'),
    ])
    .where('invite_code', '=', code)
    .where('id', '<>', inviterId)
    .executeTakeFirstOrThrow()
  return { total: Number(row.total), since: Number(row.since) }
}

/** The invite code the player arrived with (upper-case), if any. */
export async function arrivedWithCode(db: Kysely<Database>, playerId: number): Promise<string | null> {
  const row = await db.selectFrom('players').select('invite_code').where('id', '=', playerId).executeTakeFirst()
  return row?.invite_code ?? null
}

/** The names other players may see (win feed), for several players at once. */
export async function publicUserNames(db: Kysely<Database>, playerIds: number[]): Promise<Map<number, string | null>> {
  if (playerIds.length === 0) return new Map()
  const rows = await db.selectFrom('players').select(['id', 'user_name']).where('id', 'in', playerIds).execute()
  return new Map(rows.map((row) => [Number(row.id), row.user_name]))
}

/** Locks the player's row until commit (PostgreSQL), so one decision per player runs at a time. */
export async function lockPlayerRow(trx: Transaction<Database>, playerId: number): Promise<void> {
  await trx.selectFrom('players').select('id').where('id', '=', playerId).forUpdate().execute()
}
