// A report's period is checked before any of its days is walked or read: a period longer than the
// limit, or dates outside the years the format accepts, are refused at once on every report route
// (the period walk, counted here, never runs, nothing is read and no download is audited).
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { signedInOperator } from '../../tests/support/operators.ts'
import { createTestApp, engines, type TestApp } from '../../tests/support/server.ts'
import * as periods from '../lib/periods.ts'

vi.mock('../lib/periods.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/periods.ts')>()
  return { ...actual, datesFromTo: vi.fn(actual.datesFromTo), localDayBounds: vi.fn(actual.localDayBounds) }
})

const walk = vi.mocked(periods.datesFromTo)
const dayBounds = vi.mocked(periods.localDayBounds)

describe.each(engines)('report periods on %s', { timeout: 60_000 }, (engine) => {
  let t: TestApp
  let app: FastifyInstance
  let admin: Awaited<ReturnType<typeof signedInOperator>>
  const get = (path: string, query: Record<string, string>) =>
    app.inject({
      method: 'GET',
      url: `/api/ops/reports/${path}?${new URLSearchParams(query)}`,
      headers: { cookie: admin.cookie },
      remoteAddress: admin.address,
    })
  const routes = [
    (p: { from: string; to: string }) => admin.post('reports/finance', p),
    (p: { from: string; to: string }) => get('finance.csv', p),
    (p: { from: string; to: string }) => get('transfers.csv', p),
    (p: { from: string; to: string }) => get('regulatory.csv', { dataset: 'payments', ...p }),
  ]

  beforeAll(async () => {
    t = await createTestApp(engine)
    app = t.app
    admin = await signedInOperator(app, t.db.kysely, 'admin', Date.now(), '10.42.3.1')
  })
  afterAll(async () => t.close())
  beforeEach(() => {
    walk.mockClear()
    dayBounds.mockClear()
  })

  it('walks the days of a period within the limit (the count below sees the walk)', async () => {
    const res = await routes[0]?.({ from: '2026-11-01', to: '2026-11-03' })
    expect(res?.json()).toMatchObject({ success: true })
    expect(walk).toHaveBeenCalledTimes(1)
    expect(dayBounds).toHaveBeenCalledTimes(3)
  })

  it('refuses a period over the limit, or a thousand years back, on every report route before walking a day', async () => {
    for (const route of routes) {
      const tooLong = await route({ from: '2020-01-01', to: '2030-12-31' })
      expect(tooLong.statusCode).toBe(400)
      expect(tooLong.json()).toMatchObject({ success: false, msgCode: 'report_period_invalid' })
      const farOut = await route({ from: '2000-01-01', to: '2999-12-31' })
      expect(farOut.json()).toMatchObject({ success: false, msgCode: 'report_period_invalid' })
      // Years before 2000 are not dates the reports accept: refused by the format, naming the field.
      const ancient = await route({ from: '1000-01-01', to: '1999-12-31' })
      expect(ancient.statusCode).toBe(400)
      expect(ancient.json()).toMatchObject({ success: false, msgCode: 'invalid_request' })
    }
    expect(walk).not.toHaveBeenCalled()
    expect(dayBounds).not.toHaveBeenCalled()
    const downloads = await t.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'report.download')
      .execute()
    expect(downloads).toEqual([])
  })
})
