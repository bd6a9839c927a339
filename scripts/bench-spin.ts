// Spin benchmark: the real spin path over HTTP (server/main.ts as its own process: game-session
// token, session touch, seeds, jackpot share, wallet, round row, outbox) at 1/16/32/64 clients,
// next to a floor measured in the same run — a bare `node:http` server doing one durable
// transaction per request (SQLite: WAL, synchronous=FULL, BEGIN IMMEDIATE, one UPDATE + one
// INSERT; PostgreSQL: the same on a pool as large as the server's). Prints spins/s, p50, p99
// and the ratio to the floor, with the CPU milliseconds each answered request cost the server's
// process and PostgreSQL (read from /proc). PostgreSQL runs when TEST_DATABASE_URL is set.
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
      begin.run()
      update.run(row)
      insert.run(row, Date.now())
      commit.run()
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

// --- the load --------------------------------------------------------------------------------

interface Figure {
  perSecond: number
  p50: number
  p99: number
  failed: number
  /** CPU milliseconds per answered request: the server's process, and PostgreSQL's. */
  appCpuMs: number
  dbCpuMs: number
}

async function load(
  clients: number,
  seconds: number,
  one: (client: number, n: number) => Promise<boolean>,
  pids: number[] = [],
) {
  const cpuBefore = cpuTicks(pids)
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
  return `  goals at ${GOAL_CLIENTS} clients: ${said}`
}

async function benchEngine(engine: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(path.join(tmpdir(), 'jl-bench-spin-'))
  const app =
    engine === 'sqlite' ? null : await createTemporaryDatabase(process.env.TEST_DATABASE_URL as string, 'jl_bench')
  const floorDb =
    engine === 'sqlite' ? null : await createTemporaryDatabase(process.env.TEST_DATABASE_URL as string, 'jl_floor')
  const server = await startServer(app ? { DATABASE_URL: app.url } : { DATA_DIR: dir }, PORT)
  const floor = await startFloor(engine, floorDb ? floorDb.url : dir, PORT + 1)
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
    const dbColumn = engine === 'postgres' ? '   db' : ''
    console.log(
      `  clients   spins/s     p50      p99   cpu ms: app${dbColumn} | floor/s     p50      p99   cpu ms: app${dbColumn} | ratio`,
    )
    for (const clients of CLIENTS) {
      const f = await load(clients, SECONDS, bare, [floor.pid as number])
      const s = await load(clients, SECONDS, spin, [server.pid as number])
      const cpu = (x: Figure) =>
        `${x.appCpuMs.toFixed(2).padStart(12)}${engine === 'postgres' ? x.dbCpuMs.toFixed(2).padStart(5) : ''}`
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
