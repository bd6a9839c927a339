// Password hashes: made at OWASP's scrypt cost, each recording its cost and checked at it (so a
// hash made at another cost — the test suites' — still checks exactly).
import { afterEach, expect, it } from 'vitest'
import { hashPassword, setHashCostForTests, verifyPassword } from './passwords.ts'

afterEach(() => setHashCostForTests(2 ** 10))

it("hashes at OWASP's cost (N=2^17, r=8, p=1) unless a test lowers it, and checks each hash at its own cost", async () => {
  setHashCostForTests(null)
  const real = await hashPassword('Caju-Piano-Lua7')
  expect(real).toMatch(/^scrypt\$131072\$8\$1\$/)
  setHashCostForTests(2 ** 10)
  const cheap = await hashPassword('Caju-Piano-Lua7')
  expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/)
  for (const stored of [real, cheap]) {
    expect(await verifyPassword('Caju-Piano-Lua7', stored)).toBe(true)
    expect(await verifyPassword('caju-piano-lua7', stored)).toBe(false)
  }
})
