// The daily files' operator routes, mounted under /api/ops/regulatory-files inside the operator
// scope (its authentication, permission check and audit of refusals): the days exported, a
// day's files (name, records, SHA-256, status, the receiver's reasons — never the content, which
// holds CPFs and names), and making a rejected file again to send it (`regulatoryFiles.resend`,
// audited in the same transaction).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Permission } from '../../contract/ops.ts'
import { regulatoryDayFiles, regulatoryDayPage } from '../../contract/regulatory-files-replies.ts'
import { ok, replies } from '../http/envelope.ts'

const day = z.iso.date()
const fileId = z
  .string()
  .max(64)
  .regex(/^\d{4}-\d{2}-\d{2}-[a-z]+-\d{1,6}$/)

export const regulatoryFilesOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const cfg = (opsPermission: Permission) => ({ opsPermission })

  app.post(
    '/days',
    {
      config: cfg('reports.view'),
      schema: {
        response: replies(regulatoryDayPage),
        body: z.strictObject({
          pageNum: z.number().int().min(1).max(100_000).default(1),
          pageSize: z.number().int().min(1).max(100).default(30),
        }),
      },
    },
    async (request) => ok(await app.regulatoryFiles.days(request.body.pageNum, request.body.pageSize)),
  )

  app.post(
    '/files',
    { config: cfg('reports.view'), schema: { response: replies(regulatoryDayFiles), body: z.strictObject({ day }) } },
    async (request) => ok(await app.regulatoryFiles.files(request.body.day)),
  )

  app.post(
    '/resend',
    {
      config: { ...cfg('regulatoryFiles.resend'), rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { response: replies(regulatoryDayFiles), body: z.strictObject({ fileId }) },
    },
    async (request) => {
      await app.regulatoryFiles.resend(request.body.fileId, request.ops.actor)
      return ok(await app.regulatoryFiles.files(request.body.fileId.slice(0, 10)))
    },
  )
}
