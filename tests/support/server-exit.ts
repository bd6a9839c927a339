// The real server process started with some settings and watched until it exits: for the tests of
// start-up refusals (an unusable directory, production without its outside services). A server
// still running after `timeoutMs` is taken as started, or hung, and killed (exit code null).
import { spawn } from 'node:child_process'

export interface ServerExit {
  code: number | null
  stderr: string
  ms: number
}

/**
 * Starts `server/main.ts` on a free port with `env` over this process's environment, less the
 * variables named in `unset` (a test's own database or outside services, say).
 */
export function serverExit(
  env: Record<string, string>,
  { unset = [], timeoutMs = 20_000 }: { unset?: string[]; timeoutMs?: number } = {},
): Promise<ServerExit> {
  const started = Date.now()
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.includes(name)))
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SANDBOX_PIX_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk)
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr, ms: Date.now() - started })
    })
  })
}
