// Verification: a player's full name and CPF, one account per CPF, set once.
import type { Kysely } from 'kysely'
import type { AccountDetails } from '../../contract/verification.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { Database } from '../db/schema.ts'

export function maskCpf(cpf: string): string {
  return `***.***.*${cpf.slice(7, 9)}-${cpf.slice(9)}`
}

/** "Maria da Silva" → "Maria d* S****": enough to tell players apart, not to identify one. */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .map((word, i) => (i === 0 ? word : `${word.slice(0, 1)}${'*'.repeat(Math.max(1, word.length - 1))}`))
    .join(' ')
}

export async function readAccountDetails(db: Kysely<Database>, playerId: number): Promise<AccountDetails> {
  const row = await db
    .selectFrom('player_verifications')
    .selectAll()
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  return row
    ? { verified: true, fullName: row.full_name, cpfMasked: maskCpf(row.cpf) }
    : { verified: false, fullName: null, cpfMasked: null }
}

export type SaveOutcome = 'saved' | 'unchanged' | 'cpf_taken' | 'already_verified'

export async function saveAccountDetails(
  db: Kysely<Database>,
  playerId: number,
  details: { fullName: string; cpf: string },
  now: number,
): Promise<SaveOutcome> {
  const existing = await db
    .selectFrom('player_verifications')
    .selectAll()
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  if (existing) return existing.cpf === details.cpf ? 'unchanged' : 'already_verified'
  try {
    await db
      .insertInto('player_verifications')
      .values({ player_id: playerId, full_name: details.fullName, cpf: details.cpf, verified_at: now })
      .execute()
    return 'saved'
  } catch (error) {
    // Either this CPF belongs to someone else, or a concurrent save for this player won.
    if (!isUniqueViolation(error)) throw error
    const mine = await db
      .selectFrom('player_verifications')
      .select('cpf')
      .where('player_id', '=', playerId)
      .executeTakeFirst()
    if (mine) return mine.cpf === details.cpf ? 'unchanged' : 'already_verified'
    return 'cpf_taken'
  }
}

/** The player's verified name and CPF (unmasked: for the server's own checks, never a response). */
/** The verified name of whoever holds this CPF here, if anyone does. */
export async function verifiedNameOfCpf(db: Kysely<Database>, cpf: string): Promise<string | null> {
  const row = await db.selectFrom('player_verifications').select('full_name').where('cpf', '=', cpf).executeTakeFirst()
  return row?.full_name ?? null
}

export async function verifiedIdentity(
  db: Kysely<Database>,
  playerId: number,
): Promise<{ fullName: string; cpf: string } | null> {
  const row = await db
    .selectFrom('player_verifications')
    .select(['full_name', 'cpf'])
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  return row ? { fullName: row.full_name, cpf: row.cpf } : null
}
