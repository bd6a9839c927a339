// The OpenAPI document covers every API route (player, game page, operator, sandbox, webhooks)
// with the request schemas the routes validate with, and tells an integrator each operation's
// id, summary, tag, security, success reply and refusals. (Every reply a test app sends is
// checked against it: tests/support/openapi-check.ts.)
import { readFileSync } from 'node:fs'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPathsFile, renderApiPaths } from '../../scripts/api-paths.ts'
import { buildTestApp, createTestDb, type TestApp } from '../../tests/support/server.ts'

describe('OpenAPI document', () => {
  let t: TestApp
  const routes: { method: string; url: string }[] = []
  beforeAll(async () => {
    const db = await createTestDb('sqlite')
    const app = await buildTestApp(db.db, { API_DOCS: 'on' }, undefined, {
      onRoute: (route) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url })
      },
    })
    t = {
      app,
      db: db.db,
      close: async () => {
        await app.close()
        await db.drop()
      },
    }
  })
  afterAll(() => t.close())

  it('lists every API route with its method', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> }
    expect(document.openapi).toMatch(/^3\./)
    const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    const apiRoutes = routes.filter(
      (route) =>
        /^\/(api|sandbox|ws|healthz|readyz)(\/|$)/.test(route.url) &&
        !route.url.startsWith('/api/docs') &&
        route.url !== '/api/openapi.json' &&
        route.method !== 'HEAD',
    )
    expect(apiRoutes.length).toBeGreaterThan(40)
    const missing = apiRoutes.filter((route) => !document.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()])
    expect(missing).toEqual([])
    for (const path of ['/api/user/login', '/api/v1/bus/accountInfo', '/api/game/spin', '/api/ops/adjust', '/readyz']) {
      expect(Object.keys(document.paths)).toContain(path)
    }
  })

  it("is what contract/api-paths.ts, which types the clients' paths, was generated from (npm run api:paths)", async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    expect(readFileSync(apiPathsFile, 'utf8')).toBe(renderApiPaths(document.paths))
  })

  it('describes request bodies from the zod schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const login = document.paths['/api/user/login'].post
    expect(JSON.stringify(login.requestBody)).toContain('deviceId')
    const createOrder = document.paths['/api/charge/create/order'].post
    expect(JSON.stringify(createOrder.requestBody)).toContain('requestId')
  })

  interface Operation {
    operationId?: string
    summary?: string
    tags?: string[]
    security?: Record<string, string[]>[]
    requestBody?: { content: Record<string, { schema: object }> }
    responses: Record<string, { content?: Record<string, { schema?: object }> }>
  }
  const operations = async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const all: { where: string; operation: Operation }[] = []
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Operation>>))
      for (const [method, operation] of Object.entries(methods)) all.push({ where: `${method} ${path}`, operation })
    return { document, all }
  }

  it('gives every operation a unique operationId, a summary, a tag, its security and its success reply', async () => {
    const { all } = await operations()
    const ids = all.map(({ operation }) => operation.operationId)
    expect(ids.filter((id) => !id)).toEqual([])
    expect(new Set(ids).size).toBe(ids.length)
    expect(all.filter(({ operation }) => !operation.summary).map(({ where }) => where)).toEqual([])
    expect(all.filter(({ operation }) => !operation.tags?.length).map(({ where }) => where)).toEqual([])
    expect(all.filter(({ operation }) => !operation.security).map(({ where }) => where)).toEqual([])
    // Every route declares the schema of what it answers (the sockets answer 101, the old icon 301).
    const undescribed = all.filter(({ where, operation }) => {
      const success = Object.entries(operation.responses).find(([status]) => /^[123]/.test(status))
      if (!success) return true
      return (
        /^2/.test(success[0]) &&
        !success[1].content?.['application/json']?.schema &&
        !where.endsWith('Csv') &&
        !where.includes('/pix/qr/') &&
        !where.endsWith('.csv')
      )
    })
    expect(undescribed.map(({ where }) => where)).toEqual([])
  })

  it('describes every JSON success reply with a concrete schema, never any JSON', async () => {
    const { document, all } = await operations()
    const resolve = (schema: Record<string, unknown>): Record<string, unknown> => {
      const ref = schema.$ref as string | undefined
      if (!ref) return schema
      const name = ref.replace('#/components/schemas/', '')
      return resolve(document.components.schemas[name] as Record<string, unknown>)
    }
    // What a client can generate a type from: an object with properties, an array, a union of
    // such, a scalar or null — not a schema with only a description (`unknown`).
    const concrete = (raw: Record<string, unknown> | undefined): boolean => {
      if (!raw) return false
      const schema = resolve(raw)
      const union = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined
      if (union) return union.every(concrete)
      if (schema.type === 'object') return Object.keys((schema.properties as object | undefined) ?? {}).length > 0
      if (schema.type === 'array') return concrete(schema.items as Record<string, unknown> | undefined)
      return typeof schema.type === 'string' || Array.isArray(schema.type) || 'enum' in schema || 'const' in schema
    }
    const untyped = all.filter(({ operation }) => {
      const success = Object.entries(operation.responses).find(([status]) => /^2/.test(status))
      const schema = success?.[1].content?.['application/json']?.schema as Record<string, unknown> | undefined
      // A file reply's JSON is only its refusal: the success is the file.
      if (!schema || schema.$ref === '#/components/schemas/Refusal') return false
      // The envelope (or the envelope beside a refusal): its `data` must be concrete.
      const envelope = resolve(((schema.anyOf as Record<string, unknown>[] | undefined)?.[0] ?? schema) as never)
      const properties = envelope.properties as Record<string, Record<string, unknown>> | undefined
      if (properties && 'success' in properties && 'data' in properties) return !concrete(properties.data)
      return !concrete(schema)
    })
    expect(untyped.map(({ where }) => where)).toEqual([])
  })

  it('names the security scheme of each audience and the refusals each route answers', async () => {
    const { document, all } = await operations()
    const op = (where: string) => all.find((o) => o.where === where)?.operation as Operation
    expect(Object.keys(document.components.securitySchemes)).toEqual(
      expect.arrayContaining(['player', 'gameSession', 'operator', 'operatorSession']),
    )
    expect(op('post /api/v1/bus/accountInfo').security).toEqual([{ player: [] }])
    expect(op('post /api/user/login').security).toEqual([])
    expect(op('post /api/game/spin').security).toEqual([{ gameSession: [] }])
    expect(op('post /api/ops/adjust').security).toEqual([{ operatorSession: [] }, { operator: [] }])
    expect(op('post /api/ops/session/login').security).toEqual([])
    expect(Object.keys(op('post /api/game/spin').responses)).toEqual(
      expect.arrayContaining(['200', '400', '413', '415', '429', '500']),
    )
    expect(Object.keys(op('post /api/ops/adjust').responses)).toEqual(expect.arrayContaining(['401', '403']))
    expect(Object.keys(op('get /api/game/def/{id}').responses)).toContain('404')
    expect(Object.keys(op('post /api/payments/webhook/pix').responses)).toContain('401')
    expect(op('get /readyz').responses['503']).toBeDefined()
  })

  it('tells a client that every 200 may be a refusal, token_invalid among its msgCodes, with typed data (file replies too)', async () => {
    const { document, all } = await operations()
    const refusalRef = '#/components/schemas/Refusal'
    const offersRefusal = (schema: Record<string, unknown> | undefined): boolean =>
      schema?.$ref === refusalRef ||
      ((schema?.anyOf ?? schema?.oneOf) as Record<string, unknown>[] | undefined)?.some(offersRefusal) === true
    // Only the load balancers' probes answer no envelope.
    const without = all.filter(
      ({ operation }) =>
        operation.responses['200'] &&
        !operation.tags?.includes('Health') &&
        !offersRefusal(operation.responses['200'].content?.['application/json']?.schema as Record<string, unknown>),
    )
    expect(without.map(({ where }) => where)).toEqual([])
    const csv = all.find(({ where }) => where === 'post /api/v1/bus/statementCsv')?.operation
    expect(Object.keys(csv?.responses['200']?.content ?? {}).sort()).toEqual(['application/json', 'text/csv'])
    const refusal = document.components.schemas.Refusal
    expect(refusal.properties.success).toMatchObject({ const: false })
    expect(refusal.properties.msgCode.enum).toContain('token_invalid')
    expect(refusal.properties.msgCode.enum).not.toContain('success')
    // `data` is an object or null, not any JSON.
    const data = document.components.schemas[refusal.properties.data.$ref.replace('#/components/schemas/', '')]
    expect(data.anyOf.map((option: { type: string }) => option.type).sort()).toEqual(['null', 'object'])
  })

  it('declares the webhook HMAC as a security scheme, the tags, and no body on a 101', async () => {
    const { document, all } = await operations()
    const op = (where: string) => all.find((o) => o.where === where)?.operation as Operation
    expect(document.components.securitySchemes).toMatchObject({
      pixWebhookTimestamp: { type: 'apiKey', in: 'header', name: 'x-pix-timestamp' },
      pixWebhookSignature: { type: 'apiKey', in: 'header', name: 'x-pix-signature' },
    })
    for (const where of ['post /api/payments/webhook/pix', 'post /api/payments/webhook/payout'])
      expect(op(where).security).toEqual([{ pixWebhookTimestamp: [], pixWebhookSignature: [] }])
    const used = new Set(all.flatMap(({ operation }) => operation.tags ?? []))
    const tags = document.tags as { name: string; description?: string }[]
    expect(tags.map((tag) => tag.name).sort()).toEqual([...used].sort())
    expect(tags.filter((tag) => !tag.description).map((tag) => tag.name)).toEqual([])
    for (const where of ['get /ws', 'get /ws/ops']) {
      expect(op(where).responses['101']).toBeDefined()
      expect(op(where).responses['101']?.content).toBeUndefined()
    }
  })

  it("closes the objects of a game's definition and of a case export: every field named", async () => {
    const { document, all } = await operations()
    const resolve = (schema: Record<string, unknown>): Record<string, unknown> => {
      const ref = schema.$ref as string | undefined
      return ref ? resolve(document.components.schemas[ref.replace('#/components/schemas/', '')]) : schema
    }
    /** Paths inside `schema` to an object whose fields are not all named (no properties, or open to any others). */
    const open = (raw: unknown, at: string, seen = new Set<unknown>()): string[] => {
      if (!raw || typeof raw !== 'object') return []
      const schema = resolve(raw as Record<string, unknown>)
      if (seen.has(schema)) return []
      seen.add(schema)
      const found: string[] = []
      const extra = schema.additionalProperties
      const record = typeof extra === 'object' && extra !== null && Object.keys(extra).length > 0
      if (schema.type === 'object' && !record) {
        if (!schema.properties) found.push(at)
        else if (extra !== false) found.push(at)
      }
      for (const [key, value] of Object.entries(schema)) {
        if (Array.isArray(value)) {
          for (const [i, item] of value.entries()) found.push(...open(item, `${at}/${key}/${i}`, seen))
        } else if (key === 'properties' && value && typeof value === 'object')
          for (const [name, property] of Object.entries(value)) found.push(...open(property, `${at}.${name}`, seen))
        else if (typeof value === 'object') found.push(...open(value, `${at}/${key}`, seen))
      }
      return found
    }
    const success = (where: string) => {
      const content = all.find((o) => o.where === where)?.operation.responses['200']?.content?.['application/json']
      const schema = content?.schema as Record<string, unknown>
      // The success beside the refusal (whose data is an open record by design: RefusalData).
      return ((schema.anyOf as Record<string, unknown>[] | undefined) ?? [schema]).filter(
        (option) => option.$ref !== '#/components/schemas/Refusal',
      )
    }
    expect(open(success('get /api/game/def/{id}'), 'gameDef')).toEqual([])
    expect(open(success('post /api/ops/risk/export'), 'riskExport')).toEqual([])
  })

  it("documents the older clients' request shapes the server accepts as alternatives", async () => {
    const { document, all } = await operations()
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    ajv.addSchema(document, 'openapi.json')
    const accepts = (where: string, body: object) => {
      const index = all.findIndex((o) => o.where === where)
      const [method, path] = where.split(' ') as [string, string]
      expect(index).toBeGreaterThanOrEqual(0)
      const pointer = ['paths', path, method, 'requestBody', 'content', 'application/json', 'schema']
        .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
        .join('/')
      return ajv.validate({ $ref: `openapi.json#/${pointer}` }, body)
    }
    expect(accepts('post /api/user/setLang', { lang: 'pt' })).toBe(true)
    expect(
      accepts('post /api/user/login', {
        deviceId: 'a2f1c3d0-0000-4000-8000-000000000000',
        loginType: 1,
        channelId: 'ads',
      }),
    ).toBe(true)
    expect(
      accepts('post /api/charge/amount/saveUserAccountInfo', {
        userName: 'Ana Souza',
        accountNumber: '52998224725',
        payType: 1,
      }),
    ).toBe(true)
    expect(accepts('post /api/v1/bus/withdrawInfo', { id: 1, pageNum: 1, pageSize: 10 })).toBe(true)
    expect(accepts('post /api/user/bindLoginAccount', { userName: 'jogador01', password: 'uma senha longa' })).toBe(
      true,
    )
    // And an unknown shape is still not accepted.
    expect(accepts('post /api/user/setLang', { idioma: 'pt' })).toBe(false)
  })

  it('serves the docs page when API_DOCS is on', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('swagger')
  })
})
