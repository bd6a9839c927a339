// /metrics and /readyz: the token guards the scrape, the counters move with spins (and, on
// SQLite, the event loop's time inside SQLite), the ledger's conservation reads 0, per-route
// latency is recorded, and readiness turns 503 when the instance is stopping.
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { openGameSession } from '../../tests/support/game-session.ts'
import { promtool, promtoolAvailable } from '../../tests/support/promtool.ts'
import {
  buildTestApp,
  createTestApp,
  createTestDb,
  engines,
  loginPlayer,
  type TestApp,
} from '../../tests/support/server.ts'
import { DEPOSIT_OUTCOMES, SPIN_OUTCOMES, WITHDRAWAL_OUTCOMES } from './metrics.ts'
import { METRICS_FAILED_ATTEMPTS_MAX } from './plugin.ts'

const METRICS_TOKEN = 'metrics-token-0123456789abcdef'

/** The value of one sample line (`name{labels} value`) in the Prometheus text. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `))
  return found === undefined ? undefined : Number(found.slice(line.length + 1))
}

describe.each(engines)('operations endpoints on %s', (engine) => {
  let test: TestApp | undefined
  afterEach(async () => {
    await test?.close()
    test = undefined
  })

  it('serves /metrics only with the token, counts spins, reads ledger conservation 0 and keeps the histogram suffixes to histograms', async () => {
    test = await createTestApp(engine, { METRICS_TOKEN })
    const { app } = test
    const scrape = () => app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401)
    expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401)

    const { call } = await loginPlayer(app, { ageConfirmed: true, cash: 10_000 })
    const { sessionToken } = await openGameSession(app, call, { clientSeed: 'metrics' })
    const spin = (requestId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': sessionToken },
        payload: { bet: 100, requestId },
      })
    const before = (await scrape()).body
    const spinsIn = (text: string) =>
      (sample(text, 'jogolimpo_spins_total{outcome="win"}') ?? 0) +
      (sample(text, 'jogolimpo_spins_total{outcome="loss"}') ?? 0)
    const ids = Array.from({ length: 5 }, () => randomUUID())
    // A round the win feed announces (or the jackpot's) is written by the LedgerTx path on both
    // engines: which of these spins did is read from their rounds, not assumed.
    const announced: boolean[] = []
    for (const id of ids) {
      const reply = (await spin(id)).json()
      expect(reply.success).toBe(true)
      const { win, jackpotWin } = reply.data.round as { win: number; jackpotWin: number }
      announced.push(jackpotWin > 0 || win >= app.config.winFeedMin)
    }
    expect((await spin(ids[0] as string)).json().data.replayed).toBe(true)

    const res = await scrape()
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const text = res.body
    expect(spinsIn(text) - spinsIn(before)).toBe(5)
    expect(sample(text, 'jogolimpo_spins_total{outcome="replayed"}')).toBe(1)
    expect(sample(text, 'jogolimpo_ledger_conservation_balance_centavos')).toBe(0)
    // No metric takes a suffix Prometheus keeps for histograms and summaries (_sum, _count,
    // _bucket): each sample with one belongs to a histogram or summary of the base name.
    const types = new Map(
      [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1] as string, m[2] as string] as const),
    )
    const reservedNames = [...types.keys()].filter((name) => /_(sum|count|bucket)$/.test(name))
    expect(reservedNames).toEqual([])
    const strays = [...new Set([...text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)_(sum|count|bucket)[{ ]/gm)])]
      .map((m) => ({ sample: `${m[1]}_${m[2]}`, type: types.get(m[1] as string) }))
      .filter(({ type }) => type !== 'histogram' && type !== 'summary')
    expect(strays).toEqual([])
    expect(
      sample(text, 'jogolimpo_http_request_duration_seconds_count{method="POST",route="/api/game/spin",status="2xx"}'),
    ).toBe(6)
    expect(sample(text, 'jogolimpo_outbox_backlog_rows')).toBeGreaterThanOrEqual(0)
    expect(text).toContain('nodejs_eventloop_lag_seconds')
    if (engine === 'sqlite') {
      // The event loop's time inside SQLite grows with the spins: their reads, writes and commits.
      for (const kind of ['read', 'write', 'commit']) {
        const line = `jogolimpo_sqlite_seconds_total{kind="${kind}"}`
        expect(sample(text, line)).toBeGreaterThan(sample(before, line) ?? 0)
      }
      // The five new spins took the direct path, but for an announced win; the replay went through LedgerTx.
      const throughTx = announced.filter(Boolean).length
      const direct = 'jogolimpo_sqlite_spin_path_total{path="direct"}'
      const fellBack = 'jogolimpo_sqlite_spin_path_total{path="fell_back"}'
      expect((sample(text, direct) ?? 0) - (sample(before, direct) ?? 0)).toBe(5 - throughTx)
      expect((sample(text, fellBack) ?? 0) - (sample(before, fellBack) ?? 0)).toBe(1 + throughTx)
      expect(text).not.toContain('jogolimpo_postgres_spin_path_total')
    } else {
      expect(text).not.toContain('jogolimpo_sqlite_seconds_total')
      expect(text).not.toContain('jogolimpo_sqlite_spin_path_total')
      // The first spin met a seed pair not yet seen here and the replay went through LedgerTx;
      // the four after the first took ledger_spin, but for an announced win.
      const throughTx = announced.filter((a, i) => a || i === 0).length
      const fn = 'jogolimpo_postgres_spin_path_total{path="function"}'
      const fellBack = 'jogolimpo_postgres_spin_path_total{path="fell_back"}'
      expect((sample(text, fn) ?? 0) - (sample(before, fn) ?? 0)).toBe(5 - throughTx)
      expect((sample(text, fellBack) ?? 0) - (sample(before, fellBack) ?? 0)).toBe(1 + throughTx)
    }
    expect(text).toContain('jogolimpo_push_sockets 0')
    if (engine === 'postgres') expect(sample(text, 'jogolimpo_db_pool_max')).toBeGreaterThan(0)
  })

  it('names every metric of the app jogolimpo_…, keeps `_total` to counters, and passes `promtool check metrics`', async () => {
    test = await createTestApp(engine, { METRICS_TOKEN })
    const { app } = test
    const { call } = await loginPlayer(app, { ageConfirmed: true, cash: 10_000 })
    await call('/v1/bus/accountInfo')
    await app.inject({ url: '/api/no/such/path' })
    const text = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => ({ name: m[1] as string, type: m[2] }))
    expect(types.length).toBeGreaterThan(30)
    // prom-client's defaults keep their usual names (a stock Node.js dashboard reads them).
    expect(types.filter(({ name }) => !/^(jogolimpo_|process_|nodejs_)/.test(name))).toEqual([])
    expect(types.filter(({ name, type }) => name.endsWith('_total') && type !== 'counter')).toEqual([])
    if (promtoolAvailable()) expect(promtool(['check', 'metrics'], text)).toEqual({ status: 0, output: '' })
  })

  it('exposes every documented outcome and each provider operation at 0 from the start', async () => {
    test = await createTestApp(engine, { METRICS_TOKEN })
    const text = (await test.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
      .body
    for (const outcome of SPIN_OUTCOMES) expect(sample(text, `jogolimpo_spins_total{outcome="${outcome}"}`)).toBe(0)
    for (const outcome of DEPOSIT_OUTCOMES)
      expect(sample(text, `jogolimpo_deposits_total{outcome="${outcome}"}`)).toBe(0)
    for (const outcome of WITHDRAWAL_OUTCOMES)
      expect(sample(text, `jogolimpo_withdrawals_total{outcome="${outcome}"}`)).toBe(0)
    for (const operation of ['createCharge', 'getCharge', 'getPix', 'createPayout', 'getPayout', 'lookupKey']) {
      expect(sample(text, `jogolimpo_payment_provider_errors_total{operation="${operation}"}`)).toBe(0)
      expect(
        sample(text, `jogolimpo_payment_provider_call_duration_seconds_count{operation="${operation}",result="error"}`),
      ).toBe(0)
    }
  })

  it('labels requests by route pattern, one series for every unmatched path and odd method, status by class', async () => {
    test = await createTestApp(engine, { METRICS_TOKEN })
    const { app } = test
    for (let i = 0; i < 60; i++) {
      await app.inject({ url: `/scan/${randomUUID()}/wp-login.php?x=${i}` })
      await app.inject({ method: 'POST', url: `/api/${randomUUID()}`, payload: {} })
      await app.inject({ method: i % 2 ? 'PROPFIND' : 'MKCOL', url: `/${randomUUID()}` })
      await app.inject({ url: `/api/game/def/game-${i}` })
    }
    // The same route answering several statuses of one class.
    await app.inject({ method: 'POST', url: '/api/user/login', payload: {} })
    await app.inject({ method: 'POST', url: '/api/user/login', payload: { deviceId: 'x'.repeat(500) } })
    const text = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body
    const series = [...text.matchAll(/^jogolimpo_http_request_duration_seconds_count\{([^}]*)\} /gm)].map(
      (m) => m[1] as string,
    )
    expect(series.filter((labels) => labels.includes('route="unmatched"')).sort()).toEqual([
      'method="GET",route="unmatched",status="4xx"',
      'method="OTHER",route="unmatched",status="4xx"',
      'method="POST",route="unmatched",status="4xx"',
    ])
    expect(series.filter((labels) => labels.includes('/api/game/def/'))).toEqual([
      'method="GET",route="/api/game/def/:id",status="4xx"',
    ])
    expect(series.filter((labels) => labels.includes('route="/api/user/login"'))).toEqual([
      'method="POST",route="/api/user/login",status="4xx"',
    ])
    expect(series.every((labels) => /status="[1-5]xx"/.test(labels))).toBe(true)
  })

  it("keeps the latency histogram to its routes: every route walked, then a scanner's thousand paths, adds no series", async () => {
    const testDb = await createTestDb(engine)
    const routes: { method: string; url: string }[] = []
    const app = await buildTestApp(testDb.db, { METRICS_TOKEN }, undefined, {
      onRoute: (route) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD' && !route.url.startsWith('/ws')) routes.push({ method, url: route.url })
      },
    })
    try {
      const histogramLines = async () =>
        (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body
          .split('\n')
          .filter((line) => line.startsWith('jogolimpo_http_request_duration_seconds')).length
      // Each route twice, once without credentials or body and once with a junk one: the answers
      // a client can get from it without an account (2xx, 4xx).
      const walk = async () => {
        for (const { method, url } of routes) {
          const path = url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x')
          await app.inject({ method: method as 'GET', url: path })
          await app.inject({
            method: method as 'GET',
            url: path,
            ...(method === 'GET' ? {} : { payload: { junk: 1 } }),
          })
        }
      }
      await walk()
      const afterWalk = await histogramLines()
      const perSeries = 13 // ten buckets, +Inf, _sum and _count
      // Bounded by the route table, not by traffic: routes × methods × status classes at most.
      expect(afterWalk).toBeLessThanOrEqual((routes.length * 3 + 3) * perSeries)
      for (let i = 0; i < 1000; i++)
        await app.inject({
          method: i % 3 ? 'GET' : 'POST',
          url: `/${randomUUID()}/${i}.php?q=${i}`,
          payload: i % 3 ? undefined : {},
        })
      await walk()
      // A scanner's paths fall into the unmatched series (at most one per method and class).
      expect((await histogramLines()) - afterWalk).toBeLessThanOrEqual(2 * 3 * perSeries)
      console.log(
        `histogram lines after walking ${routes.length} routes: ${afterWalk}; after 1000 scanner paths and a second walk: ${await histogramLines()}`,
      )
    } finally {
      await app.close()
      await testDb.drop()
    }
  })

  it('stops answering an address after 10 wrong tokens, even with the right one', async () => {
    test = await createTestApp(engine, { METRICS_TOKEN })
    const { app } = test
    for (let i = 0; i < METRICS_FAILED_ATTEMPTS_MAX; i++)
      expect((await app.inject({ url: '/metrics', headers: { authorization: `Bearer guess-${i}` } })).statusCode).toBe(
        401,
      )
    const right = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(right.statusCode).toBe(429)
    const elsewhere = await app.inject({
      url: '/metrics',
      remoteAddress: '10.0.0.9',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    expect(elsewhere.statusCode).toBe(200)
  })

  it('does not serve /metrics without a configured token', async () => {
    test = await createTestApp(engine)
    expect((await test.app.inject({ url: '/metrics' })).statusCode).toBe(404)
  })

  it('answers /readyz with its checks, and 503 once the instance is stopping', async () => {
    test = await createTestApp(engine)
    const ready = await test.app.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, provider: true, outbox: true, accepting: true },
    })
    test.app.lifecycle.stopping = true
    const stopping = await test.app.inject({ url: '/readyz' })
    expect(stopping.statusCode).toBe(503)
    expect(stopping.json().checks.accepting).toBe(false)
  })

  it('is not ready when a migration has not run', async () => {
    const { db, drop } = await createTestDb(engine, '0009-payment-safety')
    const app = await buildTestApp(db)
    try {
      const res = await app.inject({ url: '/readyz' })
      expect(res.statusCode).toBe(503)
      expect(res.json().checks).toMatchObject({ database: true, migrations: false })
    } finally {
      await app.close()
      await drop()
    }
  })
})
