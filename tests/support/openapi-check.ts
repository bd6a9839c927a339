// Every reply a test app sends is checked against the app's own OpenAPI document (ajv, JSON Schema
// 2020-12): its status must be documented for the operation, and its JSON body must match that
// status's schema. So every route the suite exercises proves its documented shape; a mismatch
// fails the request with a message naming the operation and the schema path.

import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>
}

export class OpenApiMismatch extends Error {}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')

/** Adds the check to an app before it is ready (an `onSend` hook); the document is read at first use. */
export function checkRepliesAgainstOpenApi(app: FastifyInstance): void {
  let document: OpenApiDocument | undefined
  let ajv: InstanceType<typeof Ajv2020> | undefined
  const validators = new Map<string, ValidateFunction | null>()

  function validatorFor(path: string, method: string, status: string): ValidateFunction | null | 'undocumented' {
    document ??= app.swagger() as unknown as OpenApiDocument
    if (!ajv) {
      ajv = new Ajv2020({ strict: false, allErrors: true })
      addFormats(ajv)
      ajv.addSchema(document as object, 'openapi.json')
    }
    const operation = document.paths[path]?.[method]
    if (!operation) return null // not an API route (the PWA's files, hidden routes)
    const response = operation.responses?.[status] ?? operation.responses?.default
    if (!response) return 'undocumented'
    const key = `${method} ${path} ${status}`
    if (!validators.has(key)) {
      const json = response.content?.['application/json']
      const ref = `openapi.json#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`
      validators.set(key, json ? ajv.compile({ $ref: ref }) : null)
    }
    return validators.get(key) ?? null
  }

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = request.routeOptions.url
    if (!url || reply.statusCode === 101) return payload
    const path = toOpenApiPath(url)
    const method = request.method.toLowerCase() === 'head' ? 'get' : request.method.toLowerCase()
    const status = String(reply.statusCode)
    let validate: ReturnType<typeof validatorFor>
    try {
      validate = validatorFor(path, method, status)
    } catch (error) {
      console.error(error)
      throw error
    }
    if (validate === null) return payload
    const where = `${request.method} ${path} → ${status}`
    if (validate === 'undocumented') fail(`${where}: status not in the OpenAPI document`)
    else {
      const type = String(reply.getHeader('content-type') ?? '')
      if (!type.includes('json') || typeof payload !== 'string') return payload
      if (!validate(JSON.parse(payload))) {
        const problems = (validate.errors ?? []).map(
          (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
        )
        fail(
          `${where}: reply does not match the OpenAPI document:\n  ${problems.slice(0, 8).join('\n  ')}\n  body: ${payload.slice(0, 400)}`,
        )
      }
    }
    return payload
  })
}

function fail(message: string): never {
  // Printed as well: the failed request's 500 may be all the test shows.
  console.error(message)
  throw new OpenApiMismatch(message)
}
