// The audit log in the console: a page of records filtered by actor and action, and the same
// filter exported as CSV (streamed, so an export never holds the whole log in memory).

import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { auditPage } from '../../contract/ops-replies.ts'
import { auditCsvHeader, auditCsvLine, auditRows, listAudit } from '../audit/audit.ts'
import { ok, replies } from '../http/envelope.ts'

const filter = {
  actor: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  objectType: z.string().trim().max(40).optional(),
  objectId: z.string().trim().max(100).optional(),
}

export const opsAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/audit/list',
    {
      config: { opsPermission: 'audit.view' },
      schema: {
        response: replies(auditPage),
        body: z.strictObject({
          pageNum: z.number().int().min(1).max(100_000).default(1),
          pageSize: z.number().int().min(1).max(200).default(50),
          ...filter,
        }),
      },
    },
    async (request) => {
      const { pageNum, pageSize, ...rest } = request.body
      return ok(await listAudit(app.db, rest, pageNum, pageSize))
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
