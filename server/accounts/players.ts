// Player records: created on first device login (with their money accounts, in one
// transaction), found by device or user name, bound to a name and password.
import { type Kysely, sql } from 'kysely'
import type { Language } from '../../contract/languages.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { Database } from '../db/schema.ts'
import { openPlayerAccounts } from '../ledger/accounts.ts'

export interface NewPlayer {
  deviceId: string
  language: Language
  inviteCode: string | undefined
  channel: string | undefined
  adultConfirmed: boolean
}

/** Logs a device in, creating its player the first time. Safe under concurrent first logins. */
export async function findOrCreateByDevice(db: Kysely<Database>, input: NewPlayer, now: number) {
  const created = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('players')
      .values({
        device_id: input.deviceId,
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
    if (inserted) await openPlayerAccounts(trx, Number(inserted.id), now)
    return inserted !== undefined
  })
  const player = await db
    .selectFrom('players')
    .selectAll()
    .where('device_id', '=', input.deviceId)
    .executeTakeFirstOrThrow()
  if (!created && input.adultConfirmed && player.adult_confirmed_at === null) {
    await db.updateTable('players').set({ adult_confirmed_at: now }).where('id', '=', player.id).execute()
  }
  return { player, created }
}

/** A new device player with default settings (tests and benchmarks). */
export async function createDevicePlayer(db: Kysely<Database>, now: number): Promise<number> {
  const input = {
    deviceId: crypto.randomUUID(),
    language: 'pt-BR',
    inviteCode: undefined,
    channel: undefined,
    adultConfirmed: true,
  } as const
  const { player } = await findOrCreateByDevice(db, input, now)
  return Number(player.id)
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

export async function bindCredentials(
  db: Kysely<Database>,
  playerId: number,
  userName: string,
  passwordHash: string,
): Promise<BindOutcome> {
  const name = normalizeUserName(userName)
  // A concurrent bind of the same name can pass the check on PostgreSQL; the unique index
  // then decides, and the loser hears user_exist.
  return bindInTransaction(db, playerId, name, passwordHash).catch((error: unknown) => {
    if (isUniqueViolation(error)) return 'user_exist' as const
    throw error
  })
}

function bindInTransaction(db: Kysely<Database>, playerId: number, name: string, passwordHash: string) {
  return db.transaction().execute(async (trx): Promise<BindOutcome> => {
    const taken = await trx.selectFrom('players').select('id').where('user_name', '=', name).executeTakeFirst()
    if (taken) return taken.id === playerId ? 'already_bound' : 'user_exist'
    const result = await trx
      .updateTable('players')
      .set({ user_name: name, password_hash: passwordHash })
      .where('id', '=', playerId)
      .where('user_name', 'is', null)
      .executeTakeFirst()
    return result.numUpdatedRows > 0n ? 'bound' : 'already_bound'
  })
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
