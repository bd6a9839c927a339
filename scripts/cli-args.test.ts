// Every script refuses what it does not know: an unknown option (`npm run backup -- --evry 60`)
// stops it with exit code 2 and a message naming the option, before it touches anything; and no
// script reads process.argv by hand.
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { cliArgs } from './cli-args.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
// Modules the scripts import, not commands.
const notCommands = new Set([
  'cli-args.ts',
  'sandbox-bank-call.ts',
  'precompress.ts',
  'first-route.ts',
  'split-catalog.ts',
  'quantile.ts',
  'server-metrics.ts',
])
const scripts = readdirSync(path.join(root, 'scripts')).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !notCommands.has(file),
)

async function exitOf(script: string, args: string[]) {
  try {
    await run(process.execPath, [path.join('scripts', script), ...args], {
      cwd: root,
      // Nothing is to run: a script that took the option would try these and fail otherwise.
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: '/nonexistent',
        OPS_TOKEN: 'x',
        APP_URL: 'http://127.0.0.1:9',
      },
    })
    return { code: 0, stderr: '' }
  } catch (error) {
    const failed = error as { code: number; stderr: string }
    return { code: failed.code, stderr: failed.stderr }
  }
}

describe('script arguments', () => {
  it('stops `backup -- --evry 60` with exit code 2, naming the unknown option', async () => {
    const { code, stderr } = await exitOf('backup.ts', ['--evry', '60'])
    expect(code).toBe(2)
    expect(stderr).toContain("Unknown option '--evry'")
    expect(stderr).toContain('usage: npm run backup')
  })

  it('stops every script on an unknown option', { timeout: 120_000 }, async () => {
    expect(scripts.length).toBeGreaterThan(20)
    const results: { script: string; code: number; named: boolean }[] = []
    // Two at a time: each is a Node process loading its imports.
    for (let i = 0; i < scripts.length; i += 2) {
      const batch = scripts.slice(i, i + 2)
      for (const [j, result] of (await Promise.all(batch.map((s) => exitOf(s, ['--no-such-option'])))).entries()) {
        results.push({
          script: batch[j] as string,
          code: result.code,
          named: result.stderr.includes('--no-such-option'),
        })
      }
    }
    expect(results.filter(({ code, named }) => code !== 2 || !named)).toEqual([])
  })

  it('reads no script arguments outside node:util parseArgs', () => {
    const byHand = scripts.filter((file) => {
      const source = readFileSync(path.join(root, 'scripts', file), 'utf8')
      return /process\.argv\.(slice|includes|indexOf|find)|process\.argv\[[2-9]\]/.test(source)
    })
    expect(byHand).toEqual([])
  })

  it('takes a negative number as an argument, not as options', () => {
    const parsed = cliArgs({ allowPositionals: true }, 'usage', ['12', '-500', 'a reason'])
    expect(parsed.positionals).toEqual(['12', '-500', 'a reason'])
  })
})
