// Plans of the hot queries (PostgreSQL): a database with a long past (a player with
// EXPLAIN_HISTORY rounds over a year, a crowd's as many in the last six days, analysed), then the
// statements the hot calls really send — spins, the player's account, statement pages, round
// history, activity, the lobby — caught at the driver as they run, and each run again under
// `EXPLAIN (ANALYZE, BUFFERS)` inside a transaction rolled back (plain EXPLAIN when running it
// again fails, as an insert of an id already written). Prints each statement's plan (its scans),
// time and buffers, and fails (exit 1) when a plan scans a large table (EXPLAIN_LARGE_ROWS rows
// or more) sequentially. A statement inside a function (the spin's `ledger_spin`) is planned by
// the function, not shown here; the function's own tables are covered by the calls that fall
// back to LedgerTx.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run db:explain
//   EXPLAIN_HISTORY=20000 npm run db:explain -- postgres://postgres@127.0.0.1:5432/test
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import pg from 'pg'
import { openGameSession } from '../tests/support/game-session.ts'
import { addSpinHistory } from '../tests/support/history.ts'
import { createTestApp, loginPlayer, type TestPlayer, testDatabaseUrl } from '../tests/support/server.ts'
import { cliArgs } from './cli-args.ts'

const HISTORY = Number(process.env.EXPLAIN_HISTORY ?? 50_000)
const LARGE_ROWS = Number(process.env.EXPLAIN_LARGE_ROWS ?? 10_000)
const { positionals } = cliArgs({ allowPositionals: true }, 'usage: npm run db:explain [-- <postgres url>]')
const url = positionals[0] ?? process.env.TEST_DATABASE_URL
if (!url) {
  console.error('db:explain needs PostgreSQL: TEST_DATABASE_URL or a postgres:// URL')
  process.exit(2)
}
process.env.TEST_DATABASE_URL = url

const t = await createTestApp('postgres', {
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  PLAYER_RATE_LIMIT_PER_MINUTE: '1000000',
})
const { app } = t
const DAY = 24 * 3600_000
const now = app.clock.now()
const veteran = await loginPlayer(app, { ageConfirmed: true, verified: true, bound: true, cash: 1_000_000 })
await addSpinHistory(t.db, app.ledger.accounts, {
  playerId: veteran.userId,
  rounds: HISTORY,
  from: now - 365 * DAY,
  stepMs: Math.floor((334 * DAY) / HISTORY),
})
const crowd = await loginPlayer(app, { ageConfirmed: true, cash: 10_000 })
await addSpinHistory(t.db, app.ledger.accounts, {
  playerId: crowd.userId,
  rounds: HISTORY,
  from: now - 6 * DAY,
  stepMs: Math.floor((6 * DAY) / HISTORY),
})
const schema = t.db.schema as string
const admin = new pg.Client({ connectionString: testDatabaseUrl(t.db), options: `-c search_path=${schema}` })
await admin.connect()
await admin.query('analyze')
const session = (await openGameSession(app, veteran.call)).sessionToken

// The statements the hot calls send, caught where every pooled client sends them.
const caught = new Map<string, { text: string; values: unknown[]; from: string }>()
let calling = ''
const query = pg.Client.prototype.query
// biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded; this only reads its first two arguments.
pg.Client.prototype.query = function (this: pg.Client, config: any, values?: any, callback?: any): any {
  const text = typeof config === 'string' ? config : config?.text
  const given = typeof config === 'string' ? values : config?.values
  if (
    calling &&
    typeof text === 'string' &&
    /^\s*(select|insert|update|delete|with)\b/i.test(text) &&
    !caught.has(text)
  )
    caught.set(text, { text, values: Array.isArray(given) ? given : [], from: calling })
  return (query as (...args: unknown[]) => unknown).call(this, config, values, callback)
} as typeof query

const must = async (res: Awaited<ReturnType<TestPlayer['post']>>, what: string) => {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`)
}
const calls: [string, () => Promise<unknown>][] = [
  [
    'spin',
    async () => {
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/game/spin',
          headers: { 'game-session': session },
          payload: { bet: 100, requestId: randomUUID() },
        })
        if (!res.json().success) throw new Error(`spin: ${res.body}`)
      }
    },
  ],
  ['accountInfo', () => veteran.post('/v1/bus/accountInfo').then((r) => must(r, 'accountInfo'))],
  [
    'statement',
    async () => {
      const first = await veteran.post('/v1/bus/statement', { pageSize: 20 })
      await must(first, 'statement')
      const cursor = first.json().data.nextCursor
      if (cursor) await must(await veteran.post('/v1/bus/statement', { pageSize: 20, cursor }), 'statement page 2')
    },
  ],
  ['game/history', () => veteran.post('/game/history', { pageSize: 20 }).then((r) => must(r, 'history'))],
  ['activity 7d', () => veteran.post('/v1/bus/activity', { period: '7d' }).then((r) => must(r, 'activity'))],
  ['withdrawInfo', () => veteran.post('/v1/bus/withdrawInfo', {}).then((r) => must(r, 'withdrawInfo'))],
  ['activity/summary', () => veteran.post('/activity/summary', {}).then((r) => must(r, 'summary'))],
  ['game/list', () => app.inject({ method: 'GET', url: '/api/game/list' })],
  ['game/live', () => veteran.post('/game/live').then((r) => must(r, 'live'))],
]
for (const [name, run] of calls) {
  calling = name
  await run()
}
calling = ''
pg.Client.prototype.query = query

const large = new Map(
  (
    await admin.query<{ relname: string; rows: number }>(
      `select c.relname, c.reltuples::float8 as rows from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'p') and c.reltuples >= $2`,
      [schema, LARGE_ROWS],
    )
  ).rows.map((r) => [r.relname, r.rows]),
)

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}
const scans = (node: PlanNode): string[] => [
  ...(node['Relation Name']
    ? [`${node['Node Type']} ${node['Relation Name']}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`]
    : []),
  ...(node.Plans ?? []).flatMap(scans),
]
const seqScansOfLarge = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] && large.has(node['Relation Name'])
    ? [node['Relation Name']]
    : []),
  ...(node.Plans ?? []).flatMap(seqScansOfLarge),
]

console.log(
  `\nhot query plans on PostgreSQL: a player with ${HISTORY.toLocaleString('en')} rounds over a year, a crowd's ${HISTORY.toLocaleString('en')} in six days; large tables (≥ ${LARGE_ROWS.toLocaleString('en')} rows): ${[...large.keys()].join(', ')}`,
)
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (a shared machine: times are noisy)\n`,
)
let failures = 0
for (const { text, values, from } of caught.values()) {
  let plan: { Plan: PlanNode; 'Execution Time'?: number } | null = null
  let analysed = true
  await admin.query('begin')
  try {
    plan = (await admin.query(`explain (analyze, buffers, format json) ${text}`, values)).rows[0]['QUERY PLAN'][0]
  } catch {
    analysed = false
  }
  await admin.query('rollback')
  if (!plan) {
    try {
      plan = (await admin.query(`explain (format json) ${text}`, values)).rows[0]['QUERY PLAN'][0]
    } catch (error) {
      console.log(`[${from}] not planned (${error instanceof Error ? error.message : error}): ${text.slice(0, 100)}`)
      continue
    }
  }
  if (!plan) continue
  const bad = seqScansOfLarge(plan.Plan)
  if (bad.length > 0) failures++
  const buffers = plan.Plan as unknown as { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number }
  console.log(
    `${bad.length > 0 ? 'SEQ SCAN' : 'ok      '} [${from}] ${analysed ? `${(plan['Execution Time'] ?? 0).toFixed(2)} ms, buffers hit ${buffers['Shared Hit Blocks'] ?? 0} read ${buffers['Shared Read Blocks'] ?? 0}` : 'plan only'}: ${text.replace(/\s+/g, ' ').slice(0, 110)}`,
  )
  const scanned = scans(plan.Plan)
  if (scanned.length > 0) console.log(`           ${scanned.join('; ')}`)
  if (bad.length > 0) console.log(`           sequential scan of ${bad.join(', ')}`)
}
console.log(
  `\n${caught.size} statements, ${failures} with a sequential scan of a large table${failures > 0 ? ' (FAIL)' : ''}`,
)
await admin.end()
await t.close()
process.exitCode = failures > 0 ? 1 : 0
