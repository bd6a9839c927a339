// `npm run sandbox:dict` as a real process against a running sandbox bank (HTTPS, its own CA):
// `add <11 digits> <cpf>` with digits that form a valid CPF is that CPF's key, as meant, and
// registers no phone key; `--type phone` registers the same digits as a phone; an unknown type is
// refused before anything is sent.
import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomCpf } from '../contract/cpf.ts'
import { createTestApp, sandboxServerOf, type TestApp } from '../tests/support/server.ts'

const run = promisify(execFile)
const script = path.join(import.meta.dirname, 'sandbox-dict.ts')
// The digits of a mobile number in São Paulo whose check digits also hold as a CPF.
const DIGITS = '11912345684'

describe('npm run sandbox:dict', () => {
  let t: TestApp
  let dataDir: string
  let env: NodeJS.ProcessEnv

  beforeAll(async () => {
    t = await createTestApp('sqlite')
    dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-dict-cli-'))
    mkdirSync(path.join(dataDir, 'sandbox-pix'))
    copyFileSync(t.app.config.payments.pixApi?.caFile as string, path.join(dataDir, 'sandbox-pix', 'ca.crt'))
    env = { ...process.env, DATA_DIR: dataDir, SANDBOX_BANK_URL: `${sandboxServerOf(t.app).url}/sandbox/bank` }
  })
  afterAll(async () => {
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const dict = async (...args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, [script, ...args], { env })
      return { code: 0, out: stdout }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, out: failed.stdout + failed.stderr }
    }
  }

  it('infers a CPF key from 11 digits that form a valid CPF, and registers a phone only when told', async () => {
    const own = await dict('add', DIGITS, DIGITS)
    expect(own.code).toBe(0)
    expect(JSON.parse(own.out)).toMatchObject({ success: true, data: { key: DIGITS, keyType: 'cpf' } })
    expect(await t.app.payments.provider.lookupKey('+5511912345684')).toEqual({ found: false })

    const holder = randomCpf()
    const foreign = await dict('add', DIGITS, holder)
    expect(foreign.code).toBe(1)
    expect(JSON.parse(foreign.out)).toMatchObject({ success: false, msgCode: 'invalid_request' })

    const phone = await dict('add', DIGITS, holder, '--type', 'phone')
    expect(phone.code).toBe(0)
    expect(JSON.parse(phone.out)).toMatchObject({ success: true, data: { key: '+5511912345684', keyType: 'phone' } })
    const listed = await dict('list', holder)
    expect(JSON.parse(listed.out).data.keys).toEqual([
      expect.objectContaining({ key: '+5511912345684', keyType: 'phone' }),
    ])

    const unknown = await dict('add', DIGITS, holder, '--type', 'cnpj')
    expect(unknown.code).toBe(2)
    expect(unknown.out).toMatch(/--type cpf\|phone\|email\|random/)
  })
})
