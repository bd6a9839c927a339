// The verification queue: what the identity bureau could not settle (a different registered name
// or date of birth, a politically exposed person, no answer) and verified players a new barred list
// names, and verified players a sanctions list names (server/aml). An operator approves or rejects each with a reason; the first decision wins. Approving
// verifies the identity (or, for a barred-list or sanctions hold found mistaken, lifts the freeze
// it placed); rejecting tells the player why, and they may try again.
import type { Kysely, Selectable } from 'kysely'
import type { ReviewDecision } from '../../contract/ops.ts'
import type { Database, VerificationReviewsTable } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'
import { accountHolds, setFrozen } from './account-holds.ts'
import { isBarred } from './identity-checks.ts'

export type VerificationReviewRow = Selectable<VerificationReviewsTable>

export interface QueueRow extends VerificationReviewRow {
  frozen: boolean
}

/** Open reviews oldest first, or decided ones newest first. */
export async function verificationQueue(
  db: Kysely<Database>,
  status: 'open' | 'decided',
  limit: number,
): Promise<{ total: number; rows: QueueRow[] }> {
  const base = db
    .selectFrom('verification_reviews')
    .where('verification_reviews.status', status === 'open' ? '=' : '<>', 'open')
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const rows = await base
    .innerJoin('players', 'players.id', 'verification_reviews.player_id')
    .selectAll('verification_reviews')
    .select('players.frozen_at')
    .orderBy(
      status === 'open' ? 'verification_reviews.created_at' : 'verification_reviews.decided_at',
      status === 'open' ? 'asc' : 'desc',
    )
    .orderBy('verification_reviews.id', status === 'open' ? 'asc' : 'desc')
    .limit(limit)
    .execute()
  return {
    total: Number(counted.n),
    rows: rows.map(({ frozen_at, ...row }) => ({ ...row, frozen: frozen_at !== null })),
  }
}

/** How many reviews wait for a decision (the console's pending work). */
export async function openVerificationCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('verification_reviews')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export interface DecisionEffect {
  review: VerificationReviewRow
  verified: boolean
  unfrozen: boolean
}

/**
 * Settles an open review in the caller's transaction: the first decision wins (`verification_taken`
 * for the later one). An approval is refused while the CPF is on the barred list, or when another
 * account was verified with it meanwhile.
 */
export async function decideVerification(
  db: Kysely<Database>,
  input: { id: number; decision: ReviewDecision; by: string; reason: string | null; now: number },
): Promise<DecisionEffect> {
  const review = await db.selectFrom('verification_reviews').selectAll().where('id', '=', input.id).executeTakeFirst()
  if (!review) throw new Refusal('not_found')
  if (review.status !== 'open') throw new Refusal('verification_taken')
  const taken = await db
    .updateTable('verification_reviews')
    .set({
      status: input.decision === 'approve' ? 'approved' : 'rejected',
      decided_at: input.now,
      decided_by: input.by,
      decision_reason: input.reason,
    })
    .where('id', '=', input.id)
    .where('status', '=', 'open')
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 0) throw new Refusal('verification_taken')
  const playerId = Number(review.player_id)
  if (input.decision === 'reject') return { review, verified: await isVerified(db, playerId), unfrozen: false }

  if (await isBarred(db, review.cpf)) throw new Refusal('identity_barred')
  if (review.reason === 'barred_list' || review.reason === 'sanctions') {
    // Only the freeze this hold placed is lifted; an operator's own freeze stays.
    const holds = await accountHolds(db, playerId)
    const ownHold = holds.frozenAt === Number(review.created_at)
    if (ownHold) await setFrozen(db, playerId, false, input.now)
    return { review, verified: await isVerified(db, playerId), unfrozen: ownHold }
  }
  const holder = await db
    .selectFrom('player_verifications')
    .select('player_id')
    .where((eb) => eb.or([eb('cpf', '=', review.cpf), eb('player_id', '=', playerId)]))
    .execute()
  if (holder.some((row) => Number(row.player_id) !== playerId)) throw new Refusal('cpf_taken')
  if (holder.length === 0)
    await db
      .insertInto('player_verifications')
      .values({
        player_id: playerId,
        full_name: review.full_name,
        cpf: review.cpf,
        birth_date: review.birth_date ?? review.bureau_birth_date,
        verified_at: input.now,
      })
      .execute()
  return { review, verified: true, unfrozen: false }
}

async function isVerified(db: Kysely<Database>, playerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('player_verifications')
    .select('player_id')
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Freezes a verified player and opens a review for them (a sanctions-list match: server/aml), in
 * the caller's transaction. False when they are not verified or a review of theirs is open already
 * (that one keeps its place; the freeze is placed all the same).
 */
export async function holdVerifiedForReview(
  db: Kysely<Database>,
  playerId: number,
  reason: 'sanctions',
  now: number,
): Promise<boolean> {
  const player = await db
    .selectFrom('player_verifications')
    .select(['cpf', 'full_name', 'birth_date'])
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  if (!player) return false
  await setFrozen(db, playerId, true, now)
  const opened = await db
    .insertInto('verification_reviews')
    .values({
      player_id: playerId,
      cpf: player.cpf,
      full_name: player.full_name,
      birth_date: player.birth_date,
      reason,
      bureau_name: null,
      bureau_birth_date: null,
      status: 'open',
      created_at: now,
      decided_at: null,
      decided_by: null,
      decision_reason: null,
      address: null,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst()
  return Number(opened.numInsertedOrUpdatedRows ?? 0n) > 0
}

export interface VerifiedIdentity {
  playerId: number
  cpf: string
  fullName: string
  birthDate: string | null
}

/** Verified players after an id, in id order (the screening's sweep pages through them). */
export async function verifiedPlayersAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<VerifiedIdentity[]> {
  const rows = await db
    .selectFrom('player_verifications')
    .select(['player_id', 'cpf', 'full_name', 'birth_date'])
    .where('player_id', '>', afterId)
    .orderBy('player_id')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    playerId: Number(r.player_id),
    cpf: r.cpf,
    fullName: r.full_name,
    birthDate: r.birth_date,
  }))
}

export async function verifiedIdentity(db: Kysely<Database>, playerId: number): Promise<VerifiedIdentity | null> {
  const [found] = await verifiedPlayersAfter(db, playerId - 1, 1)
  return found?.playerId === playerId ? found : null
}

/** How many players are verified (the screening's progress counts against it). */
export async function verifiedCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('player_verifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Whether the identity bureau ever said the player is a politically exposed person. */
export async function bureauSaidPep(db: Kysely<Database>, playerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('verification_reviews')
    .select('id')
    .where('player_id', '=', playerId)
    .where('reason', '=', 'pep')
    .executeTakeFirst()
  return row !== undefined
}
