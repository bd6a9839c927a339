// Verification with the identity bureau: the player's full name, CPF and date of birth are
// checked in this order — 18+ from the date given (in the market's time zone), the barred list
// (Lei 14.790/2023 art. 26), one account per CPF, then the bureau's record: a suspended or
// deceased CPF and an under-18 record are refused; a registered name or date of birth that differs,
// a politically exposed person, a bureau that does not answer or a CPF another account's unsettled
// review claims go to the console's verification queue; otherwise the identity is verified at once.
// Before the bureau, the barred-person register is asked (server/sigap), which records its answer;
// a CPF it names is refused. Nothing else is written for a refusal. A player has at most one open review (a partial unique index),
// and one client address opens at most VERIFICATION_REVIEWS_PER_ADDRESS_DAY reviews a local day.
import { type Kysely, sql } from 'kysely'
import { ADULT_AGE } from '../../contract/identity.ts'
import type { Engine } from '../db/database.ts'
import type { Database, VerificationReviewsTable } from '../db/schema.ts'
import { completedYears, localDate, periodStart } from '../lib/periods.ts'
import { Refusal } from '../refusal.ts'
import type { RegisterOutcome } from '../sigap/standing.ts'
import { awaitFace } from './face-pending.ts'
import { type BureauRecord, BureauUnavailable, type IdentityBureau } from './identity-bureau.ts'
import { saveAccountDetails } from './verification.ts'

export interface IdentityContext {
  db: Kysely<Database>
  engine: Engine
  /** The client address the submission came from (the cap on reviews per address counts it). */
  address: string
  /** Reviews one address may open per local day (VERIFICATION_REVIEWS_PER_ADDRESS_DAY). */
  reviewsPerAddressPerDay: number
  /** Days a closed account's CPF waits before an operator may reopen it without a reason (ACCOUNT_REOPEN_DAYS). */
  reopenDays: number
  bureau: IdentityBureau
  /** The barred-person register (SIGAP), asked before the bureau; its answer is recorded there. */
  register: { atRegistration(playerId: number, cpf: string): Promise<RegisterOutcome> }
  timeZone: string
  now: () => number
  /** The face step follows the bureau (FACE_CHECK=on): its yes is kept until the face passes. */
  faceStep?: boolean
  /** Logs a bureau fault that is not a plain "unavailable" (it goes to review all the same). */
  onBureauError?: (error: unknown) => void
}

export interface IdentityClaim {
  fullName: string
  cpf: string
  birthDate?: string | undefined
}

export type VerifyOutcome =
  | { kind: 'verified' }
  | { kind: 'face' }
  | { kind: 'review'; reason: VerificationReviewsTable['reason'] }

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

/**
 * Whether another account holds the CPF: verified with it (the CPF is theirs), or only claiming it
 * in a review not yet decided (which proves nothing: whoever typed it first must not keep the real
 * holder out).
 */
/** When the account that verified this CPF was closed, or null (open, or none). */
async function closedAccountOfCpf(db: Kysely<Database>, cpf: string): Promise<number | null> {
  const row = await db
    .selectFrom('player_verifications')
    .innerJoin('players', 'players.id', 'player_verifications.player_id')
    .select('players.closed_at')
    .where('player_verifications.cpf', '=', cpf)
    .executeTakeFirst()
  return row?.closed_at == null ? null : Number(row.closed_at)
}

async function cpfHeldByAnother(
  db: Kysely<Database>,
  playerId: number,
  cpf: string,
): Promise<'verified' | 'in_review' | null> {
  const verified = await db
    .selectFrom('player_verifications')
    .select('player_id')
    .where('cpf', '=', cpf)
    .executeTakeFirst()
  if (verified && Number(verified.player_id) !== playerId) return 'verified'
  const reviewed = await db
    .selectFrom('verification_reviews')
    .select('player_id')
    .where('cpf', '=', cpf)
    .where('status', '=', 'open')
    .where('player_id', '<>', playerId)
    .executeTakeFirst()
  return reviewed === undefined ? null : 'in_review'
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
  const heldBy = await cpfHeldByAnother(db, playerId, claim.cpf)
  if (heldBy === 'verified') {
    // One account per CPF: a closed one is not replaced by a new account; only an operator reopens
    // it (audited), and a player reads when that may happen.
    const closedAt = await closedAccountOfCpf(db, claim.cpf)
    if (closedAt !== null) {
      const reopenFrom = closedAt + ctx.reopenDays * 86_400_000
      throw reopenFrom > ctx.now()
        ? new Refusal('cpf_account_closed', { reopenFrom })
        : new Refusal('cpf_account_closed')
    }
    throw new Refusal('cpf_taken')
  }
  // Portaria SPA/MF 1.231/2024 art. 8 VIII (Instrução Normativa SPA/MF 22/2025): the register is
  // asked at registration and a person it names is not registered. The refusal is the neutral one
  // the gate uses too, so it tells no one what the register says about a CPF. Unanswered, the
  // identity goes on and the gate holds money and play until an answer comes.
  if ((await ctx.register.atRegistration(playerId, claim.cpf)) === 'barred') throw new Refusal('regulatory_check')

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
  // Claimed by another account's open review: an operator tells which of the two holds it.
  if (heldBy === 'in_review') return queue(ctx, playerId, claim, 'cpf_contested', record)
  if (!sameName(record.registeredName, claim.fullName)) return queue(ctx, playerId, claim, 'name_mismatch', record)
  if (claim.birthDate && claim.birthDate !== record.birthDate)
    return queue(ctx, playerId, claim, 'birth_date_mismatch', record)
  if (record.pep) return queue(ctx, playerId, claim, 'pep', record)

  const details = { fullName: claim.fullName, cpf: claim.cpf, birthDate: claim.birthDate ?? record.birthDate }
  // Identity by face: the bureau's yes waits for the face step (face-checks.ts) before it verifies.
  if (ctx.faceStep) {
    await awaitFace(db, playerId, details, ctx.now())
    return { kind: 'face' }
  }
  const saved = await saveAccountDetails(db, playerId, details, ctx.now())
  if (saved === 'cpf_taken' || saved === 'already_verified') throw new Refusal(saved)
  return { kind: 'verified' }
}

/** What a review needs of the context: the database, the per-address cap and the clock. */
export type ReviewContext = Pick<
  IdentityContext,
  'db' | 'engine' | 'address' | 'reviewsPerAddressPerDay' | 'timeZone' | 'now'
>

/** A face review's scores (basis points), carried to the operator: never the picture. */
export interface FaceScores {
  matchBp: number | null
  livenessBp: number | null
}

export async function queue(
  ctx: ReviewContext,
  playerId: number,
  claim: IdentityClaim,
  reason: VerificationReviewsTable['reason'],
  record: BureauRecord | null,
  face: FaceScores | null = null,
): Promise<VerifyOutcome> {
  const now = ctx.now()
  const dayStart = periodStart('day', now, ctx.timeZone)
  const opened = await ctx.db.transaction().execute(async (trx) => {
    // One address's reviews are counted and added one at a time, on every instance (SQLite has
    // one writer already), so concurrent submissions cannot all fit under the cap.
    if (ctx.engine === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext(${`verification-reviews:${ctx.address}`}))`.execute(trx)
    const today = await trx
      .selectFrom('verification_reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('address', '=', ctx.address)
      .where('created_at', '>=', dayStart)
      .executeTakeFirstOrThrow()
    if (Number(today.n) >= ctx.reviewsPerAddressPerDay) throw new Refusal('verification_review_limit')
    // A second open review for the player is refused by the partial unique index, not by a check
    // before the insert: concurrent submissions leave exactly one.
    const inserted = await trx
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
        created_at: now,
        decided_at: null,
        decided_by: null,
        decision_reason: null,
        address: ctx.address,
        face_match_bp: face?.matchBp ?? null,
        face_liveness_bp: face?.livenessBp ?? null,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst()
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0
  })
  if (!opened) throw new Refusal('verification_pending')
  return { kind: 'review', reason }
}
