// The operator API's door and refusals, on each engine: the token is checked before anything
// else on every /api/ops path, wrong tokens and dead cookies are limited per address on every
// instance without refusing valid credentials, and actions on unknown
// players or orders are refusals, never a 500.
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  buildTestApp,
  createTestDb,
  engines,
  loginPlayer,
  TEST_OPS_TOKEN,
  type TestDb,
} from '../../tests/support/server.ts'
import { OPS_FAILED_ATTEMPTS_MAX } from './auth.ts'
import { createOperator } from './operators.ts'

interface Route {
  method: string
  url: string
}

const WRONG_TOKEN = 'wrong-ops-token-0123456789abcdef'

describe.each(engines)('operator API on %s', (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  let opsRoutes: Route[]
  beforeEach(async () => {
    testDb = await createTestDb(engine)
    opsRoutes = []
    app = await buildTestApp(testDb.db, {}, undefined, {
      onRoute: (route) => {
        for (const method of [route.method].flat())
          if (route.url.startsWith('/api/ops/') && method !== 'HEAD') opsRoutes.push({ method, url: route.url })
      },
    })
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  const ops = (method: string, url: string, payload?: unknown, token: string | null = TEST_OPS_TOKEN, ip?: string) =>
    app.inject({
      method: method as 'POST',
      url,
      headers: token === null ? {} : { 'x-ops-token': token },
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(ip ? { remoteAddress: ip } : {}),
    })

  const newPlayer = async () => (await loginPlayer(app)).userId

  it('answers 401 before parsing or validating anything on every operator path without the right token', async () => {
    // The console's door (login, setup links) is open; everything else needs credentials.
    const open = ['/api/ops/session/login', '/api/ops/session/setup', '/api/ops/session/setupInfo']
    expect(opsRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/ops/audit',
      'GET /api/ops/audit/export.csv',
      'GET /api/ops/refunds',
      'GET /api/ops/reports/finance.csv',
      'GET /api/ops/reports/regulatory.csv',
      'GET /api/ops/reports/transfers.csv',
      'POST /api/ops/adjust',
      'POST /api/ops/adjustments/decide',
      'POST /api/ops/adjustments/list',
      'POST /api/ops/aml/classify',
      'POST /api/ops/aml/parties',
      'POST /api/ops/aml/parties/add',
      'POST /api/ops/aml/report',
      'POST /api/ops/aml/review',
      'POST /api/ops/aml/screening',
      'POST /api/ops/aml/screening/decide',
      'POST /api/ops/aml/worklist',
      'POST /api/ops/audit/list',
      'POST /api/ops/closures/close',
      'POST /api/ops/closures/list',
      'POST /api/ops/closures/reopen',
      'POST /api/ops/closures/retry',
      'POST /api/ops/dashboard',
      'POST /api/ops/disconnect',
      'POST /api/ops/games/list',
      'POST /api/ops/games/switch',
      'POST /api/ops/harm/effect',
      'POST /api/ops/harm/player',
      'POST /api/ops/harm/score/decide',
      'POST /api/ops/harm/score/lower',
      'POST /api/ops/harm/score/reviews',
      'POST /api/ops/harm/task/resolve',
      'POST /api/ops/harm/tasks',
      'POST /api/ops/health',
      'POST /api/ops/operators/create',
      'POST /api/ops/operators/disable',
      'POST /api/ops/operators/list',
      'POST /api/ops/operators/reset',
      'POST /api/ops/operators/role',
      'POST /api/ops/pending',
      'POST /api/ops/players/close',
      'POST /api/ops/players/extendExclusion',
      'POST /api/ops/players/freeze',
      'POST /api/ops/players/limits',
      'POST /api/ops/players/logout',
      'POST /api/ops/players/note',
      'POST /api/ops/players/passwordReset',
      'POST /api/ops/players/search',
      'POST /api/ops/players/view',
      'POST /api/ops/regulatory-files/days',
      'POST /api/ops/regulatory-files/files',
      'POST /api/ops/regulatory-files/resend',
      'POST /api/ops/reports/finance',
      'POST /api/ops/risk/case',
      'POST /api/ops/risk/decide',
      'POST /api/ops/risk/export',
      'POST /api/ops/risk/flags',
      'POST /api/ops/risk/note',
      'POST /api/ops/risk/withdrawal',
      'POST /api/ops/session/login',
      'POST /api/ops/session/logout',
      'POST /api/ops/session/me',
      'POST /api/ops/session/setup',
      'POST /api/ops/session/setupInfo',
      'POST /api/ops/session/totp/confirm',
      'POST /api/ops/session/totp/start',
      'POST /api/ops/settings/get',
      'POST /api/ops/settings/set',
      'POST /api/ops/support/assign',
      'POST /api/ops/support/canned',
      'POST /api/ops/support/canned/delete',
      'POST /api/ops/support/canned/save',
      'POST /api/ops/support/close',
      'POST /api/ops/support/conversation',
      'POST /api/ops/support/faq',
      'POST /api/ops/support/faq/delete',
      'POST /api/ops/support/faq/save',
      'POST /api/ops/support/feedback',
      'POST /api/ops/support/feedback/answer',
      'POST /api/ops/support/inbox',
      'POST /api/ops/support/notices',
      'POST /api/ops/support/notices/delete',
      'POST /api/ops/support/notices/save',
      'POST /api/ops/support/player',
      'POST /api/ops/support/read',
      'POST /api/ops/support/reply',
      'POST /api/ops/support/typing',
      'POST /api/ops/transparency/acknowledge',
      'POST /api/ops/transparency/breaks',
      'POST /api/ops/transparency/witnesses',
      'POST /api/ops/verifications/barred',
      'POST /api/ops/verifications/barred/upload',
      'POST /api/ops/verifications/decide',
      'POST /api/ops/verifications/queue',
      'POST /api/ops/withdrawals/queue',
      'POST /api/ops/withdrawals/review',
    ])
    opsRoutes = opsRoutes.filter((r) => !open.includes(r.url))
    const paths = [...opsRoutes, { method: 'POST', url: '/api/ops/no-such-thing' }, { method: 'GET', url: '/api/ops' }]
    let ip = 0
    for (const { method, url } of paths) {
      for (const token of [null, WRONG_TOKEN, '', TEST_OPS_TOKEN.slice(0, -1)]) {
        // A fresh address each time, so this checks the 401 and not the failed-attempt limit.
        const address = `198.51.100.${++ip}`
        const bodies = method === 'GET' ? [undefined] : [{}, { userId: 'x' }, '{not json']
        for (const body of bodies) {
          const res = await app.inject({
            method: method as 'POST',
            url,
            remoteAddress: address,
            headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'x-ops-token': token }) },
            ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
          })
          expect(res.statusCode, `${method} ${url} token=${token}`).toBe(401)
          expect(res.json()).toMatchObject({ success: false, msgCode: 'ops_token_invalid', data: null })
          // Nothing about the route's body is described to a caller without the token.
          expect(res.body).not.toMatch(/userId|requestId|amount|orderId/)
        }
      }
    }
  })

  it('validates the body only after the token, and answers unknown operator paths 404', async () => {
    const invalid = await ops('POST', '/api/ops/adjust', { userId: 'x' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toMatchObject({ success: false, msgCode: 'invalid_request' })
    const unknown = await ops('POST', '/api/ops/no-such-thing', {})
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ success: false, msgCode: 'not_found' })
  })

  it('refuses an adjustment or a disconnect for an unknown player, and moves no money', async () => {
    const userId = await newPlayer()
    const adjust = await ops('POST', '/api/ops/adjust', {
      requestId: 'ghost',
      userId: userId + 1000,
      amount: 500,
      reason: 'teste',
    })
    expect(adjust.statusCode).toBe(200)
    expect(adjust.json()).toMatchObject({ success: false, msgCode: 'player_not_found' })
    const huge = await ops('POST', '/api/ops/adjust', {
      requestId: 'ghost-2',
      userId: Number.MAX_SAFE_INTEGER,
      amount: 500,
      reason: 'teste',
    })
    expect(huge.json()).toMatchObject({ success: false, msgCode: 'player_not_found' })
    const disconnect = await ops('POST', '/api/ops/disconnect', { userId: userId + 1000 })
    expect(disconnect.json()).toMatchObject({ success: false, msgCode: 'player_not_found' })
    const audit = (await ops('GET', '/api/ops/audit')).json().data
    expect(audit).toMatchObject({ ok: true, sumOfBalances: 0 })
    const transfers = await testDb.db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'adjustment')
      .execute()
    expect(transfers).toEqual([])
  })

  it('refuses a reused requestId with other content and a review of an unknown order', async () => {
    const userId = await newPlayer()
    const first = await ops('POST', '/api/ops/adjust', { requestId: 'r1', userId, amount: 500, reason: 'teste' })
    expect(first.json()).toMatchObject({ success: true })
    const reused = await ops('POST', '/api/ops/adjust', { requestId: 'r1', userId, amount: 900, reason: 'teste' })
    expect(reused.statusCode).toBe(200)
    expect(reused.json()).toMatchObject({ success: false, msgCode: 'request_id_reused' })
    expect((await app.ledger.balances(userId)).cash).toBe(500)
    const review = await ops('POST', '/api/ops/withdrawals/review', { orderId: 'W-NOPE', decision: 'approve' })
    expect(review.statusCode).toBe(200)
    expect(review.json()).toMatchObject({ success: false, msgCode: 'not_found' })
  })

  it('throttles an address’s wrong tokens and dead cookies on every instance, never its valid credentials', async () => {
    const attacker = '203.0.113.7'
    // A second instance on the same database: the count is the database's, not one process's.
    const other = await buildTestApp(testDb.db)
    try {
      const deadCookie = { cookie: 'jl_ops=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }
      for (let i = 0; i < OPS_FAILED_ATTEMPTS_MAX; i++) {
        const target = i % 2 === 0 ? app : other
        const wrong =
          i % 3 === 0
            ? await target.inject({
                method: 'GET',
                url: '/api/ops/audit',
                headers: deadCookie,
                remoteAddress: attacker,
              })
            : await target.inject({
                method: 'GET',
                url: '/api/ops/audit',
                headers: { 'x-ops-token': `${WRONG_TOKEN}${i}` },
                remoteAddress: attacker,
              })
        expect(wrong.statusCode).toBe(401)
      }
      for (const target of [app, other]) {
        const locked = await target.inject({
          method: 'GET',
          url: '/api/ops/audit',
          headers: { 'x-ops-token': `${WRONG_TOKEN}x` },
          remoteAddress: attacker,
        })
        expect(locked.statusCode).toBe(429)
        expect(locked.json()).toMatchObject({ success: false, msgCode: 'rate_limited' })
        expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
        const dead = await target.inject({
          method: 'GET',
          url: '/api/ops/audit',
          headers: deadCookie,
          remoteAddress: attacker,
        })
        expect(dead.statusCode).toBe(429)
        // The right token from the same address (an operator behind the same NAT) still works.
        const valid = await target.inject({
          method: 'GET',
          url: '/api/ops/audit',
          headers: { 'x-ops-token': TEST_OPS_TOKEN },
          remoteAddress: attacker,
        })
        expect(valid.statusCode).toBe(200)
        expect(valid.json()).toMatchObject({ success: true })
      }
      // A live console session from that address too.
      const email = 'ops-throttle@jogolimpo.example'
      const password = 'Verde-Amarelo-2026!'
      await createOperator(testDb.db.kysely, { email, role: 'support', name: 'Sofia', password }, Date.now())
      const login = await app.inject({
        method: 'POST',
        url: '/api/ops/session/login',
        payload: { email, password },
        remoteAddress: attacker,
      })
      expect(login.json().success).toBe(true)
      const cookie = String(login.headers['set-cookie']).split(';')[0] as string
      const me = await other.inject({
        method: 'POST',
        url: '/api/ops/session/me',
        headers: { cookie },
        remoteAddress: attacker,
        payload: {},
      })
      expect(me.json()).toMatchObject({ success: true, data: { name: 'Sofia' } })
      // Other addresses were never throttled.
      expect((await ops('GET', '/api/ops/audit', undefined, `${WRONG_TOKEN}y`, '192.0.2.10')).statusCode).toBe(401)
    } finally {
      await other.close()
    }
  })
})

describe.each(engines)('operator API without OPS_TOKEN on %s', (engine) => {
  it('refuses every x-ops-token (no service account) while the console door stays', async () => {
    const testDb = await createTestDb(engine)
    const withoutOpsToken = { OPS_TOKEN: undefined } as unknown as Record<string, string>
    const app = await buildTestApp(testDb.db, withoutOpsToken)
    try {
      let ip = 0
      for (const [method, url] of [
        ['POST', '/api/ops/adjust'],
        ['POST', '/api/ops/disconnect'],
        ['POST', '/api/ops/withdrawals/review'],
        ['GET', '/api/ops/audit'],
      ] as const) {
        for (const headers of [{}, { 'x-ops-token': TEST_OPS_TOKEN }]) {
          const res = await app.inject({
            method,
            url,
            headers,
            remoteAddress: `198.51.100.${++ip}`,
            ...(method === 'POST' ? { payload: {} } : {}),
          })
          expect(res.statusCode, `${method} ${url}`).toBe(401)
          expect(res.json()).toMatchObject({ success: false, msgCode: 'ops_token_invalid' })
        }
      }
      const login = await app.inject({
        method: 'POST',
        url: '/api/ops/session/login',
        payload: { email: 'nobody@example.com', password: 'whatever-password' },
      })
      expect(login.json()).toMatchObject({ success: false, msgCode: 'ops_login_failed' })
    } finally {
      await app.close()
      await testDb.drop()
    }
  })
})
