// The console's login under guessing, on each engine: whoever knows an operator's e-mail can slow
// guesses down but never keep the owner out — the right password with a valid TOTP code gets in
// after 5, 14 (a slow stream over 5 minutes) or 20+ failures, from another address or from the
// guesser's own; a throttled address answers 429 with retry-after; a guesser elsewhere waits the
// account's growing delay; wrong passwords read the same for a known and an unknown e-mail, and a
// right password without its code reads like a wrong one while throttled; TOTP guesses have their
// own limit; every throttle that starts is audited, never a password.
import { randomUUID } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { engines } from '../../tests/support/server.ts'
import { confirmTotpEnrolment, createOperator, findOperator, startTotpEnrolment } from './operators.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const PASSWORD = 'Verde-Amarelo-2026!'
const OWNER_ADDRESS = '192.0.2.10'
const GUESSER_ADDRESS = '203.0.113.66'

interface Answer {
  status: number
  retryAfter: string | undefined
  body: { success: boolean; msgCode: string; msg: string; data: unknown }
}

// Each login costs a scrypt run (128 MiB, ~0.5 s of a core): tests with dozens need time.
describe.each(engines)('operator login under guessing on %s', { timeout: 300_000 }, (engine) => {
  const clock = manualClock(START)
  const t = appPerTest(engine, { clock, start: START })

  /** An admin with a password and an enrolled authenticator; `code()` is its code at the clock's time. */
  async function owner() {
    const email = `${randomUUID().slice(0, 8)}@jogolimpo.example`
    const db = t.db.kysely
    const { id } = await createOperator(
      db,
      { email, role: 'admin', name: 'Ana Admin', password: PASSWORD },
      clock.now(),
    )
    const { secret } = await startTotpEnrolment(db, (await findOperator(db, id))!, clock.now(), t.app.secretKeys)
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 })
    const codeAt = (timestamp: number) => totp.generate({ timestamp })
    const code = () => codeAt(clock.now())
    await confirmTotpEnrolment(db, (await findOperator(db, id))!, code(), clock.now(), t.app.secretKeys)
    // A code is used once: the first login needs the next one.
    clock.time += 30_000
    return { email, code, codeAt }
  }

  async function login(payload: { email: string; password: string; totp?: string }, address: string): Promise<Answer> {
    const reply = await t.app.inject({ method: 'POST', url: '/api/ops/session/login', payload, remoteAddress: address })
    const retryAfter = reply.headers['retry-after']
    return {
      status: reply.statusCode,
      retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
      body: reply.json(),
    }
  }

  /** The owner signs in with the password and a fresh code (each a new 30-second step). */
  async function ownerSignsIn(op: { email: string; code: () => string }, address = OWNER_ADDRESS) {
    const answer = await login({ email: op.email, password: PASSWORD, totp: op.code() }, address)
    expect(answer.body).toMatchObject({ success: true, data: { name: 'Ana Admin' } })
    expect(answer.status).toBe(200)
  }

  const wrong = (email: string, address: string, n = 0) => login({ email, password: `wrong-guess-${n}` }, address)

  async function auditRows() {
    return t.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute()
  }

  it('lets the owner in with password and code after 5 wrong passwords', async () => {
    const op = await owner()
    for (let i = 0; i < 5; i++)
      expect((await wrong(op.email, GUESSER_ADDRESS, i)).body.msgCode).toBe('ops_login_failed')
    await ownerSignsIn(op)
  })

  it('lets the owner in every time during a slow stream of 14 guesses over 5 minutes', async () => {
    const op = await owner()
    const gap = Math.floor((5 * 60_000) / 14)
    for (let i = 1; i <= 14; i++) {
      clock.time += gap
      const answer = await wrong(op.email, GUESSER_ADDRESS, i)
      expect(['ops_login_failed', 'ops_login_throttled']).toContain(answer.body.msgCode)
      // At once after the guess, while its delay runs, and again after 5, 9, 12 and 14 guesses.
      if ([5, 9, 12, 14].includes(i)) await ownerSignsIn(op)
    }
  })

  it('lets the owner in after 20 and more failures, while the guesser waits ever longer', async () => {
    const op = await owner()
    let failures = 0
    let attempt = 0
    const waits: number[] = []
    while (failures < 22) {
      // A guesser spread over many addresses: only the account's delay holds it back.
      const answer = await wrong(op.email, `198.51.100.${++attempt}`, attempt)
      if (answer.body.msgCode === 'ops_login_failed') failures++
      else {
        expect(answer).toMatchObject({ status: 429, body: { msgCode: 'ops_login_throttled' } })
        waits.push(Number(answer.retryAfter))
        clock.time += Number(answer.retryAfter) * 1000
      }
    }
    // 1 s doubling, up to a minute.
    expect(waits.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 32, 60])
    expect(Math.max(...waits)).toBe(60)
    await ownerSignsIn(op)
  })

  it('answers a throttled address 429 with retry-after, yet lets the owner in from it', async () => {
    const op = await owner()
    // Ten wrong logins from one address, each on another e-mail (no account delay involved).
    for (let i = 0; i < 10; i++)
      expect((await wrong(`nobody-${i}@jogolimpo.example`, GUESSER_ADDRESS, i)).body.msgCode).toBe('ops_login_failed')
    const throttled = await login({ email: op.email, password: PASSWORD }, GUESSER_ADDRESS)
    expect(throttled).toMatchObject({ status: 429, body: { success: false, msgCode: 'ops_login_throttled' } })
    expect(Number(throttled.retryAfter)).toBe(15 * 60)
    expect(throttled.body.msg).toMatch(/senha e o código/)
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/ops/session/login',
      headers: { 'accept-language': 'en' },
      payload: { email: op.email, password: 'wrong-again' },
      remoteAddress: GUESSER_ADDRESS,
    })
    expect(english.json().msg).toMatch(/^Too many wrong attempts .* sign in now with your password and the code/)
    // The owner shares the guesser's address (a carrier's NAT, an office): password and code get in.
    await ownerSignsIn(op, GUESSER_ADDRESS)
    // Another address is not throttled.
    expect((await wrong('nobody@jogolimpo.example', '198.51.100.7')).body.msgCode).toBe('ops_login_failed')
    const started = (await auditRows()).filter((row) => row.action === 'session.login_throttled')
    expect(started).toMatchObject([{ object_type: 'address', object_id: GUESSER_ADDRESS, ip: GUESSER_ADDRESS }])
    expect(JSON.parse(String(started[0]?.after))).toEqual({
      scope: 'address',
      failures: 10,
      until: clock.now() + 15 * 60_000,
    })
  })

  it('delays a guesser on another address by the account’s growing delay, and audits it without the password', async () => {
    const op = await owner()
    for (let i = 0; i < 5; i++)
      expect((await wrong(op.email, GUESSER_ADDRESS, i)).body.msgCode).toBe('ops_login_failed')
    const elsewhere = '198.51.100.200'
    const first = await wrong(op.email, elsewhere, 5)
    expect(first).toMatchObject({ status: 429, retryAfter: '1', body: { msgCode: 'ops_login_throttled' } })
    clock.time += 1000
    expect((await wrong(op.email, elsewhere, 6)).body.msgCode).toBe('ops_login_failed')
    expect(await wrong(op.email, elsewhere, 7)).toMatchObject({ status: 429, retryAfter: '2' })
    // The owner, meanwhile, gets in.
    await ownerSignsIn(op)
    const rows = await auditRows()
    expect(rows.filter((row) => row.action === 'session.login_throttled')).toMatchObject([
      { object_type: 'operator', object_id: op.email },
    ])
    expect(
      rows.filter((row) => row.action === 'session.login_failed').map((row) => JSON.parse(String(row.after))),
    ).toEqual(expect.arrayContaining([{ code: 'ops_login_failed' }, { code: 'ops_login_throttled' }]))
    for (const row of rows) expect(JSON.stringify(row)).not.toMatch(/wrong-guess|Verde-Amarelo/)
  })

  it('answers wrong passwords the same for a known and an unknown e-mail, throttled or not', async () => {
    const op = await owner()
    const unknown = 'ninguem@jogolimpo.example'
    for (let i = 0; i < 9; i++) {
      const known = await wrong(op.email, `198.51.100.${i + 1}`, i)
      const absent = await wrong(unknown, `198.51.100.${i + 101}`, i)
      expect(absent).toEqual(known)
      // While throttled, a right password without its code reads exactly like a wrong one.
      if (known.status === 429) {
        const right = await login({ email: op.email, password: PASSWORD }, `198.51.100.${i + 201}`)
        expect(right).toEqual(known)
      }
      clock.time += 1500
    }
  })

  it('limits TOTP guesses after the right password on their own, and the right code works again after the lock', async () => {
    const op = await owner()
    const valid = () => [-30_000, 0, 30_000].map((shift) => op.codeAt(clock.now() + shift))
    const guess = async (n: number) => {
      let code = Number(op.code())
      do code = (code + 1) % 1_000_000
      while (valid().includes(String(code).padStart(6, '0')))
      return login({ email: op.email, password: PASSWORD, totp: String(code).padStart(6, '0') }, `198.51.100.${n + 1}`)
    }
    const answers: string[] = []
    for (let n = 0; n < 40 && answers.filter((a) => a === 'ops_totp_required').length < 10; n++) {
      const answer = await guess(n)
      answers.push(answer.body.msgCode)
      if (answer.body.msgCode === 'ops_totp_locked') {
        expect(answer.status).toBe(429)
        clock.time += Number(answer.retryAfter) * 1000
      }
    }
    // Three free, then 1 s, 2 s, 4 s… between codes; the tenth wrong one locks codes for an hour.
    expect(answers.slice(0, 5)).toEqual([
      'ops_totp_required',
      'ops_totp_required',
      'ops_totp_required',
      'ops_totp_locked',
      'ops_totp_required',
    ])
    const locked = await login({ email: op.email, password: PASSWORD, totp: op.code() }, OWNER_ADDRESS)
    expect(locked).toMatchObject({ status: 429, retryAfter: String(3600), body: { msgCode: 'ops_totp_locked' } })
    clock.time += 3600_000
    await ownerSignsIn(op)
    const started = (await auditRows()).filter((row) => row.action === 'session.login_throttled')
    expect(started.map((row) => JSON.parse(String(row.after)).scope)).toEqual(['totp', 'totp'])
  })
})
