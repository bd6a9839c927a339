// The real server as a child process for the chaos tests: a fresh database per run (SQLite
// directory or a temporary PostgreSQL database), start and wait until it answers.
import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase } from '../../server/db/database.ts'
import { createTemporaryDatabase } from '../../server/db/temporary-database.ts'

export const OPS_TOKEN = 'crash-ops-token-0123456789abcdef'

const handedOut = new Set<number>()

/**
 * A port for a test server that no one holds now: below the kernel's ephemeral range (32768 up),
 * so no outgoing connection of this machine takes it between two starts of a killed server.
 */
export async function freeTestPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000)
    // Never the same port twice in one run (a cluster asks for several before starting any).
    if (handedOut.has(port)) continue
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) {
      handedOut.add(port)
      return port
    }
  }
  throw new Error('no free port between 20000 and 32000')
}
export interface Env {
  env: Record<string, string>
  open(): ReturnType<typeof openDatabase>
  cleanup(): Promise<void>
}

export async function prepare(engine: 'sqlite' | 'postgres'): Promise<Env> {
  if (engine === 'sqlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-crash-'))
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const database = await createTemporaryDatabase(process.env.TEST_DATABASE_URL as string, 'jl_crash')
  return {
    env: { DATABASE_URL: database.url },
    open: () => openDatabase({ url: database.url }),
    cleanup: database.drop,
  }
}

export async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  // SERVER_NODE_FLAGS: extra Node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=…` to profile it under a bench.
  const flags = (process.env.SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean)
  // CHAOS_SERVER_LOG: a file each server started here appends its log to, at warn level (to see
  // what a server did in a run that failed); silent otherwise.
  const logFile = process.env.CHAOS_SERVER_LOG
  const logFd = logFile ? openSync(logFile, 'a') : undefined
  const child = spawn(process.execPath, [...flags, 'server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: logFd !== undefined ? 'warn' : 'silent',
      OPS_TOKEN,
      API_RATE_LIMIT_PER_MINUTE: '10000000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000000',
      // The sandbox API Pix server on an ephemeral port unless the test names one (never 8081 in
      // tests; several instances).
      SANDBOX_PIX_PORT: env.SANDBOX_PIX_PORT ?? '0',
      // The same for the sandbox mailbox (SMTP and its page), which would otherwise take 2525 and
      // 8082: a second instance, or a test beside `npm start`, could not start.
      SANDBOX_SMTP_PORT: env.SANDBOX_SMTP_PORT ?? '0',
      SANDBOX_MAILBOX_PORT: env.SANDBOX_MAILBOX_PORT ?? '0',
      // Players verify by the bureau alone, as in the test harness; the face step has tests of its own.
      FACE_CHECK: env.FACE_CHECK ?? 'off',
    },
    stdio: ['ignore', logFd ?? 'ignore', 'pipe'],
  })
  // The child holds its own copy of the descriptor; this process's is not needed past the spawn.
  if (logFd !== undefined) closeSync(logFd)
  // A test that times out skips its own `finally`, and its server would outlive it, loading the
  // machine for every later test: under vitest, a server started inside a test is killed when the
  // test ends, however it ends (one started in a beforeAll is its file's to stop).
  if (process.env.VITEST) {
    const { onTestFinished } = await import('vitest')
    try {
      onTestFinished(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      })
    } catch {
      // started outside a test
    }
  }
  // What the server printed before dying is the reason it did not start: kept (bounded) to say so.
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000)
  })
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it answered: ${stderr}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`)
      if (res.ok) return child
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  child.kill('SIGKILL')
  throw new Error(`server did not answer within 60 s: ${stderr}`)
}

/** SIGKILLs the server and waits until it has exited, so its port and its database are free. */
export async function killServer(server: ChildProcess): Promise<void> {
  server.kill('SIGKILL')
  await new Promise((resolve) => server.once('exit', resolve))
}

/** Polls `ready` every 2 ms until it answers true or `withinMs` has passed: the moment to kill at. */
export async function waitUntil(ready: () => Promise<boolean>, withinMs = 30_000): Promise<void> {
  const by = Date.now() + withinMs
  while (Date.now() < by && !(await ready())) await sleep(2)
}
