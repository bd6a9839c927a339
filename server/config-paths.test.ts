// Start-up with an unusable directory: the real server process stops within seconds with a
// message naming the variable, instead of hanging (DATA_DIR under /proc) or failing later.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError } from './config.ts'
import { ensureReadableDirectory, ensureWritableDirectory } from './config-paths.ts'

interface Exit {
  code: number | null
  stderr: string
  ms: number
}

// The watchdog: a server still running after this long is taken as hung and killed (exit code null).
// Generous, as a loaded CI machine starts Node slowly; an exit code of 1 means it stopped itself.
function startServer(env: Record<string, string>, timeoutMs = 20_000): Promise<Exit> {
  const started = Date.now()
  // SQLite: DATA_DIR is only used without DATABASE_URL.
  const { DATABASE_URL: _postgres, ...inherited } = process.env
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

describe('start-up with an unusable directory', () => {
  let scratch: string
  beforeEach(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-paths-'))
  })
  afterEach(() => {
    rmSync(scratch, { recursive: true, force: true })
  })

  it.each([
    ['a path under /proc that cannot be created', '/proc/jogo-limpo-data'],
    ['an existing directory that cannot be written', '/proc/self'],
    ['a regular file', () => path.join(scratch, 'file')],
    ['a path below a regular file', () => path.join(scratch, 'file', 'data')],
  ])(
    'DATA_DIR as %s stops start-up with a message naming it',
    async (_case, dir) => {
      writeFileSync(path.join(scratch, 'file'), '')
      const dataDir = typeof dir === 'function' ? dir() : dir
      const exit = await startServer({ DATA_DIR: dataDir })
      expect(exit.code, `exited after ${exit.ms} ms`).toBe(1)
      expect(exit.stderr).toContain(`DATA_DIR: cannot use ${dataDir}`)
    },
    30_000,
  )

  it('a missing LOCALES_DIR stops start-up with a message naming it', async () => {
    const exit = await startServer({ DATA_DIR: scratch, LOCALES_DIR: path.join(scratch, 'no-locales') })
    expect(exit.code).toBe(1)
    expect(exit.stderr).toContain('LOCALES_DIR: cannot use')
  })

  it('creates a missing DATA_DIR with its parents, and leaves nothing behind in it', () => {
    const nested = path.join(scratch, 'a', 'b', 'c')
    ensureWritableDirectory('DATA_DIR', nested)
    expect(existsSync(nested)).toBe(true)
    expect(readdirSync(nested)).toEqual([])
    expect(() => ensureReadableDirectory('LOCALES_DIR', nested)).not.toThrow()
    expect(() => ensureReadableDirectory('LOCALES_DIR', path.join(scratch, 'nope'))).toThrow(ConfigError)
  })
})
