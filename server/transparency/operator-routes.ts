// The transparency chain's console routes, mounted under /api/ops/transparency inside the operator
// scope (its authentication, permission check and audit of refusals): the breaks the chain's
// self-check found, and an admin acknowledging them (`transparency.acknowledge`, with a reason,
// audited in the same transaction) so days are frozen and published again; and the reports
// installed apps sent when the published chain no longer extended a head they had seen.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { witnessReports } from '../../contract/transparency.ts'
import { chainBreaks } from '../../contract/transparency-breaks.ts'
import { ok, replies } from '../http/envelope.ts'

export const transparencyOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = async () => ({
    open: await app.transparency.unacknowledgedBreaks(),
    breaks: await app.transparency.breaks(),
  })

  app.post(
    '/breaks',
    { config: { opsPermission: 'health.view' }, schema: { response: replies(chainBreaks), body: z.strictObject({}) } },
    async () => ok(await view()),
  )

  // What installed apps reported: a head they saw that the published chain no longer extends.
  app.post(
    '/witnesses',
    {
      config: { opsPermission: 'health.view' },
      schema: { response: replies(witnessReports), body: z.strictObject({}) },
    },
    async () => ok(await app.transparency.witnessReports()),
  )

  app.post(
    '/acknowledge',
    {
      config: { opsPermission: 'transparency.acknowledge', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        response: replies(chainBreaks),
        body: z.strictObject({ reason: z.string().trim().min(1).max(500) }),
      },
    },
    async (request) => {
      await app.transparency.acknowledgeBreaks(request.ops.actor, request.body.reason)
      return ok(await view())
    },
  )
}
