// The audit log in the console: a page of records filtered by actor and action, and the same
// filter exported as CSV (streamed, so an export never holds the whole log in memory). Taking the
// log away is itself audited, with the filter, before the first line is read. A page comes with the
// games' names, so the console names a game where the log keeps its id.

import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { games } from '../../contract/games/catalog.ts'
import { auditListView } from '../../contract/ops-replies.ts'
import { auditCsvHeader, auditCsvLine, auditRows, listAudit, writeAudit } from '../audit/audit.ts'
import { ok, replies } from '../http/envelope.ts'

const filter = {
  actor: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  objectType: z.string().trim().max(40).optional(),
  objectId: z.string().trim().max(100).optional(),
}

const gameNames = Object.fromEntries(games.map((game) => [game.id, game.name]))

export const opsAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/audit/list',
    {
      config: { opsPermission: 'audit.view' },
      schema: {
        response: replies(auditListView),
        body: z.strictObject({
          pageNum: z.number().int().min(1).max(100_000).default(1),
          pageSize: z.number().int().min(1).max(200).default(50),
          ...filter,
        }),
      },
    },
    async (request) => {
      const { pageNum, pageSize, ...rest } = request.body
      return ok({ ...(await listAudit(app.db, rest, pageNum, pageSize)), gameNames })
    },
  )

  app.get(
    '/audit/export.csv',
    {
      config: { opsPermission: 'audit.view' },
      schema: {
        querystring: z.strictObject(filter),
        response: {
          200: {
            description: 'A CSV file (one line per audit row, the filter applied).',
            content: { 'text/csv': { schema: z.custom<Readable>().meta({ type: 'string' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      await writeAudit(
        app.db,
        request.ops.actor,
        { action: 'audit.export', objectType: 'audit', objectId: 'audit-log.csv', after: { ...request.query } },
        app.clock.now(),
      )
      const rows = auditRows(app.db, request.query)
      async function* lines() {
        yield auditCsvHeader
        for await (const row of rows) yield auditCsvLine(row)
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(Readable.from(lines()))
    },
  )
}
