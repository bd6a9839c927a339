// Verification with the identity bureau: the player's full name, CPF and date of birth are
// checked in this order — 18+ from the date given (in the market's time zone), the barred list
// (Lei 14.790/2023 art. 26), one account per CPF, then the bureau's record: a suspended or
// deceased CPF and an under-18 record are refused; a registered name or date of birth that differs,
// a politically exposed person or a bureau that does not answer go to the console's verification
// queue; otherwise the identity is verified at once. Nothing is written for a refusal.
import type { Kysely } from 'kysely'
import { ADULT_AGE } from '../../contract/identity.ts'
import type { Database, VerificationReviewsTable } from '../db/schema.ts'
import { completedYears, localDate } from '../lib/periods.ts'
import { Refusal } from '../refusal.ts'
import { type BureauRecord, BureauUnavailable, type IdentityBureau } from './identity-bureau.ts'
import { saveAccountDetails } from './verification.ts'

export interface IdentityContext {
  db: Kysely<Database>
  bureau: IdentityBureau
  timeZone: string
  now: () => number
  /** Logs a bureau fault that is not a plain "unavailable" (it goes to review all the same). */
  onBureauError?: (error: unknown) => void
}

export interface IdentityClaim {
  fullName: string
  cpf: string
  birthDate?: string | undefined
}

export type VerifyOutcome = { kind: 'verified' } | { kind: 'review'; reason: VerificationReviewsTable['reason'] }

/** Names compared as bureaus do: case, accents, punctuation and repeated spaces do not count. */
export function sameName(a: string, b: string): boolean {
  const plain = (name: string) =>
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z ]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  return plain(a) === plain(b)
}

export async function isBarred(db: Kysely<Database>, cpf: string): Promise<boolean> {
  const row = await db.selectFrom('barred_cpfs').select('cpf').where('cpf', '=', cpf).executeTakeFirst()
  return row !== undefined
}

/** The player's open review, if an operator is to decide on their verification. */
export async function openReviewOf(db: Kysely<Database>, playerId: number) {
  return db
    .selectFrom('verification_reviews')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('status', '=', 'open')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

async function cpfHeldByAnother(db: Kysely<Database>, playerId: number, cpf: string): Promise<boolean> {
  const verified = await db
    .selectFrom('player_verifications')
    .select('player_id')
    .where('cpf', '=', cpf)
    .executeTakeFirst()
  if (verified && Number(verified.player_id) !== playerId) return true
  const reviewed = await db
    .selectFrom('verification_reviews')
    .select('player_id')
    .where('cpf', '=', cpf)
    .where('status', '=', 'open')
    .where('player_id', '<>', playerId)
    .executeTakeFirst()
  return reviewed !== undefined
}

function refuseUnderAge(birthDate: string, ctx: IdentityContext): void {
  const today = localDate(ctx.now(), ctx.timeZone)
  if (birthDate > today) throw new Refusal('invalid_request', { field: 'birthDate' })
  if (completedYears(birthDate, today) < ADULT_AGE) throw new Refusal('identity_under_age')
}

export async function verifyIdentity(
  ctx: IdentityContext,
  playerId: number,
  claim: IdentityClaim,
): Promise<VerifyOutcome> {
  const { db } = ctx
  const existing = await db
    .selectFrom('player_verifications')
    .select('cpf')
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  if (existing) {
    if (existing.cpf === claim.cpf) return { kind: 'verified' }
    throw new Refusal('already_verified')
  }
  if (await openReviewOf(db, playerId)) throw new Refusal('verification_pending')
  if (claim.birthDate) refuseUnderAge(claim.birthDate, ctx)
  if (await isBarred(db, claim.cpf)) throw new Refusal('identity_barred')
  if (await cpfHeldByAnother(db, playerId, claim.cpf)) throw new Refusal('cpf_taken')

  let record: BureauRecord
  try {
    record = await ctx.bureau.check({ cpf: claim.cpf, fullName: claim.fullName, birthDate: claim.birthDate ?? null })
  } catch (error) {
    if (!(error instanceof BureauUnavailable)) ctx.onBureauError?.(error)
    return queue(ctx, playerId, claim, 'bureau_unavailable', null)
  }
  if (record.status === 'suspended') throw new Refusal('identity_cpf_suspended')
  if (record.status === 'deceased') throw new Refusal('identity_cpf_deceased')
  refuseUnderAge(record.birthDate, ctx)
  if (!sameName(record.registeredName, claim.fullName)) return queue(ctx, playerId, claim, 'name_mismatch', record)
  if (claim.birthDate && claim.birthDate !== record.birthDate)
    return queue(ctx, playerId, claim, 'birth_date_mismatch', record)
  if (record.pep) return queue(ctx, playerId, claim, 'pep', record)

  const saved = await saveAccountDetails(
    db,
    playerId,
    { fullName: claim.fullName, cpf: claim.cpf, birthDate: claim.birthDate ?? record.birthDate },
    ctx.now(),
  )
  if (saved === 'cpf_taken' || saved === 'already_verified') throw new Refusal(saved)
  return { kind: 'verified' }
}

async function queue(
  ctx: IdentityContext,
  playerId: number,
  claim: IdentityClaim,
  reason: VerificationReviewsTable['reason'],
  record: BureauRecord | null,
): Promise<VerifyOutcome> {
  await ctx.db
    .insertInto('verification_reviews')
    .values({
      player_id: playerId,
      cpf: claim.cpf,
      full_name: claim.fullName,
      birth_date: claim.birthDate ?? null,
      reason,
      bureau_name: record?.registeredName ?? null,
      bureau_birth_date: record?.birthDate ?? null,
      status: 'open',
      created_at: ctx.now(),
      decided_at: null,
      decided_by: null,
      decision_reason: null,
    })
    .execute()
  return { kind: 'review', reason }
}
