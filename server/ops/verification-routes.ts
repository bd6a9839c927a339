// The console's verification queue and barred list: the queue of what the identity bureau could not
// settle and of barred-list holds (open oldest first with the review clock, or decided), an
// approve / reject with a reason where the first decision wins and the player is told, and the
// barred list's summary and upload (a CSV that replaces the list; verified players it names are
// held and queued). Every action is audited in its own transaction; names and CPFs are masked
// unless the role sees personal data.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  barredListUpload,
  barredListView,
  verificationDecision,
  verificationQueuePage,
} from '../../contract/identity-replies.ts'
import { reviewDecisions, VERIFICATION_REVIEW_MINUTES, type VerificationItem } from '../../contract/ops.ts'
import {
  barredListSummary,
  holdBarredPlayers,
  MAX_BARRED_LINES,
  parseBarredCsv,
  replaceBarredList,
} from '../accounts/barred-list.ts'
import { maskBirthDate, maskCpf, maskName } from '../accounts/verification.ts'
import { decideVerification, type QueueRow, verificationQueue } from '../accounts/verification-queue.ts'
import { writeAudit } from '../audit/audit.ts'
import { ok, replies } from '../http/envelope.ts'
import { operatorEvent, playerEvent, writeOutbox } from '../push/outbox.ts'
import { Refusal } from '../refusal.ts'

const REVIEW_WINDOW_MS = VERIFICATION_REVIEW_MINUTES * 60_000

function itemOf(row: QueueRow, personal: boolean): VerificationItem {
  const name = (value: string | null) => (value === null || personal ? value : maskName(value))
  const born = (value: string | null) => (value === null || personal ? value : maskBirthDate(value))
  return {
    id: Number(row.id),
    playerId: Number(row.player_id),
    fullName: name(row.full_name) ?? '',
    cpf: personal ? row.cpf : maskCpf(row.cpf),
    birthDate: born(row.birth_date),
    bureauName: name(row.bureau_name),
    bureauBirthDate: born(row.bureau_birth_date),
    reason: row.reason,
    faceMatch: row.face_match_bp === null ? null : row.face_match_bp / 10_000,
    faceLiveness: row.face_liveness_bp === null ? null : row.face_liveness_bp / 10_000,
    status: row.status,
    createdAt: Number(row.created_at),
    reviewDueAt: Number(row.created_at) + REVIEW_WINDOW_MS,
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
    decidedBy: row.decided_by,
    decisionReason: row.decision_reason,
    frozen: row.frozen,
  }
}

export const opsVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verifications/queue',
    {
      config: { opsPermission: 'verifications.view' },
      schema: {
        response: replies(verificationQueuePage),
        body: z.strictObject({
          status: z.enum(['open', 'decided']).default('open'),
          limit: z.number().int().min(1).max(200).default(100),
        }),
      },
    },
    async (request) => {
      const personal = request.ops.me.permissions.includes('players.personalData')
      const { total, rows } = await verificationQueue(app.db, request.body.status, request.body.limit)
      return ok({
        total,
        items: rows.map((row) => itemOf(row, personal)),
        now: app.clock.now(),
        reviewMinutes: VERIFICATION_REVIEW_MINUTES,
      })
    },
  )

  app.post(
    '/verifications/decide',
    {
      config: { opsPermission: 'verifications.decide' },
      schema: {
        response: replies(verificationDecision),
        body: z.strictObject({
          id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
          decision: z.enum(reviewDecisions),
          reason: z.string().trim().min(1).max(200).optional(),
        }),
      },
    },
    async (request) => {
      const { id, decision, reason } = request.body
      // The player is told why: a rejection needs its reason.
      if (decision === 'reject' && !reason) throw new Refusal('invalid_request', { field: 'reason' })
      const { actor } = request.ops
      const now = app.clock.now()
      const effect = await app.db.transaction().execute(async (trx) => {
        const decided = await decideVerification(trx, { id, decision, by: actor.name, reason: reason ?? null, now })
        const playerId = Number(decided.review.player_id)
        await writeAudit(
          trx,
          actor,
          {
            action: decision === 'approve' ? 'verification.approve' : 'verification.reject',
            objectType: 'player',
            objectId: playerId,
            before: { review: id, reason: decided.review.reason, status: 'open' },
            after: {
              status: decision === 'approve' ? 'approved' : 'rejected',
              verified: decided.verified,
              unfrozen: decided.unfrozen,
            },
            reason: reason ?? null,
          },
          now,
        )
        await writeOutbox(
          trx,
          app.engine,
          [
            playerEvent(playerId, 'verification', { status: decided.verified ? 'verified' : 'rejected' }),
            operatorEvent({ topic: 'verification', playerId, id: String(id), status: decision }),
          ],
          now,
        )
        return decided
      })
      app.push.committed()
      if (decision === 'approve' && effect.verified) await app.accounts.verified(Number(effect.review.player_id))
      return ok({
        id,
        status: decision === 'approve' ? ('approved' as const) : ('rejected' as const),
        verified: effect.verified,
        unfrozen: effect.unfrozen,
      })
    },
  )

  app.post(
    '/verifications/barred',
    {
      config: { opsPermission: 'verifications.view' },
      schema: { response: replies(barredListView), body: z.strictObject({}) },
    },
    async () => {
      const [summary, sweep, counts] = await Promise.all([
        barredListSummary(app.db),
        app.sigap.sweep.progress(),
        app.sigap.standing.counts(),
      ])
      // The barred-person register's side (SIGAP), shown beside the operator's own list.
      const progress = sweep && {
        startedAt: sweep.startedAt,
        finishedAt: sweep.finishedAt,
        total: sweep.total,
        checked: sweep.checked,
        barred: sweep.barred,
        unavailable: sweep.unavailable,
        nextDueAt: sweep.nextDueAt,
      }
      return ok({ ...summary, register: { sweep: progress, unchecked: counts.unchecked, barred: counts.barred } })
    },
  )

  app.post(
    '/verifications/barred/upload',
    {
      config: { opsPermission: 'verifications.barred' },
      // A list of up to MAX_BARRED_LINES CPFs with their categories.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        response: replies(barredListUpload),
        body: z.strictObject({
          csv: z.string().max(MAX_BARRED_LINES * 32),
          reason: z.string().trim().min(1).max(200),
        }),
      },
    },
    async (request) => {
      const entries = parseBarredCsv(request.body.csv)
      const { actor } = request.ops
      const now = app.clock.now()
      const result = await app.db.transaction().execute(async (trx) => {
        const before = await barredListSummary(trx)
        const change = await replaceBarredList(trx, entries, now)
        const held = await holdBarredPlayers(trx, now)
        const after = await barredListSummary(trx)
        await writeAudit(
          trx,
          actor,
          {
            action: 'barred_list.upload',
            objectType: 'barred_list',
            objectId: 'barred_list',
            before: { total: before.total, byCategory: before.byCategory },
            after: { total: after.total, byCategory: after.byCategory, ...change, held },
            reason: request.body.reason,
          },
          now,
        )
        for (const playerId of held)
          await writeAudit(
            trx,
            actor,
            {
              action: 'verification.barred_hold',
              objectType: 'player',
              objectId: playerId,
              after: { frozen: true, queued: 'barred_list' },
              reason: request.body.reason,
            },
            now,
          )
        if (held.length > 0)
          await writeOutbox(
            trx,
            app.engine,
            [operatorEvent({ topic: 'verification', playerId: null, id: null, status: 'barred_list' })],
            now,
          )
        return { ...after, ...change, held }
      })
      if (result.held.length > 0) app.push.committed()
      return ok(result)
    },
  )
}
