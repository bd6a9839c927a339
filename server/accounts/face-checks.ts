// Identity by face. After the bureau accepts name, CPF and date of birth (identity-checks.ts), the
// player sends a live picture from the front camera: the face provider compares it with the CPF's
// reference face and says how alive it looked. Both scores at or above their thresholds verify the
// identity; either below, or no answer, or no camera on the phone, sends it to the verification
// queue with the scores. A step-up asks again later (before the first withdrawal to a new PIX key,
// and on a device a password or passkey login added, before its first withdrawal): it passes or is
// refused.
// The picture is passed on and forgotten: only the provider's reference, the scores, the outcome and
// the picture's SHA-256 are kept (face_checks), with the player's consent (biometric_consents).
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { BIOMETRIC_CONSENT_VERSION } from '../../contract/face.ts'
import { writeAudit } from '../audit/audit.ts'
import type { Database, FaceChecksTable } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'
import { type FaceAnswer, type FaceMatcher, FaceUnavailable } from './face-matcher.ts'
import { clearPendingFace, pendingFace } from './face-pending.ts'
import { queue, type ReviewContext } from './identity-checks.ts'
import { saveAccountDetails, verifiedIdentity } from './verification.ts'

/** How long a passed step-up lets withdrawals through from the device that did it. */
export const STEP_UP_VALID_MS = 15 * 60_000

export interface FaceSettings {
  check: boolean
  stepUp: boolean
  matchThreshold: number
  livenessThreshold: number
}

export interface FaceContext extends ReviewContext {
  matcher: FaceMatcher
  settings: FaceSettings
  /** The device row of the session that sent the picture. */
  deviceRowId: number | null
  onProviderError?: (error: unknown) => void
}

const bp = (score: number) => Math.round(score * 10_000)
const sha256Hex = (image: Buffer) => createHash('sha256').update(image).digest('hex')

async function recordConsent(db: Kysely<Database>, playerId: number, now: number): Promise<void> {
  await db
    .insertInto('biometric_consents')
    .values({ player_id: playerId, version: BIOMETRIC_CONSENT_VERSION, given_at: now })
    .onConflict((oc) => oc.columns(['player_id', 'version']).doNothing())
    .execute()
}

async function recordCheck(
  ctx: FaceContext,
  playerId: number,
  row: Pick<FaceChecksTable, 'purpose' | 'outcome'> & { answer: FaceAnswer | null; imageSha256: string | null },
): Promise<void> {
  await ctx.db
    .insertInto('face_checks')
    .values({
      player_id: playerId,
      purpose: row.purpose,
      device_row_id: ctx.deviceRowId,
      outcome: row.outcome,
      match_bp: row.answer ? bp(row.answer.match) : null,
      liveness_bp: row.answer ? bp(row.answer.liveness) : null,
      provider: ctx.matcher.name,
      provider_ref: row.answer?.reference ?? null,
      image_sha256: row.imageSha256,
      created_at: ctx.now(),
    })
    .execute()
}

async function ask(ctx: FaceContext, cpf: string, image: Buffer): Promise<FaceAnswer | null> {
  try {
    return await ctx.matcher.check({ cpf, image })
  } catch (error) {
    if (!(error instanceof FaceUnavailable)) ctx.onProviderError?.(error)
    return null
  }
}

function judge(ctx: FaceContext, answer: FaceAnswer | null): FaceChecksTable['outcome'] {
  if (!answer) return 'unavailable'
  if (answer.liveness < ctx.settings.livenessThreshold) return 'liveness'
  if (answer.match < ctx.settings.matchThreshold) return 'mismatch'
  return 'passed'
}

const reviewReasons = {
  mismatch: 'face_mismatch',
  liveness: 'face_liveness',
  unavailable: 'face_unavailable',
  no_camera: 'face_no_camera',
} as const

/** The face step after the bureau: verified, or sent to the verification queue with the scores. */
export async function checkOnboardingFace(
  ctx: FaceContext,
  playerId: number,
  image: Buffer,
): Promise<'passed' | 'review'> {
  if (!ctx.settings.check) throw new Refusal('face_not_pending')
  const pending = await pendingFace(ctx.db, playerId)
  if (!pending) throw new Refusal('face_not_pending')
  await recordConsent(ctx.db, playerId, ctx.now())
  const imageSha256 = sha256Hex(image)
  const answer = await ask(ctx, pending.cpf, image)
  const outcome = judge(ctx, answer)
  await recordCheck(ctx, playerId, { purpose: 'onboarding', outcome, answer, imageSha256 })
  if (outcome === 'passed') {
    const saved = await saveAccountDetails(ctx.db, playerId, pending, ctx.now())
    if (saved === 'cpf_taken' || saved === 'already_verified') throw new Refusal(saved)
    await clearPendingFace(ctx.db, playerId)
    return 'passed'
  }
  const scores = answer ? { matchBp: bp(answer.match), livenessBp: bp(answer.liveness) } : null
  await queue(
    ctx,
    playerId,
    { ...pending, birthDate: pending.birthDate ?? undefined },
    reviewReasons[outcome],
    null,
    scores,
  )
  await clearPendingFace(ctx.db, playerId)
  return 'review'
}

/** No camera on the phone: the face step goes to an operator instead. */
export async function faceFallback(ctx: FaceContext, playerId: number): Promise<'review'> {
  if (!ctx.settings.check) throw new Refusal('face_not_pending')
  const pending = await pendingFace(ctx.db, playerId)
  if (!pending) throw new Refusal('face_not_pending')
  await recordCheck(ctx, playerId, { purpose: 'onboarding', outcome: 'no_camera', answer: null, imageSha256: null })
  await queue(ctx, playerId, { ...pending, birthDate: pending.birthDate ?? undefined }, 'face_no_camera', null)
  await clearPendingFace(ctx.db, playerId)
  return 'review'
}

/** The face again, before a sensitive action: passes (and clears the device's due step-up) or is refused. */
export async function checkStepUpFace(ctx: FaceContext, playerId: number, image: Buffer): Promise<'passed'> {
  const identity = await verifiedIdentity(ctx.db, playerId)
  if (!ctx.settings.stepUp || !identity) throw new Refusal('face_not_pending')
  await recordConsent(ctx.db, playerId, ctx.now())
  const answer = await ask(ctx, identity.cpf, image)
  const outcome = judge(ctx, answer)
  await recordCheck(ctx, playerId, { purpose: 'step_up', outcome, answer, imageSha256: sha256Hex(image) })
  if (outcome === 'unavailable') throw new Refusal('face_unavailable')
  if (outcome !== 'passed') throw new Refusal('face_step_up_failed')
  if (ctx.deviceRowId !== null)
    await ctx.db.updateTable('devices').set({ face_step_up_due: null }).where('id', '=', ctx.deviceRowId).execute()
  return 'passed'
}

/** Who acts when the server itself decides a step-up is not owed (the audit log's actor). */
const stepUpActor = { id: null, name: 'face-step-up', ip: '-' }

/** The audit row of a step-up not asked of a player verified without a camera. */
async function skipped(db: Kysely<Database>, playerId: number, after: object, now: number): Promise<void> {
  await writeAudit(
    db,
    stepUpActor,
    {
      action: 'face.step_up_skipped',
      objectType: 'player',
      objectId: playerId,
      after,
      reason: 'verified_without_camera',
    },
    now,
  )
}

/**
 * Whether the player's identity was verified after they said their phone has no camera (the
 * onboarding went to an operator), and no face of theirs passed since.
 */
async function verifiedWithoutCamera(db: Kysely<Database>, playerId: number): Promise<boolean> {
  const rows = await db
    .selectFrom('face_checks')
    .select('outcome')
    .where('player_id', '=', playerId)
    .where((eb) => eb.or([eb('outcome', '=', 'passed'), eb('outcome', '=', 'no_camera')]))
    .execute()
  return rows.some((r) => r.outcome === 'no_camera') && !rows.some((r) => r.outcome === 'passed')
}

/**
 * A device added to a verified account by a password or passkey login owes a face step-up before
 * its first withdrawal or passkey change — however the identity was verified (a face that passed,
 * an operator's approval after a doubtful face, the bureau alone): the reference is the CPF's face
 * at the provider, so any verified player can give it. A player verified without a camera is not
 * asked for a face their phone cannot take: the step-up is skipped, with an audit row saying so.
 */
export async function markStepUpDue(
  db: Kysely<Database>,
  playerId: number,
  deviceRowId: number,
  now: number,
): Promise<'due' | 'skipped' | 'unverified'> {
  if (!(await verifiedIdentity(db, playerId))) return 'unverified'
  if (await verifiedWithoutCamera(db, playerId)) {
    await skipped(db, playerId, { deviceRowId, why: 'new_device' }, now)
    return 'skipped'
  }
  await db.updateTable('devices').set({ face_step_up_due: now }).where('id', '=', deviceRowId).execute()
  return 'due'
}

export async function stepUpDue(db: Kysely<Database>, deviceRowId: number | null): Promise<boolean> {
  if (deviceRowId === null) return false
  const row = await db.selectFrom('devices').select('face_step_up_due').where('id', '=', deviceRowId).executeTakeFirst()
  return row?.face_step_up_due != null
}

/**
 * The step-up gate a withdrawal passes: refused with `face_step_up_required` while this device owes
 * one, or when the key was never paid to and no step-up passed on this device in the last minutes.
 */
export async function requireStepUp(
  db: Kysely<Database>,
  settings: FaceSettings,
  input: { playerId: number; deviceRowId: number | null; newKey: boolean; now: number },
): Promise<void> {
  if (!settings.stepUp) return
  if (await stepUpDue(db, input.deviceRowId)) throw new Refusal('face_step_up_required', { why: 'new_device' })
  if (!input.newKey) return
  // No face to ask of a player verified without a camera: the skip is on the audit log instead.
  if (await verifiedWithoutCamera(db, input.playerId)) {
    await skipped(db, input.playerId, { deviceRowId: input.deviceRowId, why: 'new_key' }, input.now)
    return
  }
  let recent = db
    .selectFrom('face_checks')
    .select('id')
    .where('player_id', '=', input.playerId)
    .where('purpose', '=', 'step_up')
    .where('outcome', '=', 'passed')
    .where('created_at', '>', input.now - STEP_UP_VALID_MS)
  if (input.deviceRowId !== null) recent = recent.where('device_row_id', '=', input.deviceRowId)
  if (!(await recent.executeTakeFirst())) throw new Refusal('face_step_up_required', { why: 'new_key' })
}
