// Read replica bench (PostgreSQL): what the console's reports cost the spins, with the read pool
// on the primary and on a real streaming replica (a primary of the bench's own and a base backup
// of it, each a `postgres` on a free port: tests/support/pg-replica.ts). On one database with a day of history
// (BENCH_HISTORY rounds, written in bulk), three phases of BENCH_SECONDS each, through the app's
// own request handling: the baseline — spins alone, nothing in between —, spins while operators
// pull the finance report and the transfers file with the read pool on the primary, and the same
// with it on the replica. Prints spins/s and p99 beside the baseline, the reports' median, the
// replica's largest lag, and the load average (the machine is shared: read every figure as noisy).
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:replica
//   BENCH_SECONDS=10 BENCH_SPINNERS=8 BENCH_HISTORY=50000 BENCH_REPORTS=finance npm run bench:replica
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'
import { openDatabase } from '../server/db/database.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { localDate } from '../server/lib/periods.ts'
import { openGameSession } from '../tests/support/game-session.ts'
import { addSpinHistory } from '../tests/support/history.ts'
import { replicaUnavailable, startPrimary, startReplica } from '../tests/support/pg-replica.ts'
import { buildTestApp, loginPlayer, TEST_OPS_TOKEN } from '../tests/support/server.ts'
import { cliArgs } from './cli-args.ts'
import { quantile } from './quantile.ts'

cliArgs({}, 'usage: npm run bench:replica')

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const SPINNERS = Number(process.env.BENCH_SPINNERS ?? 8)
const REPORTERS = Number(process.env.BENCH_REPORTERS ?? 2)
const HISTORY = Number(process.env.BENCH_HISTORY ?? 50_000)
/** `finance` (the figures: the database's aggregates), `files` (the transfers CSV: mostly the app's own formatting) or `both`, alternately. */
const REPORTS = process.env.BENCH_REPORTS ?? 'both'
const HOUR = 3_600_000

const unavailable = replicaUnavailable()
if (unavailable) {
  console.log(`bench:replica skipped: ${unavailable}`)
  process.exit(0)
}

const primary = await startPrimary()
const primaryOnly = openDatabase({ url: primary.url, poolSize: 16 })
await migrateToLatest(primaryOnly)
const replica = await startReplica(primary.url)
const withReplica = openDatabase({ url: primary.url, poolSize: 16, replicaUrl: replica.url })
const onReplica = await buildTestApp(withReplica, { API_RATE_LIMIT_PER_MINUTE: '1000000' })
const onPrimary = await buildTestApp(primaryOnly, { API_RATE_LIMIT_PER_MINUTE: '1000000' })

const now = Date.now()
const crowd = await loginPlayer(onPrimary, { ageConfirmed: true, cash: 10_000 })
await addSpinHistory(primaryOnly, onPrimary.ledger.accounts, {
  playerId: crowd.userId,
  rounds: HISTORY,
  from: now - 20 * HOUR,
  stepMs: Math.floor((19 * HOUR) / HISTORY),
})
const period = {
  from: localDate(now - 24 * HOUR, onPrimary.config.market.timeZone),
  to: localDate(now, onPrimary.config.market.timeZone),
}

/** One game session per spinner; both apps answer it (the session is in the database). */
const tokens: string[] = []
for (let i = 0; i < SPINNERS; i++) {
  const player = await loginPlayer(onPrimary, { ageConfirmed: true, verified: true, bound: true, cash: 10_000_000 })
  tokens.push((await openGameSession(onPrimary, player.call)).sessionToken)
}

interface Phase {
  name: string
  spins: number[]
  reports: number[]
  maxLag: number | null
}

async function phase(name: string, app: FastifyInstance, tokens: string[], reports: boolean): Promise<Phase> {
  const until = performance.now() + SECONDS * 1000
  const spins: number[] = []
  const reportTimes: number[] = []
  let maxLag: number | null = null
  const spinner = async (token: string) => {
    while (performance.now() < until) {
      const started = performance.now()
      const res = await app.inject({
        method: 'POST',
        url: '/api/game/spin',
        headers: { 'game-session': token },
        payload: { bet: 100, requestId: randomUUID() },
      })
      if (!res.json().success) throw new Error(`spin refused: ${res.body}`)
      spins.push(performance.now() - started)
    }
  }
  const reporter = async (n: number) => {
    for (let i = n; performance.now() < until; i++) {
      const started = performance.now()
      const res =
        REPORTS === 'finance' || (REPORTS === 'both' && i % 2 === 0)
          ? await app.inject({
              method: 'POST',
              url: '/api/ops/reports/finance',
              headers: { 'x-ops-token': TEST_OPS_TOKEN },
              payload: period,
            })
          : await app.inject({
              method: 'GET',
              url: `/api/ops/reports/transfers.csv?${new URLSearchParams(period).toString()}`,
              headers: { 'x-ops-token': TEST_OPS_TOKEN },
            })
      if (res.statusCode !== 200) throw new Error(`report failed: ${res.statusCode} ${res.body.slice(0, 200)}`)
      reportTimes.push(performance.now() - started)
    }
  }
  const lagWatch = async () => {
    while (performance.now() < until) {
      const lag = (await withReplica.replica?.check())?.lagSeconds ?? null
      if (lag !== null) maxLag = Math.max(maxLag ?? 0, lag)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  await Promise.all([
    ...tokens.map(spinner),
    ...(reports ? Array.from({ length: REPORTERS }, (_, i) => reporter(i)) : []),
    ...(app === onReplica ? [lagWatch()] : []),
  ])
  return { name, spins, reports: reportTimes, maxLag }
}

const before = withReplica.replica?.state().reads
const phases = [
  await phase('spins alone (baseline)', onReplica, tokens, false),
  await phase('+ reports, read pool on the primary', onPrimary, tokens, true),
  await phase('+ reports, read pool on the replica', onReplica, tokens, true),
]
const after = withReplica.replica?.state().reads

const base = phases[0] as Phase
const rate = (p: Phase) => p.spins.length / SECONDS
console.log(
  `\nread replica bench: ${SPINNERS} spinners, ${REPORTERS} report loops (${REPORTS === 'both' ? 'finance report and transfers file' : REPORTS === 'finance' ? 'finance report' : 'transfers file'} over ${period.from}..${period.to}, ${HISTORY.toLocaleString('en')} rounds of history), ${SECONDS} s each`,
)
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (2 shared cores: noisy)\n`,
)
console.log(
  `${'phase'.padEnd(40)}${'spins/s'.padStart(9)}${'× base'.padStart(8)}${'p99 ms'.padStart(9)}${'reports'.padStart(9)}${'median ms'.padStart(11)}${'max lag s'.padStart(11)}`,
)
for (const p of phases) {
  console.log(
    `${p.name.padEnd(40)}${rate(p).toFixed(0).padStart(9)}${(rate(p) / rate(base)).toFixed(2).padStart(8)}${quantile(p.spins, 0.99).toFixed(1).padStart(9)}${String(p.reports.length).padStart(9)}${(p.reports.length ? quantile(p.reports, 0.5).toFixed(0) : '-').padStart(11)}${(p.maxLag === null ? '-' : p.maxLag.toFixed(2)).padStart(11)}`,
  )
}
console.log(
  `\nread pool connections during the replica phases: ${(after?.replica ?? 0) - (before?.replica ?? 0)} on the replica, ${(after?.primary ?? 0) - (before?.primary ?? 0)} on the primary`,
)
await onReplica.close()
await onPrimary.close()
await withReplica.close()
await primaryOnly.close()
await replica.remove()
await primary.remove()
