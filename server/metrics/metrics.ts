// What modules report to the operator's dashboards, as a small interface (no module imports
// prom-client): spins, deposits and withdrawals by outcome, payout latency against the
// 120-minute rule, provider calls, and gauges read at scrape time. One registry per app, so
// several apps in one test process do not mix their numbers.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

export type SpinOutcome = 'win' | 'loss' | 'replayed'
export type DepositOutcome = 'created' | 'credited' | 'refunded' | 'replayed' | 'unmatched' | 'invalid' | 'unconfirmed'
export type WithdrawalOutcome = 'requested' | 'paid' | 'key_rejected' | 'failed'

export interface Metrics {
  spin(outcome: SpinOutcome): void
  deposit(outcome: DepositOutcome): void
  withdrawal(outcome: WithdrawalOutcome): void
  /** A payout confirmed paid, `seconds` after the player asked (the rule: within 120 minutes). */
  payoutPaid(seconds: number): void
  providerCall(operation: string, seconds: number, failed: boolean): void
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
  readonly http: Histogram<'method' | 'route' | 'status'>

  constructor() {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 })
    this.http = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route (the route pattern, not the URL) and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    })
    this.#spins = new Counter({ name: 'spins_total', help: 'Spins by outcome', labelNames: ['outcome'], registers })
    this.#deposits = new Counter({
      name: 'deposits_total',
      help: 'Deposits: orders created, and PIX received by outcome',
      labelNames: ['outcome'],
      registers,
    })
    this.#withdrawals = new Counter({
      name: 'withdrawals_total',
      help: 'Withdrawals requested, and payouts by outcome',
      labelNames: ['outcome'],
      registers,
    })
    this.#payout = new Histogram({
      name: 'payout_latency_seconds',
      help: `Time from a withdrawal's request to its payout confirmed paid (rule: ${PAYOUT_RULE_MINUTES} minutes)`,
      buckets: [5, 30, 60, 300, 900, 1800, 3600, 5400, PAYOUT_RULE_MINUTES * 60],
      registers,
    })
    this.#payoutsLate = new Counter({
      name: 'payouts_over_rule_total',
      help: `Payouts confirmed more than ${PAYOUT_RULE_MINUTES} minutes after the request`,
      registers,
    })
    this.#provider = new Histogram({
      name: 'payment_provider_call_duration_seconds',
      help: 'Payment provider call latency by operation and result',
      labelNames: ['operation', 'result'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    })
    this.#providerErrors = new Counter({
      name: 'payment_provider_errors_total',
      help: 'Payment provider calls that threw (no answer, refused)',
      labelNames: ['operation'],
      registers,
    })
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
      name,
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
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read())
      },
    })
  }
}
