// Sweep bench: how long the barred-person register's sweep takes over PLAYERS players (default
// 1 000 000, generated straight into register_players) and how much memory it holds, against the
// sandbox register over HTTP, next to its floor measured in the same run: the same CPFs sent to
// the same sandbox with the same concurrency (a batch at a time) and nothing in between — no
// database, no pacing. The rate limit is lifted (SIGAP_RATE_PER_SECOND is what production paces
// at; here the question is what the sweep itself costs). Prints both, their ratio, the peak RSS
// of each phase and the load average. The floor runs right before and right after each engine's
// sweep (the load of a shared machine changes over a long run).
//
//   npm run bench:sweep                         # SQLite
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sweep   # and PostgreSQL
//   PLAYERS=100000 npm run bench:sweep          # fewer players
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { withCheckDigits } from '../contract/cpf.ts'
import type { Engine } from '../server/db/database.ts'
import { startSandboxRegister } from '../server/sigap/sandbox/server.ts'
import { sigapApiRegister } from '../server/sigap/sigap-api.ts'
import { RegisterStanding } from '../server/sigap/standing.ts'
import { RegisterSweep } from '../server/sigap/sweep.ts'
import { createTestDb } from '../tests/support/server.ts'
import { cliArgs } from './cli-args.ts'

cliArgs({}, 'usage: [PLAYERS=1000000] [SWEEP_BATCH=200] [TEST_DATABASE_URL=…] npm run bench:sweep')

const PLAYERS = Number(process.env.PLAYERS ?? 1_000_000)
const BATCH = Number(process.env.SWEEP_BATCH ?? 200)
const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']
const START = Date.UTC(2026, 10, 20, 12, 0)
const loadNow = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')

/** Peak RSS while `work` runs (sampled every 50 ms), and its time. */
async function measure<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakMb: number }> {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 50)
  const started = performance.now()
  try {
    const result = await work()
    return { result, seconds: (performance.now() - started) / 1000, peakMb: peak / 1024 / 1024 }
  } finally {
    clearInterval(timer)
  }
}

/** The i-th generated CPF (valid, none of the sandbox's test range). */
const cpfOf = (i: number) =>
  withCheckDigits(
    String(100_000_000 + i)
      .slice(-9)
      .replace(/^0/, '1'),
  )

const sandbox = await startSandboxRegister({ port: 0, token: null })
const register = sigapApiRegister({ baseUrl: sandbox.url, token: null, timeoutMs: 30_000 })

// The floor: the CPFs to the sandbox, BATCH at a time, nothing else. Measured right before and
// right after each engine's sweep, so that a load that changes during the run (a shared machine)
// weighs on both sides alike; the sweep is compared with their mean.
async function measureFloor(label: string) {
  global.gc?.()
  const floor = await measure(async () => {
    for (let i = 0; i < PLAYERS; i += BATCH) {
      const n = Math.min(BATCH, PLAYERS - i)
      await Promise.all(Array.from({ length: n }, (_, j) => register.lookup(cpfOf(i + j + 1))))
    }
  })
  console.log(
    `floor ${label}: ${PLAYERS} CPFs to the sandbox register in ${floor.seconds.toFixed(1)} s (${Math.round(PLAYERS / floor.seconds)}/s), peak RSS ${floor.peakMb.toFixed(0)} MB; load ${loadNow()}`,
  )
  return floor.seconds
}

for (const engine of engines) {
  const before = await measureFloor(`before ${engine}`)
  const testDb = await createTestDb(engine)
  const db = testDb.db.kysely
  for (let i = 0; i < PLAYERS; i += 5000) {
    const rows = Array.from({ length: Math.min(5000, PLAYERS - i) }, (_, j) => ({
      player_id: i + j + 1,
      cpf: cpfOf(i + j + 1),
      state: 'clear' as const,
      checked_at: START,
      checked_day: '2026-11-20',
      barred_at: null,
      barred_answer_id: null,
      attempts: 0,
      next_attempt_at: null,
      updated_at: START,
    }))
    // SQLite takes at most 32 766 parameters a statement: 10 columns × 3 000 rows.
    for (let k = 0; k < rows.length; k += 3000)
      await db
        .insertInto('register_players')
        .values(rows.slice(k, k + 3000))
        .execute()
  }
  const now = () => START
  const standing = new RegisterStanding({
    db,
    register,
    now,
    timeZone: 'America/Sao_Paulo',
    onError: (error) => {
      throw error
    },
  })
  const sweep = new RegisterSweep({
    db,
    standing,
    now,
    everyMs: 15 * 86_400_000,
    ratePerSecond: 100_000_000,
    holder: 'bench',
    batchSize: BATCH,
    onError: (error) => {
      throw error
    },
  })
  global.gc?.()
  const run = await measure(() => sweep.run())
  const progress = await sweep.progress()
  const answers = await db
    .selectFrom('register_answers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  console.log(
    `${engine}: sweep ${run.result} over ${progress?.checked} of ${PLAYERS} players (${answers.n} answers kept) in ${run.seconds.toFixed(1)} s (${Math.round(PLAYERS / run.seconds)}/s), peak RSS ${run.peakMb.toFixed(0)} MB; load ${loadNow()}`,
  )
  await testDb.drop()
  const after = await measureFloor(`after ${engine}`)
  console.log(`${engine}: floor (mean of before and after) ÷ sweep ${((before + after) / 2 / run.seconds).toFixed(2)}`)
}
console.log(
  `load average (1, 5, 15 min): ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on this machine`,
)
await sandbox.close()
