// Growth bench: does a call cost more for a player with a long past? Makes a player with 100 k
// rounds (200 k ledger entries, written in bulk, between a year and a month ago) next to a new
// player (60 rounds, so both have several statement pages) on the same database, times each
// player call (median of several runs, through the app's own HTTP handling) for both, and
// prints the ratio. The lobby's calls are timed before and after a crowd played 100 k rounds
// in the last six days. The CSV export and the all-time activity are timed too, not gated: they
// are the whole history by nature.
//
//   npm run bench:growth                                  # SQLite
//   npm run bench:growth -- postgres://postgres@127.0.0.1:5432/test
//   GROWTH_ROUNDS=20000 npm run bench:growth               # a shorter past
import { performance } from 'node:perf_hooks'
import { addSpinHistory } from '../tests/support/history.ts'
import { createTestApp, loginPlayer, type TestPlayer } from '../tests/support/server.ts'
import { cliArgs } from './cli-args.ts'

const ROUNDS = Number(process.env.GROWTH_ROUNDS ?? 100_000)
const RUNS = Number(process.env.GROWTH_RUNS ?? 9)
const { positionals } = cliArgs({ allowPositionals: true }, 'usage: npm run bench:growth [-- <postgres url>]')
if (positionals.length > 1) {
  console.error('usage: npm run bench:growth [-- <postgres url>]')
  process.exit(2)
}
const pgUrl = positionals[0] ?? process.env.BENCH_DATABASE_URL
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl
const engine = pgUrl ? 'postgres' : 'sqlite'

const t = await createTestApp(engine, {
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  PLAYER_RATE_LIMIT_PER_MINUTE: '1000000',
})
const { app } = t

async function median(run: () => Promise<unknown>): Promise<number> {
  await run() // first call: compilation and caches, not what is measured
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    await run()
    times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number
}

function must(res: Awaited<ReturnType<TestPlayer['post']>>, what: string) {
  if (res.statusCode !== 200 || (res.headers['content-type']?.includes('json') && !res.json().success)) {
    throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`)
  }
  return res
}

type Call = [name: string, run: (p: TestPlayer) => Promise<unknown>]

const playerCalls: Call[] = [
  ['accountInfo', (p) => p.post('/v1/bus/accountInfo').then((r) => must(r, 'accountInfo'))],
  ['statement page 1', (p) => p.post('/v1/bus/statement', { pageSize: 20 }).then((r) => must(r, 'statement'))],
  [
    'statement page 2 (cursor)',
    async (p) => {
      const first = must(await p.post('/v1/bus/statement', { pageSize: 20 }), 'statement').json().data
      if (first.nextCursor)
        must(await p.post('/v1/bus/statement', { pageSize: 20, cursor: first.nextCursor }), 'page 2')
    },
  ],
  ['game/history page 1', (p) => p.post('/game/history', { pageSize: 20 }).then((r) => must(r, 'history'))],
  ['activity today', (p) => p.post('/v1/bus/activity', { period: 'today' }).then((r) => must(r, 'activity'))],
  ['activity 7d', (p) => p.post('/v1/bus/activity', { period: '7d' }).then((r) => must(r, 'activity'))],
  ['activity 30d', (p) => p.post('/v1/bus/activity', { period: '30d' }).then((r) => must(r, 'activity'))],
  ['withdrawInfo', (p) => p.post('/v1/bus/withdrawInfo', {}).then((r) => must(r, 'withdrawInfo'))],
  ['getAllWithdrawOrders', (p) => p.post('/v1/bus/getAllWithdrawOrders', {}).then((r) => must(r, 'withdrawals'))],
  ['charge/refund/list', (p) => p.post('/charge/refund/list', {}).then((r) => must(r, 'refunds'))],
  ['activity/summary', (p) => p.post('/activity/summary', {}).then((r) => must(r, 'summary'))],
]
const lobbyCalls: [string, () => Promise<unknown>][] = [
  ['game/list (lobby)', () => app.inject({ method: 'GET', url: '/api/game/list' })],
  ['game/live (lobby)', (() => undefined) as never],
]
const ungated: Call[] = [
  ['statementCsv (export)', (p) => p.post('/v1/bus/statementCsv').then((r) => must(r, 'csv'))],
  ['activity all time', (p) => p.post('/v1/bus/activity', { period: 'all' }).then((r) => must(r, 'activity'))],
]

const fresh = await loginPlayer(app, { cash: 10_000 })
const veteran = await loginPlayer(app, { cash: 10_000 })
lobbyCalls[1] = ['game/live (lobby)', () => fresh.post('/game/live')]

const lobbyBefore = new Map<string, number>()
for (const [name, run] of lobbyCalls) lobbyBefore.set(name, await median(run))

const DAY = 24 * 3600_000
const made = performance.now()
const now = app.clock.now()
const longAgo = now - 365 * DAY
await addSpinHistory(t.db, app.ledger.accounts, {
  playerId: veteran.userId,
  rounds: ROUNDS,
  from: longAgo,
  stepMs: Math.floor((334 * DAY) / ROUNDS),
})
await addSpinHistory(t.db, app.ledger.accounts, { playerId: fresh.userId, rounds: 60, from: longAgo, stepMs: DAY })
// The crowd: the week's lobby counts and the day's win feed see all of it.
const crowd = await loginPlayer(app, { cash: 10_000 })
await addSpinHistory(t.db, app.ledger.accounts, {
  playerId: crowd.userId,
  rounds: ROUNDS,
  from: now - 6 * DAY,
  stepMs: Math.floor((6 * DAY) / ROUNDS),
})
const madeMs = performance.now() - made

const rows: { name: string; base: number; grown: number; gated: boolean }[] = []
for (const [name, run] of playerCalls) {
  const base = await median(() => run(fresh))
  const grown = await median(() => run(veteran))
  rows.push({ name, base, grown, gated: true })
}
for (const [name, run] of lobbyCalls)
  rows.push({ name, base: lobbyBefore.get(name) ?? 0, grown: await median(run), gated: true })
for (const [name, run] of ungated) {
  rows.push({ name, base: await median(() => run(fresh)), grown: await median(() => run(veteran)), gated: false })
}

console.log(
  `\ngrowth bench on ${engine}: a new player (60 rounds) vs one with ${ROUNDS.toLocaleString('en')} rounds (${(ROUNDS * 2).toLocaleString('en')} ledger entries), a crowd of ${ROUNDS.toLocaleString('en')} rounds this week (written in ${(madeMs / 1000).toFixed(1)} s); median of ${RUNS} runs, ms\n`,
)
const pad = (s: string, n: number) => s.padEnd(n)
console.log(`${pad('call', 28)}${'new'.padStart(9)}${'100k'.padStart(9)}${'ratio'.padStart(8)}  gate ≤ 1.5`)
let failed = 0
for (const r of rows) {
  const ratio = r.grown / Math.max(r.base, 0.01)
  const verdict = r.gated ? (ratio <= 1.5 ? 'ok' : 'OVER') : '(not gated)'
  if (r.gated && ratio > 1.5) failed++
  console.log(
    `${pad(r.name, 28)}${r.base.toFixed(2).padStart(9)}${r.grown.toFixed(2).padStart(9)}${ratio.toFixed(2).padStart(8)}  ${verdict}`,
  )
}
console.log(`\n(the lobby's "new" is the same call before the crowd played)`)
await t.close()
process.exitCode = failed > 0 ? 1 : 0
