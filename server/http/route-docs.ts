// What the API layer adds to each route's own schema so that the OpenAPI document tells an
// integrator everything the layer does: the scope's security scheme, the module's tag, the
// refusal beside the success reply (refusals are HTTP 200 `success: false` unless a status is
// named), and the statuses the layer itself answers (400 invalid request, 401/403 from a scope's
// gate, 404 where the route says so, 413/415 for bodies, 429 rate limit, 500 fault).
import type { FastifyInstance, FastifySerializerCompiler, RouteOptions } from 'fastify'
import { z } from 'zod'
import { okEnvelope, refusalEnvelope } from '../../contract/envelope.ts'

/** Security requirement objects, by scheme name (openapi.ts declares the schemes). */
export type Security = Record<string, string[]>[]

export interface RouteDocs {
  /** The module's tag in the document. */
  tag: string
  security: Security
  /** Statuses the scope's gate answers besides the route's own (e.g. 401 and 403 for operators). */
  gateStatuses?: number[]
}

const statusDescriptions: Record<number, string> = {
  400: 'invalid_request: the body, query or path does not match the schema (the message names the field).',
  401: 'The credentials are missing or wrong.',
  403: 'The caller is known but may not do this.',
  404: 'not_found / an unknown id.',
  413: 'payload_too_large: the body is over 64 KiB.',
  415: 'unsupported_media_type: the body is not JSON.',
  429: 'rate_limited, busy, or a login throttle (ops_login_throttled, ops_totp_locked, with retry-after): too many requests; service_unavailable: the database connection was lost (a restart, a failover). Retry later.',
  500: 'server_error: a fault on our side; nothing was changed.',
}

/**
 * Replies are written as the handler made them. The response schemas document them (and the
 * tests check every reply against the document); parsing each reply through zod here would drop
 * the fields a schema does not name, such as the legacy client's additions.
 */
export const serializeAsIs: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data)

const bodyMethods = new Set(['POST', 'PUT', 'PATCH'])

type ResponseEntry = z.ZodType | { description?: string; content: Record<string, { schema: unknown }> }
type Schema = NonNullable<RouteOptions['schema']> & {
  response?: Record<string, ResponseEntry>
  tags?: string[]
  security?: Security
  description?: string
}

const json = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } })

const REFUSAL_TOO =
  'or a refusal (`success: false` with its msgCode, nothing changed) — `token_invalid` among them where the call ' +
  'needs a token: business refusals are HTTP 200.'

const successOrRefusal = (success: z.ZodType) =>
  json(`The envelope: \`success: true\` with the data, ${REFUSAL_TOO}`, z.union([success, refusalEnvelope]))

/**
 * A file reply (CSV, SVG, a download) answers its refusals in the JSON envelope at HTTP 200 like
 * any other call: its 200 lists the refusal as `application/json` beside the file's own type.
 */
function fileOrRefusal(entry: Exclude<ResponseEntry, z.ZodType>): ResponseEntry {
  const content = { ...entry.content }
  const json = content['application/json']
  content['application/json'] = {
    schema:
      json && json.schema !== refusalEnvelope ? z.union([json.schema as z.ZodType, refusalEnvelope]) : refusalEnvelope,
  }
  return { ...entry, description: `${(entry.description ?? 'The file').replace(/\.$/, '')}; ${REFUSAL_TOO}`, content }
}

function isZodObject(schema: unknown): schema is z.ZodObject {
  return schema instanceof z.ZodObject
}

/**
 * Completes a route's schema in place (an `onRoute` hook of the scope): its 200 reply becomes
 * "the success envelope or a refusal", and the refusal statuses the layer answers are added.
 */
export function documentRoute(route: RouteOptions, docs: RouteDocs): void {
  const schema: Schema = { ...(route.schema as Schema | undefined) }
  schema.tags ??= [docs.tag]
  schema.security ??= docs.security
  const response: Record<string, ResponseEntry> = { ...schema.response }
  const success = response[200]
  if (isZodObject(success) && success.shape.success instanceof z.ZodLiteral) response[200] = successOrRefusal(success)
  else if (success && !(success instanceof z.ZodType) && success.content) response[200] = fileOrRefusal(success)
  const refusalStatus = (route.config as { refusalStatus?: number } | undefined)?.refusalStatus
  const methods = [route.method].flat()
  const statuses = new Set([400, 429, 500, ...(docs.gateStatuses ?? [])])
  if (refusalStatus) statuses.add(refusalStatus)
  if (methods.some((method) => bodyMethods.has(method))) {
    statuses.add(413)
    statuses.add(415)
  }
  for (const status of statuses) {
    response[status] ??= json(statusDescriptions[status] ?? 'A refusal.', refusalEnvelope)
  }
  schema.response = response
  route.schema = schema
}

/** One route's summary and, where its data has no zod schema yet, what the data is. */
export interface RouteSummary {
  summary: string
  /** Where the data's TypeScript type lives (the document then describes the data as any JSON). */
  data?: string
}

/**
 * For a plugin whose replies have TypeScript types but no zod schemas yet (the console's calls):
 * names each route's summary from a table keyed by its path, and a 200 with the data left open
 * where the route declares none. A route missing from the table fails at start-up.
 */
export function summarizeRoutes(app: FastifyInstance, table: Record<string, RouteSummary>, prefix = ''): void {
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD') return
    const key = route.url.slice(route.url.indexOf(prefix) + prefix.length)
    const entry = table[key]
    if (!entry) throw new Error(`no summary for ${route.method} ${route.url}`)
    const schema = { ...(route.schema as Schema | undefined) }
    schema.summary ??= entry.summary
    if (!schema.response?.[200]) {
      const data = z.unknown().meta({ description: entry.data ?? 'null' })
      // This hook runs after the scope's documentRoute (a plugin's hooks follow its parents').
      schema.response = { ...schema.response, 200: successOrRefusal(okEnvelope(data)) }
    }
    route.schema = schema
  })
}
