// Start-up with an unusable directory: the real server process stops within seconds with a
// message naming the variable, instead of hanging (DATA_DIR under /proc) or failing later.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { serverExit } from '../tests/support/server-exit.ts'
import { ConfigError } from './config.ts'
import { ensureReadableDirectory, ensureWritableDirectory } from './config-paths.ts'

// SQLite: DATA_DIR is only used without DATABASE_URL. The watchdog is generous, as a loaded CI
// machine starts Node slowly; an exit code of 1 means the server stopped itself.
const startServer = (env: Record<string, string>) => serverExit(env, { unset: ['DATABASE_URL'] })

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
