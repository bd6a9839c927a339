// Spin benchmark: the real spin path over HTTP (server/main.ts as its own process: game-session
// token, session touch, seeds, jackpot share, wallet, round row, outbox) at 1/16/32/64 clients,
// next to a floor measured in the same run — a bare `node:http` server doing one durable
// transaction per request (SQLite: WAL, synchronous=FULL, BEGIN IMMEDIATE, one UPDATE + one
// INSERT; PostgreSQL: the same on a pool as large as the server's). Prints spins/s, p50, p99
// and the ratio to the floor, with the CPU milliseconds each answered request cost the server's
// process and PostgreSQL (read from /proc) and the kilobytes it made the database write (SQLite:
// the process's writes to storage; PostgreSQL: write-ahead log). PostgreSQL runs when
// TEST_DATABASE_URL is set.
//
//   npm run bench:spin                       # BENCH_SECONDS=5 per run by default
//   BENCH_CLIENTS=1,32 BENCH_ENGINES=postgres npm run bench:spin
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:spin
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { Agent, createServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import type { SqliteTime } from '../server/db/sqlite-dialect.ts'
import { createTemporaryDatabase } from '../server/db/temporary-database.ts'
import { OPS_TOKEN, startServer } from '../tests/chaos/server-process.ts'
import { newSpinPlayer, postJson, type SpinPlayer } from '../tests/chaos/spin-player.ts'

const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,16,32,64').split(',').map(Number)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const PORT = Number(process.env.BENCH_PORT ?? 9240)
/** The server's PostgreSQL pool (server/db/database.ts); the floor gets the same. */
const PG_POOL = 16
const FLOOR_ROWS = 1024

// --- the floor: a child process running only this ---------------------------------------------

/** The floor's time inside SQLite, as the server's `sqlite_seconds_total` counts it (it reads nothing). */
const floorSqliteSeconds: SqliteTime = { read: 0, write: 0, commit: 0 }

async function floorServer(engine: string, where: string, port: number) {
  let handle: (row: number) => Promise<void>
  if (engine === 'sqlite') {
    const db = new DatabaseSync(path.join(where, 'floor.sqlite'))
    db.exec('PRAGMA journal_mode = WAL')
    db.exec('PRAGMA synchronous = FULL')
    db.exec('create table accounts (id integer primary key, balance integer not null)')
    db.exec(
      'create table transfers (id integer primary key, account_id integer not null, amount integer not null, created_at integer not null)',
    )
    const fill = db.prepare('insert into accounts (id, balance) values (?, 0)')
    for (let i = 0; i < FLOOR_ROWS; i++) fill.run(i)
    const begin = db.prepare('begin immediate')
    const update = db.prepare('update accounts set balance = balance + 1 where id = ?')
    const insert = db.prepare('insert into transfers (account_id, amount, created_at) values (?, 1, ?)')
    const commit = db.prepare('commit')
    handle = async (row) => {
      const started = performance.now()
      begin.run()
      update.run(row)
      insert.run(row, Date.now())
      const committing = performance.now()
      commit.run()
      const done = performance.now()
      floorSqliteSeconds.write += (committing - started) / 1000
      floorSqliteSeconds.commit += (done - committing) / 1000
    }
  } else {
    const pool = new pg.Pool({ connectionString: where, max: PG_POOL })
    await pool.query('create table accounts (id int primary key, balance bigint not null)')
    await pool.query(
      'create table transfers (id bigserial primary key, account_id int not null, amount bigint not null, created_at bigint not null)',
    )
    await pool.query(`insert into accounts select g, 0 from generate_series(0, ${FLOOR_ROWS - 1}) g`)
    handle = async (row) => {
      const client = await pool.connect()
      try {
        await client.query('begin')
        await client.query('update accounts set balance = balance + 1 where id = $1', [row])
        await client.query('insert into transfers (account_id, amount, created_at) values ($1, 1, $2)', [
          row,
          Date.now(),
        ])
        await client.query('commit')
      } finally {
        client.release()
      }
    }
  }
  let next = 0
  createServer((req, res) => {
    if (req.url === '/sqlite-seconds') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(floorSqliteSeconds))
      return
    }
    req.resume()
    req.on('end', () => {
      handle(next++ % FLOOR_ROWS).then(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'),
        (error: Error) => res.writeHead(500).end(error.message),
      )
    })
  }).listen(port, '127.0.0.1')
}

// --- CPU by process (Linux /proc): where a spin's cost goes, next to the floor's ----------------

/** CPU ticks (user + system) used so far by each of these processes and each PostgreSQL backend. */
function cpuTicks(pids: number[]): { app: Map<string, number>; db: Map<string, number> } {
  const ticks = (pid: string) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return Number(fields[11]) + Number(fields[12])
    } catch {
      return 0
    }
  }
  const app = new Map(pids.map((pid) => [String(pid), ticks(String(pid))]))
  const db = new Map<string, number>()
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') db.set(pid, ticks(pid))
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc: figures print as 0
  }
  return { app, db }
}

/**
 * CPU seconds used between two readings, process by process: a process that exited meanwhile
 * (an autovacuum worker, a backend the pool closed) takes its ticks with it, so only processes
 * alive at the end count, from their first reading or from their start.
 */
function cpuSecondsBetween(before: ReturnType<typeof cpuTicks>, after: ReturnType<typeof cpuTicks>) {
  const spent = (b: Map<string, number>, a: Map<string, number>) => {
    let sum = 0
    for (const [pid, ticks] of a) sum += Math.max(0, ticks - (b.get(pid) ?? 0))
    // Linux reports CPU time in ticks of 1/100 s (USER_HZ).
    return sum / 100
  }
  return { app: spent(before.app, after.app), db: spent(before.db, after.db) }
}

// --- bytes written: how much a request makes the database write, next to the floor's ----------

/**
 * Bytes the database has written so far for this workload. PostgreSQL (a WAL reader given): the
 * write-ahead log's position, which every row and index entry a transaction writes moves.
 * SQLite: what the process sent to storage (`write_bytes` in /proc/<pid>/io, counted when a page
 * is dirtied: the WAL and the checkpoints).
 */
async function bytesWritten(pid: number, walReader: pg.Pool | null): Promise<number> {
  if (walReader) {
    const { rows } = await walReader.query<{ at: string }>(
      `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as at`,
    )
    return Number(rows[0]?.at ?? 0)
  }
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8')
    return Number(/^write_bytes: (\d+)$/m.exec(io)?.[1] ?? 0)
  } catch {
    return 0
  }
}

// --- time inside SQLite: the server's metrics, the floor's own count --------------------------

const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef'

const sqliteTotal = (x: SqliteTime) => x.read + x.write + x.commit

/** The server's `sqlite_seconds_total` by kind, from /metrics. */
async function serverSqliteSecondsFrom(base: string): Promise<SqliteTime> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text()
  const of = (kind: string) =>
    Number(new RegExp(`^sqlite_seconds_total\\{kind="${kind}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0)
  return { read: of('read'), write: of('write'), commit: of('commit') }
}

async function floorSqliteSecondsFrom(base: string): Promise<SqliteTime> {
  return (await (await fetch(`${base}/sqlite-seconds`)).json()) as SqliteTime
}

// --- the load --------------------------------------------------------------------------------

interface Figure {
  perSecond: number
  p50: number
  p99: number
  failed: number
  /** CPU milliseconds per answered request: the server's process, and PostgreSQL's. */
  appCpuMs: number
  dbCpuMs: number
  /** Kilobytes the database wrote per answered request (see bytesWritten). */
  writtenKb: number
  /** SQLite: milliseconds of the event loop inside SQLite per answered request, by kind. */
  sqliteMs: SqliteTime
}

/** What a run reads before and after itself, besides the clock. */
interface Probes {
  pids: number[]
  written?: () => Promise<number>
  sqliteSeconds?: () => Promise<SqliteTime>
}

async function load(
  clients: number,
  seconds: number,
  one: (client: number, n: number) => Promise<boolean>,
  probes: Probes = { pids: [] },
) {
  const { pids } = probes
  const written = probes.written ?? (async () => 0)
  const sqliteSeconds = probes.sqliteSeconds ?? (async () => ({ read: 0, write: 0, commit: 0 }))
  const cpuBefore = cpuTicks(pids)
  const writtenBefore = await written()
  const sqliteBefore = await sqliteSeconds()
  const latencies: number[] = []
  let failed = 0
  let n = 0
  const deadline = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const started = performance.now()
        const ok = await one(client, n++)
        if (ok) latencies.push(performance.now() - started)
        else failed++
      }
    }),
  )
  const cpu = cpuSecondsBetween(cpuBefore, cpuTicks(pids))
  const bytes = (await written()) - writtenBefore
  const sqliteAfter = await sqliteSeconds()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0
  const per = (s: number) => (1000 * s) / Math.max(1, latencies.length)
  return {
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    failed,
    appCpuMs: per(cpu.app),
    dbCpuMs: per(cpu.db),
    writtenKb: bytes / 1024 / Math.max(1, latencies.length),
    sqliteMs: {
      read: per(sqliteAfter.read - sqliteBefore.read),
      write: per(sqliteAfter.write - sqliteBefore.write),
      commit: per(sqliteAfter.commit - sqliteBefore.commit),
    },
  } satisfies Figure
}

async function startFloor(engine: string, where: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [import.meta.filename, '--floor', engine, where, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const agent = new Agent({ keepAlive: true })
  for (let i = 0; i < 100; i++) {
    try {
      await postJson(agent, `http://127.0.0.1:${port}`, '/', {})
      agent.destroy()
      return child
    } catch {
      await sleep(100)
    }
  }
  child.kill('SIGKILL')
  throw new Error('floor server did not start')
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })

/** The concurrency issue 20's goals are stated at, and the goals (ARCHITECTURE.md's server budgets). */
const GOAL_CLIENTS = 32
const GOALS = { sqliteRatio: 1.0, postgresRatio: 0.8, postgresPerSecond: 1000, p99Ms: 100 }

function verdict(engine: 'sqlite' | 'postgres', s: Figure, f: Figure): string {
  const ratio = s.perSecond / f.perSecond
  const checks =
    engine === 'sqlite'
      ? [[`ratio ${ratio.toFixed(2)} ≥ ${GOALS.sqliteRatio}`, ratio >= GOALS.sqliteRatio]]
      : [
          [`${s.perSecond.toFixed(0)} spins/s ≥ ${GOALS.postgresPerSecond}`, s.perSecond >= GOALS.postgresPerSecond],
          [`ratio ${ratio.toFixed(2)} ≥ ${GOALS.postgresRatio}`, ratio >= GOALS.postgresRatio],
        ]
  checks.push([`p99 ${s.p99.toFixed(0)} ms ≤ ${GOALS.p99Ms}`, s.p99 <= GOALS.p99Ms])
  const said = checks.map(([text, met]) => `${text} ${met ? 'met' : 'NOT met'}`).join('; ')
  return `  goals at ${GOAL_CLIENTS} clients: ${said}\n${bound(engine, s, f)}`
}

/**
 * The most spins a second the database's own share of a spin allows, as measured in this run:
 * what the rest (HTTP, the app's checks, the query builder, the bench's client) would have to
 * cost for the goals — nothing at all — to reach it. SQLite has one writer: a spin's writes and
 * its share of the group's commit run one after another whatever thread runs them. PostgreSQL:
 * its CPU per spin spread over every core.
 */
function bound(engine: 'sqlite' | 'postgres', s: Figure, f: Figure): string {
  const ratioAt = (perSecond: number) => (perSecond / f.perSecond).toFixed(2)
  if (engine === 'sqlite') {
    const held = s.sqliteMs.write + s.sqliteMs.commit
    const most = 1000 / Math.max(held, 1e-6)
    return (
      `  bound: a spin holds SQLite's one writer ${held.toFixed(2)} ms (writes ${s.sqliteMs.write.toFixed(2)} + commit ${s.sqliteMs.commit.toFixed(2)}; ` +
      `the floor's request ${(f.sqliteMs.write + f.sqliteMs.commit).toFixed(2)}) → at most ${most.toFixed(0)} spins/s, ratio ${ratioAt(most)}, were all else free`
    )
  }
  const cores = navigator.hardwareConcurrency
  const most = (cores * 1000) / Math.max(s.dbCpuMs, 1e-6)
  return (
    `  bound: PostgreSQL spends ${s.dbCpuMs.toFixed(2)} ms of CPU on a spin (the floor's request ${f.dbCpuMs.toFixed(2)}) on ${cores} cores → ` +
    `at most ${most.toFixed(0)} spins/s, ratio ${ratioAt(most)}, were the server and the client free`
  )
}

async function benchEngine(engine: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(path.join(tmpdir(), 'jl-bench-spin-'))
  const app =
    engine === 'sqlite' ? null : await createTemporaryDatabase(process.env.TEST_DATABASE_URL as string, 'jl_bench')
  const floorDb =
    engine === 'sqlite' ? null : await createTemporaryDatabase(process.env.TEST_DATABASE_URL as string, 'jl_floor')
  const server = await startServer({ ...(app ? { DATABASE_URL: app.url } : { DATA_DIR: dir }), METRICS_TOKEN }, PORT)
  const floor = await startFloor(engine, floorDb ? floorDb.url : dir, PORT + 1)
  // PostgreSQL's WAL position is the cluster's; any connection reads it.
  const walReader = app ? new pg.Pool({ connectionString: app.url, max: 1 }) : null
  const writtenBy = (pid: number) => () => bytesWritten(pid, walReader)
  const maxClients = Math.max(...CLIENTS)
  const agent = new Agent({ keepAlive: true, maxSockets: maxClients })
  const base = `http://127.0.0.1:${PORT}`
  const floorBase = `http://127.0.0.1:${PORT + 1}`
  try {
    const players: SpinPlayer[] = []
    for (let i = 0; i < maxClients; i++) players.push(await newSpinPlayer(agent, base, OPS_TOKEN, 100_000_000))
    const run = Math.random().toString(36).slice(2, 8)
    const spin = async (client: number, n: number) => {
      const reply = await (players[client] as SpinPlayer).spin(100, `${run}-${n}`)
      if (!reply.success) console.error(`  refused: ${reply.msgCode}`)
      return reply.success
    }
    const bare = async () => ((await postJson(agent, floorBase, '/', {})).body as { success: boolean }).success
    // Warm both up (JIT, caches, the SQLite page cache) before measuring.
    await load(Math.min(8, maxClients), 1, bare)
    await load(Math.min(8, maxClients), 1, spin)
    console.log(`\n${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: spins over HTTP vs the durable-write floor`)
    let atGoal: { s: Figure; f: Figure } | undefined
    const columns = `p50      p99  app cpu ${engine === 'postgres' ? ' db cpu' : ' sqlite'}    KB`
    console.log(`  clients   spins/s     ${columns} | floor/s     ${columns} | ratio`)
    for (const clients of CLIENTS) {
      const f = await load(clients, SECONDS, bare, {
        pids: [floor.pid as number],
        written: writtenBy(floor.pid as number),
        ...(engine === 'sqlite' ? { sqliteSeconds: () => floorSqliteSecondsFrom(floorBase) } : {}),
      })
      const s = await load(clients, SECONDS, spin, {
        pids: [server.pid as number],
        written: writtenBy(server.pid as number),
        ...(engine === 'sqlite' ? { sqliteSeconds: () => serverSqliteSecondsFrom(base) } : {}),
      })
      const db = (x: Figure) => (engine === 'postgres' ? x.dbCpuMs : sqliteTotal(x.sqliteMs))
      const cpu = (x: Figure) =>
        `${x.appCpuMs.toFixed(2).padStart(8)}${db(x).toFixed(2).padStart(7)}${x.writtenKb.toFixed(1).padStart(6)}`
      const cell = (x: Figure) =>
        `${x.perSecond.toFixed(0).padStart(7)} ${x.p50.toFixed(1).padStart(6)}ms ${x.p99.toFixed(1).padStart(6)}ms ${cpu(x)}`
      const failed = s.failed + f.failed > 0 ? `  (failed: spins ${s.failed}, floor ${f.failed})` : ''
      console.log(
        `  ${String(clients).padStart(7)}  ${cell(s)}  | ${cell(f)}  | ${(s.perSecond / f.perSecond).toFixed(2)}×${failed}`,
      )
      if (clients === GOAL_CLIENTS) atGoal = { s, f }
    }
    if (atGoal) console.log(verdict(engine, atGoal.s, atGoal.f))
  } finally {
    agent.destroy()
    await walReader?.end()
    await Promise.all([stop(server), stop(floor)])
    await app?.drop()
    await floorDb?.drop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  console.log(
    `Spin benchmark: ${SECONDS} s per run, Node ${process.versions.node}, ${navigator.hardwareConcurrency} cores (shared: compare the ratio)`,
  )
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',')
  if (engines.includes('sqlite')) await benchEngine('sqlite')
  if (!engines.includes('postgres')) return
  if (process.env.TEST_DATABASE_URL) await benchEngine('postgres')
  else console.log('\nPostgreSQL skipped: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).')
}

if (process.argv[2] === '--floor') {
  await floorServer(process.argv[3] as string, process.argv[4] as string, Number(process.argv[5]))
} else {
  await main()
}
