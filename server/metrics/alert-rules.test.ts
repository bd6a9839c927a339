// The operator's files beside the metrics: the alert rules (ops/alerts.yml) load as Prometheus
// rule groups, pass `promtool check rules` and their unit tests (ops/alerts.test.yml), and read
// only metrics the app exports; the Grafana dashboard (ops/grafana-dashboard.json) too.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { promtool, promtoolAvailable } from '../../tests/support/promtool.ts'
import { createTestApp, engines, type TestApp } from '../../tests/support/server.ts'

const OPS = path.join(import.meta.dirname, '../../ops')
const RULES = path.join(OPS, 'alerts.yml')
const METRICS_TOKEN = 'metrics-token-0123456789abcdef'

interface Rule {
  alert?: string
  record?: string
  expr: string
  for?: string
  labels?: Record<string, string>
  annotations?: Record<string, string>
}

const groups = (parse(readFileSync(RULES, 'utf8')) as { groups: { name: string; rules: Rule[] }[] }).groups
const rules = groups.flatMap((group) => group.rules)
const dashboard = JSON.parse(readFileSync(path.join(OPS, 'grafana-dashboard.json'), 'utf8')) as {
  uid: string
  panels: { title: string; targets: { expr: string }[] }[]
}

/** The metric families an expression reads (a histogram's `_bucket`/`_count`/`_sum` read its family). */
function metricsRead(expr: string): string[] {
  return [...expr.matchAll(/\b((?:jogolimpo|nodejs|process)_[a-z0-9_]+)/g)].map((m) =>
    (m[1] as string).replace(/_(bucket|count|sum)$/, ''),
  )
}

describe('alert rules and dashboard files', () => {
  it('are rule groups of named, severity-labelled alerts that promtool accepts and whose unit tests pass', () => {
    expect(groups.length).toBeGreaterThan(0)
    for (const rule of rules) {
      expect(rule.alert, rule.expr).toMatch(/^[A-Z][A-Za-z]+$/)
      expect(['page', 'warn']).toContain(rule.labels?.severity)
      expect(rule.annotations?.summary).toBeTruthy()
    }
    // The table in docs/operations.md pages on each of these.
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'LedgerNotConserved',
        'PixClearingUnconfirmed',
        'PayoutOpenPastRule',
        'PaymentProviderFailing',
        'OutboxStuck',
        'TransparencyChainBroken',
      ]),
    )
    if (promtoolAvailable()) {
      const checked = promtool(['check', 'rules', RULES])
      expect(checked.output).toContain(`SUCCESS: ${rules.length} rules found`)
      expect(checked.status).toBe(0)
      const tested = promtool(['test', 'rules', 'alerts.test.yml'], undefined, OPS)
      expect(tested.output).toContain('SUCCESS')
      expect(tested.status).toBe(0)
    }
  })

  it('is a dashboard with a query in every panel', () => {
    expect(dashboard.uid).toBe('jogolimpo')
    expect(dashboard.panels.length).toBeGreaterThan(10)
    for (const panel of dashboard.panels) expect(panel.targets.length, panel.title).toBeGreaterThan(0)
  })
})

describe.each(engines)('alert rules and dashboard against the app on %s', (engine) => {
  let test: TestApp
  let exported: Set<string>
  beforeAll(async () => {
    test = await createTestApp(engine, { METRICS_TOKEN })
    const text = (await test.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
      .body
    exported = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1] as string))
  })
  afterAll(() => test.close())

  /**
   * Metrics an app lacks by design: PostgreSQL's pool on SQLite; the read replica's without
   * DATABASE_REPLICA_URL (tests/chaos/read-replica.test.ts reads them); the GeoIP age when the
   * package has no build date.
   */
  const absentHere = (name: string) =>
    (engine === 'sqlite' && name.startsWith('jogolimpo_db_pool_')) ||
    /^jogolimpo_db_(replica_|reads_)/.test(name) ||
    name === 'jogolimpo_geoip_database_age_seconds'

  it('reads only metrics the app exports', () => {
    const read = new Set([
      ...rules.flatMap((rule) => metricsRead(rule.expr)),
      ...dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => metricsRead(target.expr))),
    ])
    expect(read.size).toBeGreaterThan(15)
    expect([...read].filter((name) => !exported.has(name) && !absentHere(name))).toEqual([])
  })
})
