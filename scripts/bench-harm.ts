// Harm-watch benchmark: seeds players with the records the markers read — paid deposits, a game
// session, rounds lost before each deposit, a limit change, a support message — straight into a
// fresh database (SQLite, or PostgreSQL with a URL), then times one worker run (`runOnce`) that
// finds them all as changed and recomputes each one's markers, score and interventions. Prints
// players, seconds and players per second. The worker runs beside the app, never on the spin's
// path (npm run bench:spin measures the spin with it running). With HARM_BENCH_PAUSE_DAYS the
// players' records are spread over that many days and the run is the first after such a pause (the
// watch's watermark set back): the run's own memory is what it holds of the window at once.
//
//   npm run bench:harm                          # HARM_BENCH_PLAYERS=5000 on SQLite
//   HARM_BENCH_PLAYERS=100000 npm run bench:harm -- postgres://postgres@127.0.0.1:5432/test
//   HARM_BENCH_PLAYERS=300000 HARM_BENCH_PAUSE_DAYS=365 npm run bench:harm
import { existsSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { getHeapStatistics } from 'node:v8'
import { sql } from 'kysely'
import { createTestApp } from '../tests/support/server.ts'
import { cliArgs } from './cli-args.ts'
import { integerSeries } from './year/sql-series.ts'

const PLAYERS = Number(process.env.HARM_BENCH_PLAYERS ?? 5000)
/** Days the players' records are spread over (player i's shifted back i mod this many days); 0: none. */
const PAUSE_DAYS = Number(process.env.HARM_BENCH_PAUSE_DAYS ?? 0)
const BATCH = 20_000
const { positionals } = cliArgs({ allowPositionals: true }, 'usage: npm run bench:harm [-- <postgres url>]')
const pgUrl = positionals[0] ?? process.env.BENCH_DATABASE_URL
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl
const engine = pgUrl ? 'postgres' : 'sqlite'

const t = await createTestApp(engine, { HARM_POLL_MS: '0' })
const db = t.db.kysely
const now = t.app.clock.now()
const MINUTE = 60_000

/** A random text id, made by the database. */
const randomId =
  engine === 'postgres' ? sql`md5(random()::text || clock_timestamp()::text)` : sql`lower(hex(randomblob(16)))`

/** A time or amount as a bigint parameter (PostgreSQL would otherwise infer an integer). */
const big = (n: number) => (engine === 'postgres' ? sql`cast(${n} as bigint)` : sql`${n}`)

const series = (from: number, to: number) => integerSeries(engine, from, to)

// Players' ids follow the table's own (a fresh database: from 1).
const firstId =
  Number(
    (
      await db
        .selectFrom('players')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  ) + 1
// The rounds' fair seed: one, the first player's, made with the first batch.
let seedId: number | undefined
const DAY = 24 * 60 * MINUTE
const month = now - 30 * DAY - PAUSE_DAYS * DAY
/** How far back player `i`'s records lie (ms), in SQL. */
const shift = (i: ReturnType<typeof sql>) => (PAUSE_DAYS > 0 ? sql`(${i} % ${PAUSE_DAYS}) * ${big(DAY)}` : sql`0`)

/**
 * Players from..to with their records, written by the database itself in one transaction (no rows
 * cross into this process, so memory stays flat at any count): every fifth chases losses (six
 * deposits in an hour, each after lost rounds), the rest deposit twice in the week; three rounds
 * before each deposit, the first a small win; one game session each.
 */
async function seedPlayers(from: number, to: number) {
  await db.transaction().execute(async (trx) => {
    await sql`insert into players (id, device_id, language, adult_confirmed_at, created_at)
      select i, 'harm-bench-' || i, 'pt-BR', ${big(month)}, ${big(month)} from (${series(from, to)}) s`.execute(trx)
    seedId ??= Number(
      (
        await trx
          .insertInto('fair_seeds')
          .values({
            player_id: firstId,
            server_seed: 'a'.repeat(64),
            server_seed_hash: 'b'.repeat(64),
            client_seed: 'bench',
            next_nonce: 0,
            created_at: now,
            revealed_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    )
    // k: the player's k-th deposit; paid k*10 minutes apart in the last hour (chasers), or every
    // other day (the rest).
    const deposits = sql`select p.i as player_id, d.i as k,
        case when p.i % 5 = 0 then ${big(now)} - (60 - d.i * 10) * ${big(MINUTE)}
          else ${big(now)} - (d.i + 1) * 2 * ${big(DAY)} end - ${shift(sql`p.i`)} as at
      from (${series(from, to)}) p cross join (${series(0, 5)}) d
      where d.i < case when p.i % 5 = 0 then 6 else 2 end`
    await sql`insert into deposit_orders (id, player_id, request_id, amount, txid, pay_code, status, accept_offer,
        created_at, expires_at, paid_at, paid_amount)
      select ${randomId}, player_id, ${randomId}, 2000, ${randomId}, 'bench', 'paid', 0,
        at - ${big(MINUTE)}, at + 30 * ${big(MINUTE)}, at, 2000
      from (${deposits}) d`.execute(trx)
    await sql`insert into game_rounds (id, player_id, session_id, request_id, game_id, game_version, bet, stops,
        free_spins, win, jackpot_win, jackpot_contribution, balance_before, balance_after, seed_id, server_seed_hash,
        client_seed, nonce, created_at)
      select ${randomId}, player_id, 'bench', ${randomId}, 'fruta-fina', 1, 500, '[]', '[]',
        case when r.i = 0 then 200 else 0 end, 0, 0, 0, 0, ${seedId}, ${'b'.repeat(64)}, 'bench', k * 3 + r.i,
        at - (r.i + 1) * ${big(MINUTE)}
      from (${deposits}) d cross join (${series(0, 2)}) r`.execute(trx)
    await sql`insert into game_sessions (id, player_id, game_id, launch_token_hash, launch_expires_at, opened_at,
        last_seen_at, created_at)
      select ${randomId}, i, 'fruta-fina', ${randomId}, ${big(now)}, ${big(now - 70 * MINUTE)} - ${shift(sql`i`)},
        ${big(now - MINUTE)} - ${shift(sql`i`)}, ${big(now - 70 * MINUTE)} - ${shift(sql`i`)}
      from (${series(from, to)}) s`.execute(trx)
  })
}

const seedStart = performance.now()
for (let from = firstId; from < firstId + PLAYERS; from += BATCH)
  await seedPlayers(from, Math.min(from + BATCH, firstId + PLAYERS) - 1)
if (engine === 'postgres')
  await sql`select setval(pg_get_serial_sequence('players', 'id'), ${firstId + PLAYERS})`.execute(db)
const seeded = (performance.now() - seedStart) / 1000

const loadBefore = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ')
// After a pause the watch's watermark is where it stopped: before the oldest record.
if (PAUSE_DAYS > 0)
  await db
    .insertInto('harm_worker')
    .values({ id: 1, watermark: now - (PAUSE_DAYS + 7) * DAY, lease_until: 0 })
    .onConflict((oc) => oc.column('id').doUpdateSet({ watermark: now - (PAUSE_DAYS + 7) * DAY, lease_until: 0 }))
    .execute()
// The run's own memory: sampled while it runs (the process's peak may be the seeding's).
global.gc?.()
const rssBefore = process.memoryUsage().rss
let rssPeak = rssBefore
const heapBefore = process.memoryUsage().heapUsed
let heapPeak = heapBefore
/** The kernel's split of the RSS (Linux): anonymous memory, and shared memory such as SQLite's WAL index. */
const rssParts = () => {
  const status = existsSync('/proc/self/status') ? readFileSync('/proc/self/status', 'utf8') : ''
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024
  return { anon: kb('RssAnon'), shmem: kb('RssShmem') }
}
const partsBefore = rssParts()
const partsPeak = { ...partsBefore }
const readPeaks = () => {
  const m = process.memoryUsage()
  rssPeak = Math.max(rssPeak, m.rss)
  heapPeak = Math.max(heapPeak, m.heapUsed)
  const parts = rssParts()
  partsPeak.anon = Math.max(partsPeak.anon, parts.anon)
  partsPeak.shmem = Math.max(partsPeak.shmem, parts.shmem)
}
const sampler = setInterval(readPeaks, 20)
const started = performance.now()
const run = await t.app.harm.runOnce(now + MINUTE)
const seconds = (performance.now() - started) / 1000
clearInterval(sampler)
// On SQLite a run's queries settle as microtasks, so the sampler may not get a turn until the
// end: the last reading counts too.
readPeaks()
const levels = await db
  .selectFrom('harm_scores')
  .select(['level', (eb) => eb.fn.countAll<number | string>().as('n')])
  .groupBy('level')
  .orderBy('level')
  .execute()
console.log(
  `harm watch on ${engine}: ${PLAYERS} players seeded in ${seeded.toFixed(1)} s (load average before the run ${loadBefore})`,
)
console.log(
  `one worker run recomputed ${run?.players} players in ${seconds.toFixed(1)} s: ${Math.round((run?.players ?? 0) / seconds)} players/s`,
)
console.log(`levels: ${levels.map((l) => `${l.level}: ${l.n}`).join(', ')}`)
console.log(
  `the run's RSS: ${Math.round(rssBefore / 2 ** 20)} MB before, peak ${Math.round(rssPeak / 2 ** 20)} MB (+${Math.round((rssPeak - rssBefore) / 2 ** 20)} MB), JavaScript heap in use at most +${Math.round((heapPeak - heapBefore) / 2 ** 20)} MB, anonymous memory at most +${Math.round((partsPeak.anon - partsBefore.anon) / 2 ** 20)} MB, shared memory +${Math.round((partsPeak.shmem - partsBefore.shmem) / 2 ** 20)} MB${PAUSE_DAYS > 0 ? `; the first run after a pause of ${PAUSE_DAYS} days (records spread over them)` : ''}`,
)
console.log(
  `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; V8 heap limit ${Math.round(getHeapStatistics().heap_size_limit / 2 ** 20)} MB; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
)
await t.close()
