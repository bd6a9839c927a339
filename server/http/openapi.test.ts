// The OpenAPI document covers every API route (player, game page, operator, sandbox, webhooks)
// with the request schemas the routes validate with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
        /^\/(api|sandbox|ws|healthz)(\/|$)/.test(route.url) &&
        !route.url.startsWith('/api/docs') &&
        route.url !== '/api/openapi.json' &&
        route.method !== 'HEAD',
    )
    expect(apiRoutes.length).toBeGreaterThan(40)
    const missing = apiRoutes.filter((route) => !document.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()])
    expect(missing).toEqual([])
    for (const path of ['/api/user/login', '/api/v1/bus/accountInfo', '/api/game/spin', '/api/ops/adjust']) {
      expect(Object.keys(document.paths)).toContain(path)
    }
  })

  it('describes request bodies from the zod schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const login = document.paths['/api/user/login'].post
    expect(JSON.stringify(login.requestBody)).toContain('deviceId')
    const createOrder = document.paths['/api/charge/create/order'].post
    expect(JSON.stringify(createOrder.requestBody)).toContain('requestId')
  })

  it('serves the docs page when API_DOCS is on', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('swagger')
  })
})
