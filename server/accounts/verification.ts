// Verification: a player's full name, CPF and date of birth, one account per CPF, set once; the
// status the app shows (verified, waiting for the face step or for an operator, or refused by one
// with the reason).
import type { Kysely } from 'kysely'
import { VERIFICATION_REVIEW_MINUTES } from '../../contract/identity.ts'
import type { AccountDetails } from '../../contract/verification.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { Database } from '../db/schema.ts'

export function maskCpf(cpf: string): string {
  return `***.***.*${cpf.slice(7, 9)}-${cpf.slice(9)}`
}

/** A date of birth for a role that may not see personal data: nothing of it, the shape kept. */
export function maskBirthDate(date: string): string {
  return date.replace(/\d/g, '*')
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
  if (row)
    return {
      verified: true,
      fullName: row.full_name,
      cpfMasked: maskCpf(row.cpf),
      status: 'verified',
      reviewReason: null,
      rejection: null,
      reviewDueAt: null,
    }
  // The latest review says whether an operator is deciding, or refused (the player may try again).
  const review = await db
    .selectFrom('verification_reviews')
    .select(['status', 'reason', 'full_name', 'cpf', 'decision_reason', 'created_at'])
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (review?.status === 'open')
    return {
      verified: false,
      fullName: review.full_name,
      cpfMasked: maskCpf(review.cpf),
      status: 'review',
      reviewReason: review.reason,
      rejection: null,
      reviewDueAt: Number(review.created_at) + VERIFICATION_REVIEW_MINUTES * 60_000,
    }
  const pending = await db
    .selectFrom('face_pending')
    .select(['full_name', 'cpf'])
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  if (pending)
    return {
      verified: false,
      fullName: pending.full_name,
      cpfMasked: maskCpf(pending.cpf),
      status: 'face',
      reviewReason: null,
      rejection: null,
      reviewDueAt: null,
    }
  if (review?.status === 'rejected')
    return {
      verified: false,
      fullName: null,
      cpfMasked: null,
      status: 'rejected',
      reviewReason: null,
      rejection: review.decision_reason ?? '',
      reviewDueAt: null,
    }
  return {
    verified: false,
    fullName: null,
    cpfMasked: null,
    status: 'none',
    reviewReason: null,
    rejection: null,
    reviewDueAt: null,
  }
}

export type SaveOutcome = 'saved' | 'unchanged' | 'cpf_taken' | 'already_verified'

export async function saveAccountDetails(
  db: Kysely<Database>,
  playerId: number,
  details: { fullName: string; cpf: string; birthDate: string | null },
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
      .values({
        player_id: playerId,
        full_name: details.fullName,
        cpf: details.cpf,
        birth_date: details.birthDate,
        verified_at: now,
      })
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

/** The verified name of whoever holds this CPF here, if anyone does. */
export async function verifiedNameOfCpf(db: Kysely<Database>, cpf: string): Promise<string | null> {
  const row = await db.selectFrom('player_verifications').select('full_name').where('cpf', '=', cpf).executeTakeFirst()
  return row?.full_name ?? null
}

/** The player's verified name and CPF (unmasked: for the server's own checks, never a response). */
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
