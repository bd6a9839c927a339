// Start-up in production without the outside services it must reach: the real server process stops
// within seconds, naming SIGAP_URL and SMTP_URL, before it starts anything — where before it ran the
// sandbox register and mailbox beside itself and checked players against a stand-in register.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { serverExit } from '../tests/support/server-exit.ts'

// Without this process's own database or outside services.
const productionStart = (env: Record<string, string>) =>
  serverExit(env, { unset: ['DATABASE_URL', 'SIGAP_URL', 'SMTP_URL', 'SMTP_HOST'] })

describe('start-up in production', () => {
  let scratch: string
  beforeEach(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-production-'))
  })
  afterEach(() => {
    rmSync(scratch, { recursive: true, force: true })
  })

  it('stops naming SIGAP_URL and SMTP_URL when they are unset', async () => {
    const exit = await productionStart({ NODE_ENV: 'production', DATA_DIR: scratch })
    expect(exit.code).toBe(1)
    expect(exit.stderr).toContain('SIGAP_URL: is required when NODE_ENV=production')
    expect(exit.stderr).toContain('SMTP_URL: is required when NODE_ENV=production')
  }, 30_000)

  it('stops naming only SIGAP_URL when the mail server is given', async () => {
    const exit = await productionStart({ NODE_ENV: 'production', DATA_DIR: scratch, SMTP_URL: 'smtp://127.0.0.1:1' })
    expect(exit.code).toBe(1)
    expect(exit.stderr).toContain('SIGAP_URL: is required when NODE_ENV=production')
    expect(exit.stderr).not.toContain('SMTP_URL')
  }, 30_000)
})
