// An integrator's view of the OpenAPI document, with tools nobody here wrote: openapi-typescript
// generates the types, tsc compiles a small client typed only by them (tests/openapi-client), and
// the client plays a real spin against this server over HTTP; Redocly's recommended rules lint
// the document with no error.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildTestApp,
  createTestDb,
  fundPlayer,
  REGISTRATION_LIMITS_FOR_TESTS,
  type TestApp,
} from '../../tests/support/server.ts'

const run = promisify(execFile)

type PlayOneSpin = (
  baseUrl: string,
  deviceId: string,
  fund: (userId: number, token: string) => Promise<void>,
) => Promise<{ userId: number; balanceBefore: number; bet: number; win: number; balanceAfter: number }>
const bin = (name: string) => path.resolve('node_modules/.bin', name)

describe('the OpenAPI document for an integrator', () => {
  let t: TestApp
  let dir: string
  let documentFile: string
  beforeAll(async () => {
    const db = await createTestDb('sqlite')
    const app = await buildTestApp(db.db)
    t = {
      app,
      db: db.db,
      close: async () => {
        await app.close()
        await db.drop()
      },
    }
    dir = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-openapi-client-'))
    documentFile = path.join(dir, 'openapi.json')
    writeFileSync(documentFile, (await app.inject({ method: 'GET', url: '/api/openapi.json' })).body)
  })
  afterAll(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('generates types that compile a five-call client, which plays a real spin over HTTP', async () => {
    const document = JSON.parse(readFileSync(documentFile, 'utf8'))
    // The generator docs/api.md recommends, as an integrator runs it: the pinned openapi-typescript
    // 6.7.6 CLI, whose output the pinned TypeScript (7, which has no compiler API for 7.x to drive) compiles.
    await run(bin('openapi-typescript'), [documentFile, '--output', path.join(dir, 'api.ts')])
    expect(readFileSync(path.join(dir, 'api.ts'), 'utf8')).toContain('"/api/game/spin"')
    expect(Object.keys(document.paths)).toContain('/api/game/spin')
    copyFileSync(path.resolve('tests/openapi-client/client.ts'), path.join(dir, 'client.ts'))
    copyFileSync(path.resolve('tests/openapi-client/refusals.ts'), path.join(dir, 'refusals.ts'))
    const tsconfig = {
      compilerOptions: {
        target: 'ES2024',
        lib: ['ES2024', 'DOM'],
        module: 'preserve',
        moduleResolution: 'bundler',
        allowImportingTsExtensions: true,
        noEmit: true,
        strict: true,
        noUncheckedIndexedAccess: true,
        types: [],
      },
      files: ['client.ts', 'refusals.ts'],
    }
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig))
    // The compile is the test of the types: every reply's data is typed, not `never`, and every
    // 200 is the success or a typed refusal (refusals.ts).
    const compiled = await run(bin('tsc'), ['-p', path.join(dir, 'tsconfig.json')]).catch(
      (error: { stdout: string }) => error,
    )
    expect(compiled.stdout).toBe('')

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    // The client's module is typed by the generated file only (outside this project's tsconfig).
    const { playOneSpin } = (await import(path.join(dir, 'client.ts'))) as { playOneSpin: PlayOneSpin }
    const outcome = await playOneSpin(address, randomUUID(), async (userId, token) => {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/bus/setRegistrationLimits',
        headers: { 'access-token': token },
        payload: REGISTRATION_LIMITS_FOR_TESTS,
      })
      await fundPlayer(t.app, userId, { cash: 10_000 })
    })
    expect(outcome.balanceBefore).toBe(10_000)
    expect(outcome.bet).toBe(100)
    expect(outcome.balanceAfter).toBe(10_000 - 100 + outcome.win)
  })

  it("passes Redocly's recommended rules with no error", async () => {
    const { stdout, stderr } = await run(
      bin('redocly'),
      ['lint', '--extends=recommended', '--format=json', documentFile],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout: string; stderr: string }) => error)
    const report = JSON.parse(stdout) as { totals: { errors: number }; problems: { ruleId: string; message: string }[] }
    expect(
      report.problems.filter((p) => (p as { severity?: string }).severity === 'error'),
      stderr,
    ).toEqual([])
    expect(report.totals.errors).toBe(0)
  })
})
