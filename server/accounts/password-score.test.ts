// The password score runs in a worker thread: same scores as zxcvbn on the main thread, the
// event loop free while it runs, and a bounded queue.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { Refusal } from '../refusal.ts'
import { passwordScore } from './password-policy.ts'
import { isGuessablePassword, scorePassword } from './password-score.ts'

describe('password score off the event loop', () => {
  it('scores as zxcvbn does, with the player’s own words as guesses', async () => {
    for (const [password, inputs] of [
      ['flamengo123', []],
      ['jogador999!', ['jogador999']],
      ['Caju-Piano-Lua7', ['jogador999']],
      ['Xk9#mQ2$vL7!pR4@wN8&zT5^', []],
    ] as [string, string[]][]) {
      expect(await scorePassword(password, inputs), password).toBe(passwordScore(password, inputs))
    }
    expect(await isGuessablePassword('corinthians', [])).toBe(true)
    expect(await isGuessablePassword('Caju-Piano-Lua7', [])).toBe(false)
  })

  it('leaves the event loop running while it scores', async () => {
    // A password whose matching is slow: on the main thread it would finish before anything else ran.
    const order: string[] = []
    const scored = scorePassword('1qaz2wsx3edc4rfv5tgb6yhn', []).then(() => order.push('scored'))
    await new Promise((resolve) => setImmediate(resolve))
    order.push('event loop turned')
    await scored
    expect(order).toEqual(['event loop turned', 'scored'])
  })

  it('refuses a flood beyond its queue with busy, and scores the rest', async () => {
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => scorePassword(`a${i}`, [])))
    const refused = results.filter((r) => r.status === 'rejected')
    expect(refused).toHaveLength(8)
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ msgCode: 'busy' })
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof Refusal)).toBe(true)
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(32)
  })

  it('holds the process open while it scores, and never once idle', () => {
    const module = fileURLToPath(new URL('./password-score.ts', import.meta.url))
    const script = path.join(mkdtempSync(path.join(tmpdir(), 'score-')), 'score.mjs')
    writeFileSync(
      script,
      `const { scorePassword } = await import(${JSON.stringify(module)}); console.log(await scorePassword('flamengo123', []))`,
    )
    // Exits by itself (no timer or server here): an idle worker would otherwise keep it running.
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 60_000 })
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe('1')
    expect(run.status).toBe(0)
  })
})
