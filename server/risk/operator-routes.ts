// The money watch's operator routes, mounted under /api/ops/risk inside the operator scope (its
// authentication, permission check and audit of refusals): the flags list, a flag's case file,
// notes and the decision, the case's export for the COAF report, and — for whoever reviews
// withdrawals — the player's money and open flags beside a withdrawal. Case work needs
// `moneyWatch.cases` (risk, admin); the full CPF in an export needs `players.personalData` too.
import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { caseDecisions, watchRules } from '../../contract/money-watch.ts'
import { caseFile, flagPage, withdrawalWatch } from '../../contract/money-watch-replies.ts'
import type { Permission } from '../../contract/ops.ts'
import { writeAudit } from '../audit/audit.ts'
import { HttpRefusal, ok, replies } from '../http/envelope.ts'
import { may } from '../ops/roles.ts'
import { CASE_EXPORT_FORMAT, caseCsvHeader, caseCsvLines, caseExportJson, caseJson } from './case-export.ts'
import { addNote, decideCase } from './flags.ts'

const flagId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const reason = z.string().trim().min(1).max(500)

export const moneyWatchOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const cfg = (opsPermission: Permission) => ({ opsPermission })
  const personal = (role: Parameters<typeof may>[0]) => may(role, 'players.personalData')

  app.post(
    '/flags',
    {
      config: cfg('moneyWatch.cases'),
      schema: {
        response: replies(flagPage),
        body: z.strictObject({
          status: z.enum(['open', 'closed']).optional(),
          rule: z.enum(watchRules).optional(),
          playerId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
          pageNum: z.number().int().min(1).max(100_000).default(1),
          pageSize: z.number().int().min(1).max(200).default(50),
        }),
      },
    },
    async (request) => ok(await app.moneyWatch.list(request.body, personal(request.ops.role))),
  )

  app.post(
    '/case',
    {
      config: cfg('moneyWatch.cases'),
      schema: { response: replies(caseFile), body: z.strictObject({ flagId }) },
    },
    async (request) => {
      const file = await app.moneyWatch.caseFile(request.body.flagId, personal(request.ops.role))
      // Reading a case shows a person's money: it leaves a trace like a player view.
      await writeAudit(
        app.db,
        request.ops.actor,
        {
          action: 'risk.case_view',
          objectType: 'risk_flag',
          objectId: request.body.flagId,
          after: { playerId: file.player.userId },
        },
        app.clock.now(),
      )
      return ok(file)
    },
  )

  app.post(
    '/note',
    {
      config: cfg('moneyWatch.cases'),
      schema: {
        response: replies(caseFile),
        body: z.strictObject({ flagId, body: z.string().trim().min(1).max(2000) }),
      },
    },
    async (request) => {
      const { flagId: id, body } = request.body
      await addNote(app.db, id, body, request.ops.actor, app.clock.now())
      return ok(await app.moneyWatch.caseFile(id, personal(request.ops.role)))
    },
  )

  app.post(
    '/decide',
    {
      config: cfg('moneyWatch.cases'),
      schema: {
        response: replies(caseFile),
        body: z.strictObject({ flagId, decision: z.enum(caseDecisions), reason }),
      },
    },
    async (request) => {
      const { flagId: id, decision, reason: why } = request.body
      await decideCase(app.db, id, decision, why, request.ops.actor, app.clock.now())
      return ok(await app.moneyWatch.caseFile(id, personal(request.ops.role)))
    },
  )

  app.post(
    '/export',
    {
      // A case that does not exist answers 404 with the envelope: a 200 is always the file.
      config: { ...cfg('moneyWatch.cases'), refusalStatus: 404 },
      schema: {
        body: z.strictObject({
          flagId,
          format: z.enum(['csv', 'json']).default('csv'),
          /** The whole CPF and name, for the report itself; masked otherwise. */
          fullCpf: z.boolean().default(false),
        }),
        response: {
          200: {
            description: `The case in the format ${CASE_EXPORT_FORMAT} (docs/money-watch.md), as CSV or JSON.`,
            content: {
              'text/csv': { schema: z.custom<Readable>().meta({ type: 'string' }) },
              'application/json': { schema: caseExportJson },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { flagId: id, format, fullCpf } = request.body
      const { actor, role } = request.ops
      if (fullCpf && !personal(role)) throw new HttpRefusal(403, 'ops_forbidden')
      const file = await app.moneyWatch.caseFile(id, fullCpf)
      const now = app.clock.now()
      await writeAudit(
        app.db,
        actor,
        {
          action: 'risk.case_export',
          objectType: 'risk_flag',
          objectId: id,
          after: { playerId: file.player.userId, format, fullCpf },
        },
        now,
      )
      const name = `caso-${id}.${format}`
      reply.header('content-disposition', `attachment; filename="${name}"`)
      if (format === 'json') {
        const text = JSON.stringify(caseJson(file, now, actor.name), null, 2)
        return reply.header('content-type', 'application/json; charset=utf-8').send(Readable.from([text]))
      }
      function* lines() {
        yield caseCsvHeader
        yield* caseCsvLines(file)
      }
      return reply.header('content-type', 'text/csv; charset=utf-8').send(Readable.from(lines()))
    },
  )

  app.post(
    '/withdrawal',
    {
      config: cfg('withdrawals.view'),
      schema: { response: replies(withdrawalWatch), body: z.strictObject({ orderId: z.string().min(1).max(40) }) },
    },
    async (request) => ok(await app.moneyWatch.besideWithdrawal(request.body.orderId, personal(request.ops.role))),
  )
}
