// A server of a spec's own, beside the two the Playwright config starts (its own DATA_DIR and
// settings): spawned, polled until its /healthz answers, and stopped by waiting for its exit.
// A lane's specs run one after another and several reuse the same port offsets from its E2E_PORT
// (tests/e2e/lanes.ts), so a server must be gone before the next spec starts one: otherwise the new server cannot bind
// its port while the old one, still shutting down, answers the new spec's health check.
import { type ChildProcess, spawn } from 'node:child_process'

export { E2E_PORT } from './lanes.ts'

/** How long a server has to stop gracefully (SIGTERM: nothing in flight lost) before SIGKILL. */
const STOP_GRACE_MS = 15_000

export interface SpecServer {
  /** Stops the server and resolves once its process has exited (its ports are free again). */
  stop(): Promise<void>
}

export async function startSpecServer(options: {
  port: number
  /** The server's settings besides PORT and HOST (DATA_DIR, PUBLIC_URL, sandbox ports…). */
  env: Record<string, string>
  /** Keep the server's standard output out of the test log (its errors still show). */
  quiet?: boolean
  /** How long a fresh start may take (migrations, the sandboxes' certificates). */
  timeoutMs?: number
}): Promise<SpecServer> {
  const { port, env, quiet = false, timeoutMs = 60_000 } = options
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  })
  let exitCode: number | null | undefined
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code
      resolve()
    }),
  )
  const stop = async () => {
    if (exitCode !== undefined) return
    child.kill('SIGTERM')
    const hard = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
    await exited
    clearTimeout(hard)
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    // A server that died (its port taken, a bad setting) fails the spec at once, not at the timeout.
    if (exitCode !== undefined) throw new Error(`the spec's server on port ${port} exited with code ${exitCode}`)
    const status = (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status
    if (status === 200) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the spec's server on port ${port} did not answer /healthz within ${timeoutMs} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { stop }
}
