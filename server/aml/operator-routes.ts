// The AML operator routes, mounted under /api/ops/aml inside the operator scope (its
// authentication, permission check and audit of refusals): the review worklist with its clocks,
// a bettor's class recomputed now and an operator's periodic review, the sanctions screening
// matches and an operator's decision on a weak one, the staff and partners register, and the
// annual report (JSON or CSV). Case work needs `aml.cases`, the report `aml.report` (risk, admin);
// names are masked unless the role sees personal data. Every decision is audited in its own
// transaction.
import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { amlClasses, amlPartyKinds, amlReviewOutcomes, type ScreeningItem } from '../../contract/aml.ts'
import { amlClassItem, amlParties, amlParty, amlWorklist, screeningPage } from '../../contract/aml-replies.ts'
import { maskBirthDate, maskName } from '../accounts/verification.ts'
import { verifiedIdentity } from '../accounts/verification-queue.ts'
import { writeAudit } from '../audit/audit.ts'
import { HttpRefusal, ok, replies } from '../http/envelope.ts'
import { localDate } from '../lib/periods.ts'
import { may } from '../ops/roles.ts'
import { Refusal } from '../refusal.ts'
import { classItem, classOf, recordReview, worklist } from './classes.ts'
import { addParty, listParties } from './parties.ts'
import { AML_REPORT_FORMAT, makeAnnualReport, reportCsv } from './report.ts'
import { currentList, decideMatch, listMatches, screeningItem, unscreenedCount } from './sanctions.ts'

const playerId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const reason = z.string().trim().min(1).max(500)

export const amlOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const personal = (role: Parameters<typeof may>[0]) => may(role, 'players.personalData')
  const nameOf = async (id: number, whole: boolean) => {
    const player = await verifiedIdentity(app.db, id)
    if (!player) return null
    return whole ? player.fullName : maskName(player.fullName)
  }

  app.post(
    '/worklist',
    {
      config: { opsPermission: 'aml.cases' },
      schema: {
        response: replies(amlWorklist),
        body: z.strictObject({
          class: z.enum(amlClasses).optional(),
          limit: z.number().int().min(1).max(200).default(50),
        }),
      },
    },
    async (request) => {
      const whole = personal(request.ops.role)
      const { total, rows, counts } = await worklist(app.db, request.body)
      const items = await Promise.all(
        rows.map(async (row) => classItem(row, await nameOf(Number(row.player_id), whole))),
      )
      return ok({ total, items, counts, now: app.clock.now() })
    },
  )

  app.post(
    '/classify',
    {
      config: { opsPermission: 'aml.cases' },
      schema: { response: replies(amlClassItem), body: z.strictObject({ playerId }) },
    },
    async (request) => {
      const id = request.body.playerId
      if (!(await app.aml.reclassify(id))) throw new Refusal('not_found')
      const row = await classOf(app.db, id)
      if (!row) throw new Refusal('not_found')
      return ok(classItem(row, await nameOf(id, personal(request.ops.role))))
    },
  )

  app.post(
    '/review',
    {
      config: { opsPermission: 'aml.cases' },
      schema: {
        response: replies(amlClassItem),
        body: z.strictObject({ playerId, outcome: z.enum(amlReviewOutcomes), note: reason }),
      },
    },
    async (request) => {
      const { playerId: id, outcome, note } = request.body
      const { actor } = request.ops
      const now = app.clock.now()
      const row = await app.db.transaction().execute(async (trx) => {
        const reviewed = await recordReview(trx, app.aml.thresholds, {
          playerId: id,
          outcome,
          note,
          byId: actor.id,
          by: actor.name,
          now,
        })
        await writeAudit(
          trx,
          actor,
          {
            action: 'aml.review',
            objectType: 'player',
            objectId: id,
            before: { class: reviewed.class },
            after: { outcome, nextReviewAt: reviewed.review_due_at },
            reason: note,
          },
          now,
        )
        return reviewed
      })
      return ok(classItem(row, await nameOf(id, personal(request.ops.role))))
    },
  )

  app.post(
    '/screening',
    {
      config: { opsPermission: 'aml.cases' },
      schema: {
        response: replies(screeningPage),
        body: z.strictObject({
          status: z.enum(['open', 'decided']).default('open'),
          limit: z.number().int().min(1).max(200).default(50),
        }),
      },
    },
    async (request) => {
      const whole = personal(request.ops.role)
      const [list, { total, rows }, pending] = await Promise.all([
        currentList(app.db),
        listMatches(app.db, request.body.status, request.body.limit),
        unscreenedCount(app.db),
      ])
      const items: ScreeningItem[] = await Promise.all(
        rows.map(async (row) => {
          const player = await verifiedIdentity(app.db, Number(row.player_id))
          const { fullName, birthDate, ...item } = screeningItem(row, player)
          return {
            ...item,
            playerName: whole ? fullName : maskName(fullName),
            birth: birthDate === null ? '' : whole ? birthDate : maskBirthDate(birthDate),
          }
        }),
      )
      return ok({ list, total, items, pending, now: app.clock.now() })
    },
  )

  app.post(
    '/screening/decide',
    {
      config: { opsPermission: 'aml.cases' },
      schema: {
        response: replies(z.object({ id: z.number().int(), status: z.enum(['cleared', 'confirmed']) })),
        body: z.strictObject({
          id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
          decision: z.enum(['clear', 'confirm']),
          reason,
        }),
      },
    },
    async (request) => {
      const { id, decision, reason: why } = request.body
      const { actor } = request.ops
      const now = app.clock.now()
      const decided = await app.db.transaction().execute(async (trx) => {
        const result = await decideMatch(trx, { id, decision, by: actor.name, reason: why, now })
        await writeAudit(
          trx,
          actor,
          {
            action: decision === 'clear' ? 'aml.screening_clear' : 'aml.screening_confirm',
            objectType: 'player',
            objectId: result.playerId,
            before: { match: id, status: 'open' },
            after: { status: result.status },
            reason: why,
          },
          now,
        )
        return result
      })
      if (decided.status === 'confirmed') await app.aml.reclassify(decided.playerId)
      return ok({ id, status: decided.status as 'cleared' | 'confirmed' })
    },
  )

  app.post(
    '/parties',
    { config: { opsPermission: 'aml.cases' }, schema: { response: replies(amlParties), body: z.strictObject({}) } },
    async () => ok({ items: await listParties(app.db) }),
  )

  app.post(
    '/parties/add',
    {
      config: { opsPermission: 'aml.cases' },
      schema: {
        response: replies(amlParty),
        body: z.strictObject({
          kind: z.enum(amlPartyKinds),
          name: z.string().trim().min(2).max(200),
          document: z.string().trim().min(1).max(40),
          role: z.string().trim().min(1).max(200),
          handlesMoney: z.boolean(),
          accessToPersonalData: z.boolean(),
          pep: z.boolean(),
          country: z.string().regex(/^[A-Z]{2}$/),
          birthDate: z.iso.date().optional(),
        }),
      },
    },
    async (request) => {
      const { actor } = request.ops
      const now = app.clock.now()
      const index = await app.aml.index()
      const party = await app.db.transaction().execute(async (trx) => {
        const added = await addParty(
          trx,
          request.body,
          index,
          app.aml.thresholds,
          app.config.market.country,
          actor.name,
          now,
        )
        await writeAudit(
          trx,
          actor,
          {
            action: 'aml.party_add',
            objectType: 'aml_party',
            objectId: added.id,
            after: { kind: added.kind, class: added.class },
          },
          now,
        )
        return added
      })
      return ok(party)
    },
  )

  app.post(
    '/report',
    {
      config: { opsPermission: 'aml.report', refusalStatus: 400 },
      schema: {
        body: z.strictObject({
          year: z.number().int().min(2024).max(2100),
          format: z.enum(['csv', 'json']).default('json'),
        }),
        response: {
          200: {
            description: `The annual AML report (${AML_REPORT_FORMAT}, docs/aml.md) as JSON or CSV.`,
            content: {
              'text/csv': { schema: z.custom<Readable>().meta({ type: 'string' }) },
              'application/json': { schema: z.looseObject({ format: z.literal(AML_REPORT_FORMAT) }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { year, format } = request.body
      const now = app.clock.now()
      const timeZone = app.config.market.timeZone
      // The year must be over (its report is about a whole year).
      if (Number(localDate(now, timeZone).slice(0, 4)) <= year) throw new HttpRefusal(400, 'aml_report_year_open')
      const { actor } = request.ops
      const { report, sha256 } = await makeAnnualReport(app.db, year, timeZone, actor.name, now)
      await writeAudit(
        app.db,
        actor,
        { action: 'aml.report', objectType: 'aml_report', objectId: year, after: { format, sha256 } },
        now,
      )
      reply
        .header('content-disposition', `attachment; filename="relatorio-pld-${year}.${format}"`)
        .header('cache-control', 'no-store')
      if (format === 'json')
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .send(Readable.from([JSON.stringify({ ...report, sha256 }, null, 2)]))
      return reply.header('content-type', 'text/csv; charset=utf-8').send(Readable.from([reportCsv(report)]))
    },
  )
}
