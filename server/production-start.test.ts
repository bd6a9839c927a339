// Start-up in production without the outside services it must reach: the real server process stops
// within seconds, naming SIGAP_URL and SMTP_URL, before it starts anything — where before it ran the
// sandbox register and mailbox beside itself and checked players against a stand-in register.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

interface Exit {
  code: number | null
  stderr: string
}

function startServer(env: Record<string, string>, timeoutMs = 20_000): Promise<Exit> {
  const { DATABASE_URL: _postgres, SIGAP_URL: _sigap, SMTP_URL: _smtp, SMTP_HOST: _host, ...inherited } = process.env
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SANDBOX_PIX_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk)
  })
  // A server still running after this long is taken as started (exit code null).
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr })
    })
  })
}

describe('start-up in production', () => {
  let scratch: string
  beforeEach(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-production-'))
  })
  afterEach(() => {
    rmSync(scratch, { recursive: true, force: true })
  })

  it('stops naming SIGAP_URL and SMTP_URL when they are unset', async () => {
    const exit = await startServer({ NODE_ENV: 'production', DATA_DIR: scratch })
    expect(exit.code).toBe(1)
    expect(exit.stderr).toContain('SIGAP_URL: is required when NODE_ENV=production')
    expect(exit.stderr).toContain('SMTP_URL: is required when NODE_ENV=production')
  }, 30_000)

  it('stops naming only SIGAP_URL when the mail server is given', async () => {
    const exit = await startServer({ NODE_ENV: 'production', DATA_DIR: scratch, SMTP_URL: 'smtp://127.0.0.1:1' })
    expect(exit.code).toBe(1)
    expect(exit.stderr).toContain('SIGAP_URL: is required when NODE_ENV=production')
    expect(exit.stderr).not.toContain('SMTP_URL')
  }, 30_000)
})
