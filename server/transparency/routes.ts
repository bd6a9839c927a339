// The transparency page's public calls (no login): the page's figures, the frozen days in pages
// for a verifier (`npm run transparency:verify`, and the page itself), and each frozen day as
// JSON or CSV at a URL that never changes. Each route has its own per-address rate limit, under
// the API's general one.
import { stringify } from 'csv-stringify/sync'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { okEnvelope } from '../../contract/envelope.ts'
import {
  SNAPSHOT_PAGE_MAX,
  type Snapshot,
  snapshotPage,
  snapshot as snapshotSchema,
  transparencyView,
  witnessReportBody,
} from '../../contract/transparency.ts'
import { ok, replies } from '../http/envelope.ts'
import { type RouteSummary, summarizeRoutes } from '../http/route-docs.ts'
import { sha256Hex } from '../lib/secrets.ts'
import { Refusal } from '../refusal.ts'

const localDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const snapshotFile = z.object({ file: z.string().regex(/^\d{4}-\d{2}-\d{2}\.(json|csv)$/) })
const snapshotQuery = z.strictObject({
  after: localDay.optional(),
  limit: z.coerce.number().int().min(1).max(SNAPSHOT_PAGE_MAX).default(SNAPSHOT_PAGE_MAX),
})

const viewLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } }
const snapshotLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } }
// A phone reports once per head it saw: a few a minute is plenty, and keeps the table small.
const witnessLimit = { rateLimit: { max: 6, timeWindow: '1 minute' } }

/** A key for an array item: its reason, its game and version, or its place. */
function itemKey(item: unknown, index: number): string {
  if (item && typeof item === 'object') {
    const record = item as Record<string, unknown>
    if (typeof record.reason === 'string') return record.reason
    if (typeof record.gameId === 'string') return `${record.gameId}@${record.version}`
  }
  return String(index)
}

/** Every figure as a `path,value` row (`withdrawals.review.count`, `games.fruta-fina@1.rounds`). */
function flatten(value: unknown, path: string, rows: [string, string][]): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) flatten(item, `${path}.${itemKey(item, i)}`, rows)
  } else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) flatten(inner, path ? `${path}.${key}` : key, rows)
  else rows.push([path, value === null || value === undefined ? '' : String(value)])
}

export function snapshotCsv(snapshot: Snapshot): string {
  const rows: [string, string][] = [
    ['day', snapshot.day],
    ['previousHash', snapshot.previousHash],
    ['hash', snapshot.hash],
  ]
  flatten(snapshot.figures, '', rows)
  return stringify(rows, { header: true, columns: ['field', 'value'] })
}

const transparencyDocs: Record<string, RouteSummary> = {
  '/transparency': {
    summary: 'The public transparency figures, computed from the ledger',
  },
  '/transparency/snapshots': {
    summary: 'Frozen days after a date, each with its hash chain',
  },
  '/transparency/snapshots/:file': {
    summary: 'One frozen day as JSON or CSV',
  },
  '/transparency/witness': {
    summary: 'An installed app reports that the chain it saw earlier is no longer the one served',
  },
}

export const transparencyRoutes: FastifyPluginAsyncZod = async (app) => {
  summarizeRoutes(app, transparencyDocs, '/api')
  app.get(
    '/transparency',
    {
      config: viewLimit,
      schema: {
        description: 'The public transparency page: figures computed from the ledger.',
        response: replies(transparencyView),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60')
      return ok(await app.transparency.view())
    },
  )

  app.get(
    '/transparency/snapshots',
    {
      config: snapshotLimit,
      schema: {
        description:
          'Frozen days, oldest first, after `after` (a YYYY-MM-DD): each with its hash and the day before’s.',
        querystring: snapshotQuery,
        response: replies(snapshotPage),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60')
      return ok(await app.transparency.snapshots(request.query.after ?? null, request.query.limit))
    },
  )

  app.get(
    '/transparency/snapshots/:file',
    {
      config: { ...snapshotLimit, refusalStatus: 404 },
      schema: {
        description: 'One frozen day, `YYYY-MM-DD.json` or `YYYY-MM-DD.csv`; never changes.',
        params: snapshotFile,
        response: {
          200: {
            description: 'The day as the envelope with its Snapshot (`.json`), or as CSV (`.csv`).',
            content: {
              'application/json': { schema: okEnvelope(snapshotSchema) },
              'text/csv': { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const [day, format] = request.params.file.split('.') as [string, 'json' | 'csv']
      const snapshot = await app.transparency.snapshot(day)
      if (!snapshot) throw new Refusal('snapshot_not_found')
      reply.header('cache-control', 'public, max-age=31536000, immutable')
      if (format === 'json') return ok(snapshot)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `inline; filename="jogo-limpo-transparencia-${day}.csv"`)
        .send(snapshotCsv(snapshot))
    },
  )

  app.post(
    '/transparency/witness',
    {
      config: witnessLimit,
      schema: {
        description:
          'Evidence from an installed app: a day and hash it saw earlier, the hash served for that day now (null: gone) and the head served now. Kept once per sender and seen hash, for the console; the sender is kept only as a hash of its address.',
        body: witnessReportBody,
        response: replies(z.object({ received: z.literal(true) })),
      },
    },
    async (request) => {
      await app.transparency.reportWitness(request.body, sha256Hex(`witness:${request.ip}`))
      return ok({ received: true as const })
    },
  )
}
