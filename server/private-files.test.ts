// What the server and its backups leave on disk is readable by the server's account alone: the
// real server, started by a process whose umask lets others read (022), makes DATA_DIR 0700 and
// every file in it 0600 (the database and its -wal/-shm, the sandbox's certificates and keys),
// and closes a data folder an older version left open (0755 with 0644 files, VAPID keys among them); `npm run backup`
// writes 0600 files in a 0700 folder, on each engine.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '../tests/support/server.ts'
import { createTemporaryDatabase } from './db/temporary-database.ts'

const run = promisify(execFile)
const { DATABASE_URL: _postgres, ...sqliteEnv } = process.env

/** Node run under a umask that lets every local user read what it creates. */
const openUmask = (args: string[]) => ['-c', 'umask 022 && exec "$0" "$@"', process.execPath, ...args]

/** Every entry under `dir` (itself included) with its permission bits, as `path: 0700`. */
function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (at: string) => {
    const stat = lstatSync(at)
    out[path.relative(dir, at) || '.'] = `${stat.isDirectory() ? 'dir' : 'file'} ${(stat.mode & 0o777).toString(8)}`
    if (stat.isDirectory()) for (const name of readdirSync(at)) walk(path.join(at, name))
  }
  walk(dir)
  return out
}

function privateModes(dir: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(modes(dir)).map(([name, mode]) => [name, mode.startsWith('dir') ? 'dir 700' : 'file 600']),
  )
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  return typeof address === 'object' && address ? address.port : 0
}

describe('files the server keeps', { timeout: 90_000 }, () => {
  let scratch: string
  let child: ChildProcess | undefined
  beforeEach(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-private-'))
  })
  afterEach(async () => {
    child?.kill('SIGKILL')
    child = undefined
    rmSync(scratch, { recursive: true, force: true })
  })

  async function start(dataDir: string): Promise<number> {
    // TEST_SERVER_PORT: a port the caller keeps for it (else any free one).
    const port = Number(process.env.TEST_SERVER_PORT ?? 0) || (await freePort())
    child = spawn('/bin/sh', openUmask(['server/main.ts']), {
      env: {
        ...sqliteEnv,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SANDBOX_PIX_PORT: '0',
      },
      stdio: 'ignore',
    })
    for (let i = 0; i < 300; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
      if (ok) return port
      await sleep(100)
    }
    throw new Error('server did not start')
  }

  it('a new DATA_DIR is 0700 and every file the server writes in it 0600, under a umask of 022', async () => {
    const dataDir = path.join(scratch, 'data')
    const port = await start(dataDir)
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).ok).toBe(true)
    const seen = modes(dataDir)
    expect(Object.keys(seen)).toEqual(
      expect.arrayContaining([
        'jogo-limpo.sqlite',
        'jogo-limpo.sqlite-wal',
        'sandbox-pix',
        'sandbox-pix/ca.crt',
        'sandbox-pix/server.key',
      ]),
    )
    expect(seen).toEqual(privateModes(dataDir))
  })

  it('closes a DATA_DIR an older version left readable (0755 folder, 0644 files)', async () => {
    const dataDir = path.join(scratch, 'old')
    mkdirSync(path.join(dataDir, 'sandbox-pix'), { recursive: true, mode: 0o755 })
    chmodSync(dataDir, 0o755)
    writeFileSync(path.join(dataDir, 'jogo-limpo.sqlite'), '', { mode: 0o644 })
    writeFileSync(path.join(dataDir, 'vapid.json'), JSON.stringify({ publicKey: 'x', privateKey: 'y' }), {
      mode: 0o644,
    })
    writeFileSync(path.join(dataDir, 'jogo-limpo.sqlite.before-restore-1'), '', { mode: 0o644 })
    await start(dataDir)
    expect(modes(dataDir)).toEqual(privateModes(dataDir))
    expect(modes(dataDir)['vapid.json']).toBe('file 600')
  })

  it('refuses a shared (sticky) folder as DATA_DIR instead of closing it', async () => {
    const shared = path.join(scratch, 'shared')
    mkdirSync(shared)
    chmodSync(shared, 0o1777)
    const exit = await run('/bin/sh', openUmask(['server/main.ts']), {
      env: { ...sqliteEnv, DATA_DIR: shared, PORT: '0', LOG_LEVEL: 'silent', SANDBOX_PIX_PORT: '0' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    )
    expect(exit.code).toBe(1)
    expect(exit.stderr).toContain(`DATA_DIR: cannot use ${shared}: a shared folder (sticky bit)`)
    expect(lstatSync(shared).mode & 0o7777).toBe(0o1777)
  })

  it.each(engines)('npm run backup on %s writes a 0600 file in a 0700 folder', async (engine) => {
    const dataDir = path.join(scratch, 'data')
    const backups = path.join(scratch, 'backups')
    let env: Record<string, string> = { DATA_DIR: dataDir }
    let drop = async () => {}
    if (engine === 'postgres') {
      const database = await createTemporaryDatabase(process.env.TEST_DATABASE_URL as string, 'jl_private')
      env = { DATA_DIR: dataDir, DATABASE_URL: database.url }
      drop = database.drop
    } else {
      // A database to copy.
      const { openDatabase } = await import('./db/database.ts')
      await openDatabase({ dataDir }).close()
    }
    try {
      await run('/bin/sh', openUmask(['scripts/backup.ts', '--dir', backups]), { env: { ...sqliteEnv, ...env } })
      const seen = modes(backups)
      expect(Object.keys(seen)).toHaveLength(2)
      expect(seen).toEqual(privateModes(backups))
    } finally {
      await drop()
    }
  })
})
