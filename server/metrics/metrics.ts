// What modules report to the operator's dashboards, as a small interface (no module imports
// prom-client): spins, deposits and withdrawals by outcome, payout latency against the
// 120-minute rule, provider calls, and gauges read at scrape time. One registry per app, so
// several apps in one test process do not mix their numbers. Every metric of the application
// is named `jogolimpo_…` (the prom-client defaults keep their usual `process_`/`nodejs_` names, so
// a stock Node.js dashboard reads them); each labelled counter an alert reads exists at 0 from
// the start, because `rate` and `increase` see nothing in a series' first sample.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/** The application's prefix: `jogolimpo_spins_total`, not a bare `spins_total` another exporter may also use. */
export const METRIC_PREFIX = 'jogolimpo_'

export const SPIN_OUTCOMES = ['win', 'loss', 'replayed'] as const
export const DEPOSIT_OUTCOMES = [
  'created',
  'credited',
  'refunded',
  'replayed',
  'unmatched',
  'invalid',
  'unconfirmed',
] as const
export const WITHDRAWAL_OUTCOMES = ['requested', 'paid', 'key_rejected', 'failed'] as const
export type SpinOutcome = (typeof SPIN_OUTCOMES)[number]
export type DepositOutcome = (typeof DEPOSIT_OUTCOMES)[number]
export type WithdrawalOutcome = (typeof WITHDRAWAL_OUTCOMES)[number]

/**
 * prom-client's defaults that are gauges named `_total` (a suffix Prometheus keeps for counters;
 * `promtool check metrics` refuses them): each is the sum of its per-type gauge, which stays.
 */
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
]

/** The methods the API serves; any other is counted as `OTHER` (a scanner's inventions are unbounded). */
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
/** The `route` label of a request no route matched: one series however many paths are scanned. */
export const UNMATCHED_ROUTE = 'unmatched'

export interface Metrics {
  spin(outcome: SpinOutcome): void
  deposit(outcome: DepositOutcome): void
  withdrawal(outcome: WithdrawalOutcome): void
  /** A payout confirmed paid, `seconds` after the player asked (the rule: within 120 minutes). */
  payoutPaid(seconds: number): void
  providerCall(operation: string, seconds: number, failed: boolean): void
  /** The provider operations that will be timed, so their error counters exist at 0 before the first error. */
  providerOperations(operations: readonly string[]): void
  /** A deposit, withdrawal, game launch or spin refused because the client's address is outside the market (country: ISO code or `unknown`). */
  outsideMarket(country: string, action: string): void
  /** A value read when Prometheus scrapes (a database sum, a queue's length). */
  gauge(name: string, help: string, read: () => number | Promise<number>): void
  /** Totals that only grow, one per value of `label`, read when Prometheus scrapes (time spent, by kind). */
  totals(name: string, help: string, label: string, read: () => Readonly<Record<string, number>>): void
}

/** The payout rule: a withdrawal is paid within this many minutes. */
export const PAYOUT_RULE_MINUTES = 120

export class PrometheusMetrics implements Metrics {
  readonly registry = new Registry()
  readonly #spins: Counter<'outcome'>
  readonly #deposits: Counter<'outcome'>
  readonly #withdrawals: Counter<'outcome'>
  readonly #payout: Histogram
  readonly #payoutsLate: Counter
  readonly #provider: Histogram<'operation' | 'result'>
  readonly #providerErrors: Counter<'operation'>
  readonly #outsideMarket: Counter<'country' | 'action'>
  readonly #http: Histogram<'method' | 'route' | 'status'>
  /** The latency histogram's series by label set, looked up once each. */
  readonly #httpSeries = new Map<string, { observe(seconds: number): void }>()

  constructor() {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 })
    for (const name of MISNAMED_DEFAULTS) this.registry.removeSingleMetric(name)
    this.#http = new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'HTTP request latency by route pattern (unmatched paths in one series), method and status class (2xx, 4xx…)',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    })
    this.#spins = new Counter({
      name: `${METRIC_PREFIX}spins_total`,
      help: 'Spins by outcome',
      labelNames: ['outcome'],
      registers,
    })
    this.#deposits = new Counter({
      name: `${METRIC_PREFIX}deposits_total`,
      help: 'Deposits: orders created, and PIX received by outcome',
      labelNames: ['outcome'],
      registers,
    })
    this.#withdrawals = new Counter({
      name: `${METRIC_PREFIX}withdrawals_total`,
      help: 'Withdrawals requested, and payouts by outcome',
      labelNames: ['outcome'],
      registers,
    })
    this.#payout = new Histogram({
      name: `${METRIC_PREFIX}payout_latency_seconds`,
      help: `Time from a withdrawal's request to its payout confirmed paid (rule: ${PAYOUT_RULE_MINUTES} minutes)`,
      buckets: [5, 30, 60, 300, 900, 1800, 3600, 5400, PAYOUT_RULE_MINUTES * 60],
      registers,
    })
    this.#payoutsLate = new Counter({
      name: `${METRIC_PREFIX}payouts_over_rule_total`,
      help: `Payouts confirmed more than ${PAYOUT_RULE_MINUTES} minutes after the request`,
      registers,
    })
    this.#provider = new Histogram({
      name: `${METRIC_PREFIX}payment_provider_call_duration_seconds`,
      help: 'Payment provider call latency by operation and result',
      labelNames: ['operation', 'result'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    })
    this.#providerErrors = new Counter({
      name: `${METRIC_PREFIX}payment_provider_errors_total`,
      help: 'Payment provider calls that threw (no answer, refused)',
      labelNames: ['operation'],
      registers,
    })
    this.#outsideMarket = new Counter({
      name: `${METRIC_PREFIX}market_refusals_total`,
      help: "Deposits, withdrawals, game launches and spins refused because the client's address is outside the market's country, by country and action",
      labelNames: ['country', 'action'],
      registers,
    })
    for (const outcome of SPIN_OUTCOMES) this.#spins.inc({ outcome }, 0)
    for (const outcome of DEPOSIT_OUTCOMES) this.#deposits.inc({ outcome }, 0)
    for (const outcome of WITHDRAWAL_OUTCOMES) this.#withdrawals.inc({ outcome }, 0)
  }

  /**
   * One request's latency. Labels stay bounded: the route's pattern (`/api/v1/games/def/:id`), never
   * the URL; every path no route matched is `unmatched`; the status by class.
   */
  request(method: string, route: string | undefined, status: number, seconds: number): void {
    const known = HTTP_METHODS.has(method) ? method : 'OTHER'
    const path = route ?? UNMATCHED_ROUTE
    const statusClass = `${Math.trunc(status / 100)}xx`
    // Every request lands here: its series is looked up once per label set rather than hashed from
    // its labels each time (the label sets are bounded, so is this map).
    const key = `${known} ${statusClass} ${path}`
    let series = this.#httpSeries.get(key)
    if (!series) {
      series = this.#http.labels({ method: known, route: path, status: statusClass })
      this.#httpSeries.set(key, series)
    }
    series.observe(seconds)
  }

  providerOperations(operations: readonly string[]): void {
    for (const operation of operations) {
      this.#providerErrors.inc({ operation }, 0)
      this.#provider.zero({ operation, result: 'ok' })
      this.#provider.zero({ operation, result: 'error' })
    }
  }

  outsideMarket(country: string, action: string): void {
    // Bounded labels: a country is two capital letters (ISO 3166-1, about 250) or `unknown`.
    this.#outsideMarket.inc({ country: /^[A-Z]{2}$/.test(country) ? country : 'unknown', action })
  }

  spin(outcome: SpinOutcome): void {
    this.#spins.inc({ outcome })
  }

  deposit(outcome: DepositOutcome): void {
    this.#deposits.inc({ outcome })
  }

  withdrawal(outcome: WithdrawalOutcome): void {
    this.#withdrawals.inc({ outcome })
  }

  payoutPaid(seconds: number): void {
    this.#payout.observe(seconds)
    if (seconds > PAYOUT_RULE_MINUTES * 60) this.#payoutsLate.inc()
  }

  providerCall(operation: string, seconds: number, failed: boolean): void {
    this.#provider.observe({ operation, result: failed ? 'error' : 'ok' }, seconds)
    if (failed) this.#providerErrors.inc({ operation })
  }

  totals(name: string, help: string, label: string, read: () => Readonly<Record<string, number>>): void {
    const counted: Record<string, number> = {}
    new Counter({
      name: `${METRIC_PREFIX}${name}`,
      help,
      labelNames: [label],
      registers: [this.registry],
      collect() {
        for (const [value, total] of Object.entries(read())) {
          this.inc({ [label]: value }, Math.max(0, total - (counted[value] ?? 0)))
          counted[value] = total
        }
      },
    })
  }

  gauge(name: string, help: string, read: () => number | Promise<number>): void {
    new Gauge({
      name: `${METRIC_PREFIX}${name}`,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read())
      },
    })
  }
}
