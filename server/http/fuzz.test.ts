// Fuzzing every POST route the app registers, and every GET route that takes a query (found
// through build()'s onRoute, so a new route is covered without touching this file): random and adversarial bodies, raw payloads and content
// types, sent by each kind of caller the route meets. No answer may be a 5xx, every API answer
// is the JSON envelope, and nothing reaches Object.prototype. Each route is its own test, so a
// failure names the route and lists the requests that broke it.
// FUZZ_RUNS (random bodies per route and caller, default 25) and FUZZ_SEED tune a run.
import fc from 'fast-check'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MsgCode } from '../../contract/envelope.ts'
import { bodiesFor, fieldsOf, rawRequests } from '../../tests/support/fuzz-inputs.ts'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  TEST_OPS_TOKEN,
  type TestDb,
} from '../../tests/support/server.ts'
import { signWebhook } from '../payments/webhook-signature.ts'

const RUNS = Number(process.env.FUZZ_RUNS ?? 25)
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const env = { API_RATE_LIMIT_PER_MINUTE: '100000000', LOGIN_RATE_LIMIT_PER_MINUTE: '100000000' }
const msgCodes = new Set<string>(Object.values(MsgCode))

interface Route {
  url: string
  /** The route's zod body schema, if it declares one. */
  schema: unknown
}

interface Request {
  headers: Record<string, string>
  payload?: string
  remoteAddress: string
}

/** Every POST route of a freshly built app (with the operator API switched on), and every GET route with a query schema. */
async function appRoutes(): Promise<{ posts: Route[]; queries: Route[] }> {
  const posts: Route[] = []
  const queries: Route[] = []
  const testDb = await createTestDb('sqlite')
  const app = await buildTestApp(testDb.db, env, undefined, {
    onRoute: (route) => {
      const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined
      const methods = [route.method].flat()
      if (methods.includes('POST')) posts.push({ url: route.url, schema: schema?.body })
      if (methods.includes('GET') && schema?.querystring) queries.push({ url: route.url, schema: schema.querystring })
    },
  })
  await app.close()
  await testDb.drop()
  const byUrl = (a: Route, b: Route) => a.url.localeCompare(b.url)
  return { posts: posts.sort(byUrl), queries: queries.sort(byUrl) }
}

const { posts: routes, queries: queryRoutes } = await appRoutes()
/** Field names to aim at on a route without a body schema: every other route's, and common ones. */
const vocabulary = [...new Set([...routes.flatMap((r) => fieldsOf(r.schema)), 'key', 'code', 'txid', 'id', 'type'])]

type Caller = { name: string; headers(payload: string | undefined): Record<string, string> }

/** Who calls a route: nobody in particular, a wrong credential, and the right one. */
function callersFor(route: Route, app: FastifyInstance, token: string): Caller[] {
  const none: Caller = { name: 'anonymous', headers: () => ({}) }
  if (route.url.startsWith('/api/ops/'))
    return [
      none,
      { name: 'wrong ops token', headers: () => ({ 'x-ops-token': `${TEST_OPS_TOKEN}x` }) },
      { name: 'operator', headers: () => ({ 'x-ops-token': TEST_OPS_TOKEN }) },
    ]
  if (route.url.startsWith('/api/payments/webhook/'))
    return [
      none,
      { name: 'forged signature', headers: () => ({ 'x-pix-timestamp': '1', 'x-pix-signature': 'ab'.repeat(32) }) },
      {
        name: 'provider (signed)',
        headers: (payload) => {
          const timestamp = Math.floor(app.clock.now() / 1000)
          return {
            'x-pix-timestamp': String(timestamp),
            'x-pix-signature': signWebhook(app.config.payments.webhookSecret, payload ?? '', timestamp),
          }
        },
      },
    ]
  if (route.url.startsWith('/api/'))
    return [
      none,
      { name: 'garbage token', headers: () => ({ 'access-token': 'x'.repeat(43) }) },
      { name: 'player', headers: () => ({ 'access-token': token }) },
    ]
  return [none, { name: 'player', headers: () => ({ 'access-token': token }) }]
}

/** An adult, verified player with R$ 500 of cash, so money routes get past their first checks. */
async function fundedPlayer(app: FastifyInstance): Promise<string> {
  const { token } = await loginPlayer(app, { ageConfirmed: true, verified: true, cash: 50_000 })
  return token
}

function seedFor(url: string): number {
  let hash = SEED
  for (const char of url) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0
  return hash
}

/** What is wrong with an answer, or null. */
function problemWith(url: string, request: Request, answer: LightMyRequestResponse): string | null {
  const { statusCode: status, body } = answer
  const contentType = String(answer.headers['content-type'] ?? '')
  if (status >= 500) return `HTTP ${status}`
  // A file the player asked for (the statement as CSV) is the one answer that is not JSON.
  if (status === 200 && String(answer.headers['content-disposition'] ?? '').startsWith('attachment')) return null
  const requestIsJson = (request.headers['content-type'] ?? '').startsWith('application/json')
  // The sandbox bank's browser forms get an HTML page back.
  if (url.startsWith('/sandbox/') && !requestIsJson && contentType.startsWith('text/html')) return null
  if (!contentType.startsWith('application/json')) return `content-type ${contentType || 'none'}, not the envelope`
  let envelope: Record<string, unknown>
  try {
    envelope = JSON.parse(body)
  } catch {
    return 'a body that is not JSON'
  }
  if (
    typeof envelope.success !== 'boolean' ||
    typeof envelope.msgCode !== 'string' ||
    !msgCodes.has(envelope.msgCode) ||
    typeof envelope.msg !== 'string' ||
    envelope.msg === '' ||
    !('data' in envelope)
  )
    return 'not the envelope'
  if (status >= 400 && envelope.success !== false) return `HTTP ${status} with success: true`
  return null
}

const clip = (text: string | undefined, max = 300) =>
  text === undefined ? '(no body)' : text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text

// The sandbox bank's routes live on the sandbox API Pix server, fuzzed over HTTPS in
// payments/pix-api/conformance.test.ts; the app serves none of them.
it('finds the routes to fuzz: player, operator and webhook routes, and no sandbox route', () => {
  const urls = routes.map((r) => r.url)
  for (const expected of [
    '/api/user/login',
    '/api/v1/account/login',
    '/api/withdraw/create/order',
    '/api/v1/withdrawals/create',
    '/api/v1/games/spin',
    '/api/ops/adjust',
    '/api/ops/players/freeze',
    '/api/ops/players/close',
    '/api/ops/risk/decide',
    '/api/ops/risk/export',
    '/api/ops/verifications/decide',
    '/api/ops/verifications/barred/upload',
    '/api/charge/amount/saveUserAccountInfo',
    '/api/v1/account/details/save',
    '/api/ops/operators/create',
    '/api/ops/operators/reset',
    '/api/ops/games/switch',
    '/api/ops/adjustments/decide',
    '/api/payments/webhook/pix',
  ])
    expect(urls).toContain(expected)
  expect(urls.filter((url) => url.startsWith('/sandbox'))).toEqual([])
})

describe.each(engines)('fuzzing every POST route on %s', (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  beforeAll(async () => {
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, env)
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
  })

  it.each(routes)('POST $url answers no 5xx and only the envelope', async (route) => {
    const token = await fundedPlayer(app)
    const addresses = fc.sample(fc.ipV4(), { numRuns: 64, seed: seedFor(route.url) })
    const payloads = [
      ...fc
        .sample(bodiesFor(route.schema, vocabulary), { numRuns: RUNS, seed: seedFor(route.url) })
        .map((body) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' })),
      ...rawRequests,
    ]
    const failures: string[] = []
    let n = 0
    for (const caller of callersFor(route, app, token)) {
      for (const { headers, payload } of payloads) {
        const request: Request = {
          headers: { ...headers, ...caller.headers(payload) },
          ...(payload === undefined ? {} : { payload }),
          remoteAddress: addresses[n++ % addresses.length] as string,
        }
        const res = await app.inject({ method: 'POST', url: route.url, ...request })
        const problem = problemWith(route.url, request, res)
        if (problem)
          failures.push(
            `${problem} — as ${caller.name}, content-type ${request.headers['content-type'] ?? 'none'}, body ${clip(payload)}\n    answer ${res.statusCode}: ${clip(res.body, 200)}`,
          )
        if ('polluted' in Object.prototype) failures.push(`Object.prototype polluted by body ${clip(payload)}`)
      }
    }
    // Faults first: a 5xx matters more than a wrong shape.
    const listed = failures
      .sort((a, b) => Number(b.startsWith('HTTP 5')) - Number(a.startsWith('HTTP 5')))
      .slice(0, 25)
      .join('\n  ')
    expect(failures.length, `POST ${route.url} (FUZZ_SEED=${SEED}) answered badly to:\n  ${listed}\n`).toBe(0)
  })
})

/** A generated query object as a query string: strings as they are, anything else as JSON, arrays repeated. */
function queryStringOf(query: unknown): string {
  if (typeof query !== 'object' || query === null) return `q=${encodeURIComponent(JSON.stringify(query) ?? '')}`
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value])
      params.append(key, typeof one === 'string' ? one : (JSON.stringify(one) ?? ''))
  }
  return params.toString()
}

/** Query strings no schema would generate: NUL, repeated keys, prototype keys, nesting, a huge value. */
const rawQueries = [
  '',
  'from=%00&to=%00',
  'from=2026-01-01&from=2026-01-02&to=2026-01-03',
  '__proto__[polluted]=1&constructor[prototype][polluted]=1',
  'dataset[]=bets&from[a]=1',
  `from=${'9'.repeat(5000)}&to=2026-01-01`,
  'from=2026-13-40&to=0000-00-00&personalData=TRUE',
  '%E0%A4%A=1',
]

// GET routes that take a query (the operator's CSV files): the same rules, the query fuzzed.
describe.each(engines)('fuzzing every GET route with a query on %s', (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  beforeAll(async () => {
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, env)
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
  })

  it('finds the report files among them', () => {
    expect(queryRoutes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/ops/reports/finance.csv',
        '/api/ops/reports/transfers.csv',
        '/api/ops/reports/regulatory.csv',
      ]),
    )
  })

  it.each(queryRoutes)('GET $url answers no 5xx and only the envelope or a file', async (route) => {
    const token = await fundedPlayer(app)
    const addresses = fc.sample(fc.ipV4(), { numRuns: 64, seed: seedFor(route.url) })
    const queries = [
      ...fc.sample(bodiesFor(route.schema, vocabulary), { numRuns: RUNS, seed: seedFor(route.url) }).map(queryStringOf),
      ...rawQueries,
    ]
    const failures: string[] = []
    let n = 0
    for (const caller of callersFor(route, app, token)) {
      for (const query of queries) {
        const request: Request = {
          headers: caller.headers(undefined),
          remoteAddress: addresses[n++ % addresses.length] as string,
        }
        const res = await app.inject({ method: 'GET', url: `${route.url}?${query}`, ...request })
        const problem = problemWith(route.url, request, res)
        if (problem)
          failures.push(
            `${problem} — as ${caller.name}, query ${clip(query)}\n    answer ${res.statusCode}: ${clip(res.body, 200)}`,
          )
        if ('polluted' in Object.prototype) failures.push(`Object.prototype polluted by query ${clip(query)}`)
      }
    }
    const listed = failures
      .sort((a, b) => Number(b.startsWith('HTTP 5')) - Number(a.startsWith('HTTP 5')))
      .slice(0, 25)
      .join('\n  ')
    expect(failures.length, `GET ${route.url} (FUZZ_SEED=${SEED}) answered badly to:\n  ${listed}\n`).toBe(0)
  })
})
