// The real server as a child process for the chaos tests: a fresh database per run (SQLite
// directory or a temporary PostgreSQL database), start and wait until it answers.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase } from '../../server/db/database.ts'
import { createTemporaryDatabase } from '../../server/db/temporary-database.ts'

export const OPS_TOKEN = 'crash-ops-token-0123456789abcdef'
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
  const child = spawn(process.execPath, [...flags, 'server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      OPS_TOKEN,
      API_RATE_LIMIT_PER_MINUTE: '10000000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000000',
      // The sandbox API Pix server on an ephemeral port unless the test names one (never 8081 in
      // tests; several instances).
      SANDBOX_PIX_PORT: env.SANDBOX_PIX_PORT ?? '0',
    },
    stdio: 'ignore',
  })
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`)
      if (res.ok) return child
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  child.kill('SIGKILL')
  throw new Error('server did not start')
}
