// The security headers as served: a CSP without wildcard sockets or inline styles, and HSTS
// only when PUBLIC_URL is https; hashed scripts and stylesheets without the document-only ones;
// API answers with the resource headers and a policy that allows nothing.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import helmet from 'helmet'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, sandboxBankOf, type TestApp } from '../../tests/support/server.ts'
import {
  API_CONTENT_SECURITY_POLICY,
  documentOnlyHeaders,
  securityHeaders,
  securityHeadersOnce,
} from './security-headers.ts'
import { staticSite } from './static.ts'

function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string')
  return new Map(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  )
}

describe('security headers', () => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it('sets on each answer exactly what helmet itself sets, over HTTP and HTTPS', async () => {
    for (const publicUrl of ['http://127.0.0.1:8080', 'https://jogo.example.com.br']) {
      const ours = Fastify()
      await ours.register(securityHeadersOnce, { publicUrl })
      const theirs = Fastify()
      const middleware = helmet(securityHeaders({ publicUrl }))
      theirs.addHook('onRequest', (request, reply, done) =>
        middleware(request.raw, reply.raw, (error) => done(error as Error | undefined)),
      )
      for (const app of [ours, theirs]) {
        app.get('/', async (_request, reply) => {
          reply.raw.setHeader('x-powered-by', 'a framework')
          return 'ok'
        })
      }
      const headersOf = async (app: typeof ours) => {
        const { date: _date, ...headers } = (await app.inject({ method: 'GET', url: '/' })).headers
        return headers
      }
      const expected = await headersOf(theirs)
      expect(Object.keys(expected).length).toBeGreaterThan(10)
      expect(await headersOf(ours)).toEqual(expected)
      await ours.close()
      await theirs.close()
    }
  })

  it('allows connections to this origin and its own socket only, and no inline style or script, over HTTP', async () => {
    t = await createTestApp('sqlite', { PUBLIC_URL: 'http://127.0.0.1:8221' })
    for (const url of ['/healthz', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url })
      const csp = directives(res.headers['content-security-policy'])
      expect(csp.get('connect-src'), url).toEqual(["'self'", 'ws://127.0.0.1:8221'])
      expect(csp.get('script-src')).toEqual(["'self'"])
      expect(csp.get('script-src-attr')).toEqual(["'none'"])
      expect(csp.get('style-src-attr')).toEqual(["'none'"])
      expect(csp.get('style-src')?.[0]).toBe("'self'")
      expect(
        csp
          .get('style-src')
          ?.slice(1)
          .every((source) => source.startsWith("'sha256-")),
      ).toBe(true)
      expect(csp.get('default-src')).toEqual(["'self'"])
      expect(csp.get('object-src')).toEqual(["'none'"])
      expect(csp.get('frame-ancestors')).toEqual(["'self'"])
      expect(res.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval|https:|\bws:(?!\/\/)|wss:/)
      expect(csp.has('upgrade-insecure-requests')).toBe(false)
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
    }
  })

  it('names the wss origin, upgrades requests and sends HSTS when published over HTTPS', async () => {
    t = await createTestApp('sqlite', { PUBLIC_URL: 'https://jogo.example.com.br' })
    const res = await t.app.inject({ method: 'GET', url: '/healthz' })
    const csp = directives(res.headers['content-security-policy'])
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://jogo.example.com.br'])
    expect(csp.has('upgrade-insecure-requests')).toBe(true)
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  })

  it("answers the API with the resource headers and a policy that allows nothing, never the page's", async () => {
    t = await createTestApp('sqlite', { PUBLIC_URL: 'https://jogo.example.com.br' })
    const page = (await t.app.inject({ method: 'GET', url: '/healthz' })).headers
    for (const url of ['/api/cache/appConfig', '/api/v1/games/spin', '/api/no-such-call']) {
      const res = await t.app.inject({ method: url.endsWith('spin') ? 'POST' : 'GET', url, payload: {} })
      expect(res.statusCode, url).toBeLessThan(500)
      expect(res.headers['content-security-policy'], url).toBe(API_CONTENT_SECURITY_POLICY)
      expect(directives(res.headers['content-security-policy']).get('default-src')).toEqual(["'none'"])
      for (const name of documentOnlyHeaders.filter((name) => name !== 'content-security-policy'))
        expect(res.headers[name], `${url} ${name}`).toBeUndefined()
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin')
      expect(res.headers['referrer-policy'], url).toBe(page['referrer-policy'])
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains')
      expect(res.headers['x-powered-by'], url).toBeUndefined()
    }
  })

  it('serves the sandbox bank pages (on the sandbox server) with their stylesheet as a file and no script', async () => {
    t = await createTestApp('sqlite')
    // The app itself serves no sandbox page: the bank lives on the sandbox API Pix server.
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/bank' })).statusCode).toBe(404)
    for (const url of ['/sandbox/bank', '/sandbox/bank?code=000201']) {
      const res = await sandboxBankOf(t.app).inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      const csp = directives(res.headers['content-security-policy'])
      expect(csp.get('style-src')).toEqual(["'self'"])
      expect(csp.get('default-src')).toEqual(["'none'"])
      expect(csp.has('script-src')).toBe(false)
      expect(res.body).toMatch(/<link rel="stylesheet" href="\/sandbox\/bank\.css"/)
      expect(res.body).not.toMatch(/<style|\sstyle=|<script/i)
    }
  })

  it('keeps the PWA and game page HTML free of inline styles and scripts', () => {
    for (const file of ['index.html', 'games-client/index.html']) {
      const html = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')
      expect(html, file).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i)
      for (const script of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
        expect(script[1], file).toMatch(/\ssrc=/)
        expect(script[2]?.trim(), file).toBe('')
      }
    }
  })
})

describe('security headers on the built files', () => {
  it('a hashed script or stylesheet answers without the document-only headers; documents and SVGs keep them all', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'jl-static-'))
    mkdirSync(path.join(root, 'assets'))
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>x</title>')
    writeFileSync(path.join(root, 'assets', 'app-abc.js'), 'export const a = 1\n')
    writeFileSync(path.join(root, 'assets', 'app-abc.css'), 'body{margin:0}\n')
    writeFileSync(path.join(root, 'assets', 'cover-abc.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    const app = Fastify()
    try {
      await app.register(securityHeadersOnce, { publicUrl: 'https://jogo.example.com.br' })
      await app.register(staticSite, { root })
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: '*/*' } })
      const documentOnly = [
        'content-security-policy',
        'cross-origin-opener-policy',
        'x-frame-options',
        'origin-agent-cluster',
      ]
      for (const url of ['/assets/app-abc.js', '/assets/app-abc.css']) {
        const res = await get(url)
        expect(res.statusCode, url).toBe(200)
        for (const name of documentOnly) expect(res.headers[name], `${url} ${name}`).toBeUndefined()
        expect(res.headers['x-content-type-options'], url).toBe('nosniff')
        expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin')
        expect(res.headers['strict-transport-security'], url).toBeDefined()
        expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable')
      }
      for (const url of ['/', '/assets/cover-abc.svg']) {
        const res = await get(url)
        expect(res.statusCode, url).toBe(200)
        for (const name of documentOnly) expect(res.headers[name], `${url} ${name}`).toBeDefined()
        expect(directives(res.headers['content-security-policy']).get('script-src'), url).toEqual(["'self'"])
      }
    } finally {
      await app.close()
      rmSync(root, { recursive: true, force: true })
    }
  })
})
