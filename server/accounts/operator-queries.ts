// What the operator console reads from accounts: finding players by id, user name, verified
// name or CPF; a player's identity, devices and open sessions; and ending every session of a
// player (force logout). CPFs come back whole: the ops routes mask them unless the operator's
// role may see them.
import type { Kysely } from 'kysely'
import { normalizeCpf } from '../../contract/cpf.ts'
import { checkPixKey } from '../../contract/pix-keys.ts'
import type { Database } from '../db/schema.ts'

export interface PlayerIdentity {
  userId: number
  userName: string | null
  fullName: string | null
  cpf: string | null
  language: string
  createdAt: number
  adultConfirmedAt: number | null
  verifiedAt: number | null
}

function identities(db: Kysely<Database>) {
  return db
    .selectFrom('players')
    .leftJoin('player_verifications', 'player_verifications.player_id', 'players.id')
    .select([
      'players.id as id',
      'players.user_name as user_name',
      'players.language as language',
      'players.created_at as created_at',
      'players.adult_confirmed_at as adult_confirmed_at',
      'player_verifications.full_name as full_name',
      'player_verifications.cpf as cpf',
      'player_verifications.verified_at as verified_at',
    ])
}

type IdentityRow = Awaited<ReturnType<ReturnType<typeof identities>['execute']>>[number]

const toIdentity = (r: IdentityRow): PlayerIdentity => ({
  userId: Number(r.id),
  userName: r.user_name,
  fullName: r.full_name,
  cpf: r.cpf,
  language: r.language,
  createdAt: Number(r.created_at),
  adultConfirmedAt: r.adult_confirmed_at === null ? null : Number(r.adult_confirmed_at),
  verifiedAt: r.verified_at === null ? null : Number(r.verified_at),
})

export async function playerIdentity(db: Kysely<Database>, playerId: number): Promise<PlayerIdentity | undefined> {
  const row = await identities(db).where('players.id', '=', playerId).executeTakeFirst()
  return row ? toIdentity(row) : undefined
}

export async function playerIdentities(db: Kysely<Database>, playerIds: number[]): Promise<PlayerIdentity[]> {
  if (playerIds.length === 0) return []
  return (await identities(db).where('players.id', 'in', playerIds).execute()).map(toIdentity)
}

/** Players by id, CPF (exact), or user name / verified name (contains, case-insensitive). */
/**
 * A query shaped like an identifier — digits with a CPF's or a phone's punctuation, an e-mail, a
 * phone with +, a random PIX key — names no one: full names hold no digits, user names no @ or +.
 * It is looked up through indexes only; the names' substring scan (every player's names) is for
 * words.
 */
function keyShaped(text: string): boolean {
  return /^[\d.\-\s()]+$/.test(text) || /[@+]/.test(text) || checkPixKey('random', text) === null
}

export async function searchPlayers(
  db: Kysely<Database>,
  q: string,
  limit = 20,
): Promise<{ identity: PlayerIdentity; matched: 'id' | 'name' | 'cpf' }[]> {
  const found: { identity: PlayerIdentity; matched: 'id' | 'name' | 'cpf' }[] = []
  const text = q.trim()
  if (/^\d{1,15}$/.test(text)) {
    const byId = await playerIdentity(db, Number(text))
    if (byId) found.push({ identity: byId, matched: 'id' })
  }
  const cpf = normalizeCpf(text)
  if (/^\d{11}$/.test(cpf)) {
    const row = await identities(db).where('player_verifications.cpf', '=', cpf).executeTakeFirst()
    if (row) found.push({ identity: toIdentity(row), matched: 'cpf' })
  }
  if (keyShaped(text)) {
    // A user name may be all digits (or dots): matched whole, through its unique index.
    const byName = await identities(db).where('players.user_name', '=', text).executeTakeFirst()
    if (byName) found.push({ identity: toIdentity(byName), matched: 'name' })
  } else if (text.length >= 2) {
    const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const rows = await identities(db)
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['players.user_name']), 'like', like),
          eb(eb.fn('lower', ['player_verifications.full_name']), 'like', like),
        ]),
      )
      .orderBy('players.id')
      .limit(limit)
      .execute()
    for (const row of rows) found.push({ identity: toIdentity(row), matched: 'name' })
  }
  const seen = new Set<number>()
  return found.filter((f) => !seen.has(f.identity.userId) && seen.add(f.identity.userId)).slice(0, limit)
}

export async function playerDevicesAndSessions(db: Kysely<Database>, playerId: number, now: number) {
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'label', 'created_at', 'last_seen_at', 'revoked_at'])
    .where('player_id', '=', playerId)
    .orderBy('last_seen_at', 'desc')
    .limit(50)
    .execute()
  const sessions = await db
    .selectFrom('session_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow()
  return {
    devices: devices.map((d) => ({
      id: Number(d.id),
      label: d.label,
      createdAt: Number(d.created_at),
      lastSeenAt: Number(d.last_seen_at),
      revoked: d.revoked_at !== null,
    })),
    openSessions: Number(sessions.n),
  }
}

/** Ends every open session of the player; answers the revoked tokens' hashes (to close sockets). */
export async function revokeAllSessions(db: Kysely<Database>, playerId: number, now: number): Promise<string[]> {
  const open = await db
    .selectFrom('session_tokens')
    .select('token_hash')
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute()
  if (open.length === 0) return []
  await db
    .updateTable('session_tokens')
    .set({ revoked_at: now })
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .execute()
  return open.map((r) => r.token_hash)
}
