// The sandbox bank's routes, on each engine: the charge location a
// QR code points to names no payer; every route validates with zod and answers bad input with
// the 400 envelope, never a 500; a payout rule is taken only from the key's holder; the key
// directory (DICT) registers, lists and removes keys for their holder's CPF.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatCpf, randomCpf } from '../../contract/cpf.ts'
import { manualClock } from '../../tests/support/clock.ts'
import {
  createTestApp,
  engines,
  loginPlayer,
  sandboxBankOf,
  sandboxOf,
  type TestApp,
} from '../../tests/support/server.ts'
import { parseBrCode } from './brcode.ts'
import { maskCpfAsDict } from './pix-api/schemas.ts'
import { SANDBOX_UNNAMED_HOLDER } from './sandbox/provider.ts'

/** The payload of a compact JWS (its signature is checked in brcode-interop.test.ts). */
const decodeJws = (jws: string) => JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8'))

/** A dynamic code names its charge by location; the sandbox's location ends in the txid. */
const txidOfCode = (code: string) => parseBrCode(code).url?.split('/').pop() ?? ''

const START = Date.UTC(2026, 10, 20, 15, 0)

describe.each(engines)('sandbox bank on %s', (engine) => {
  let t: TestApp
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    t = await createTestApp(engine, { SANDBOX_PAYOUT_DELAY_MS: '1000' }, clock)
  })
  afterEach(async () => {
    await t.close()
  })

  const post = (url: string, payload: unknown, contentType = 'application/json') =>
    sandboxBankOf(t.app).inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    })

  async function chargeOf(fullName: string, cpf: string) {
    const { call } = await loginPlayer(t.app, { ageConfirmed: true, verified: { fullName, cpf } })
    const order = (await call('/charge/create/order', { amount: 2000, requestId: randomUUID() })).data
    return { payCode: order.payCode as string, txid: txidOfCode(order.payCode) }
  }

  it("serves the charge at its QR code's location without the payer's name, CPF or any payment detail", async () => {
    const cpf = randomCpf()
    const { payCode, txid } = await chargeOf('Maria Aparecida Pereira', cpf)
    const personal = [cpf, formatCpf(cpf), 'Maria', 'Pereira', 'devedor', 'pagador']

    const location = await sandboxBankOf(t.app).inject({ method: 'GET', url: `/sandbox/cob/${txid}` })
    expect(location.statusCode).toBe(200)
    expect(location.headers['content-type']).toContain('application/jose')
    const payload = decodeJws(location.body)
    expect(payload).toMatchObject({
      txid,
      status: 'ATIVA',
      valor: { original: '20.00' },
      calendario: { expiracao: 600 },
    })
    for (const text of personal) expect(JSON.stringify(payload)).not.toContain(text)

    const bankPage = await sandboxBankOf(t.app).inject({
      method: 'GET',
      url: `/sandbox/bank?code=${encodeURIComponent(payCode)}`,
    })
    expect(bankPage.body).toContain('R$\u00a020,00')
    for (const text of personal) expect(bankPage.body).not.toContain(text)

    // Whoever holds the code may pay it; the answer does not say who the payer was either.
    const paid = await post('/sandbox/bank/pay', { code: payCode })
    expect(paid.json()).toMatchObject({ success: true, data: { paid: true } })
    for (const text of personal) expect(paid.body).not.toContain(text)
    const after = await sandboxBankOf(t.app).inject({ method: 'GET', url: `/sandbox/cob/${txid}` })
    expect(decodeJws(after.body).status).toBe('CONCLUIDA')
    for (const text of personal) expect(JSON.stringify(decodeJws(after.body))).not.toContain(text)

    for (const url of ['/sandbox/cob/UNKNOWN0000000000000000000000000', '/sandbox/cob/bad%20txid']) {
      const missing = await sandboxBankOf(t.app).inject({ method: 'GET', url })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toMatchObject({ success: false, msgCode: 'not_found', data: null })
    }
  })

  it('answers bad input on every sandbox route with the 400 envelope, never a 500', async () => {
    const cpf = randomCpf()
    const cases: [string, unknown][] = [
      ['/sandbox/bank/pay', { txid: ['A'] }],
      ['/sandbox/bank/pay', { code: 123 }],
      ['/sandbox/bank/pay', { txid: 'A'.repeat(32), amount: 50 }],
      ['/sandbox/bank/pay', { txid: 'A'.repeat(32), amount: 'cinquenta' }],
      ['/sandbox/bank/pay', { txid: 'A'.repeat(32), payerCpf: '12345678900' }],
      ['/sandbox/bank/pay', { txid: 'A'.repeat(32), payerCpf: { cpf } }],
      ['/sandbox/bank/pay', { txid: 'A'.repeat(32), late: 'maybe' }],
      ['/sandbox/bank/pay', { txid: 'A'.repeat(32), surprise: true }],
      ['/sandbox/bank/pay', { code: 'not a pix code' }],
      ['/sandbox/bank/pay', []],
      ['/sandbox/bank/pay', '{"txid":'],
      ['/sandbox/bank/payout-rule', { key: 42, outcome: 'pay', cpf }],
      ['/sandbox/bank/payout-rule', { key: { $gt: '' }, outcome: 'pay', cpf }],
      ['/sandbox/bank/payout-rule', { key: cpf, keyType: 'cpf', outcome: 'explode', cpf }],
      ['/sandbox/bank/payout-rule', { key: cpf, keyType: 'cpf', outcome: 'pay' }],
      ['/sandbox/bank/payout-rule', { key: 'not-an-email', keyType: 'email', outcome: 'pay', cpf }],
      ['/sandbox/bank/payout-rule', { key: cpf, keyType: 'cpf', outcome: 'pay', cpf: '11111111111' }],
      ['/sandbox/bank/dict', { key: null, cpf }],
      ['/sandbox/bank/dict', { key: cpf, keyType: 'cpf', cpf: randomCpf() }],
      ['/sandbox/bank/dict', { key: cpf, keyType: 'cnpj', cpf }],
      ['/sandbox/bank/dict', { key: '+5511912345678', keyType: 'phone', cpf: '123' }],
      ['/sandbox/bank/dict', { key: '123', keyType: 'phone', cpf }],
      ['/sandbox/bank/dict/list', { cpf: 12345678909 }],
      ['/sandbox/bank/dict/list', { cpf: '00000000000' }],
      ['/sandbox/bank/dict/remove', {}],
    ]
    for (const [url, payload] of cases) {
      const res = await post(url, payload)
      expect({ url, payload, status: res.statusCode }).toEqual({ url, payload, status: 400 })
      const body = res.json()
      expect(body).toMatchObject({ success: false, msgCode: 'invalid_request', data: null })
      expect(body.msg.length).toBeGreaterThan(5)
    }
    const amount = (await post('/sandbox/bank/pay', { txid: 'A'.repeat(32), amount: 'cinquenta' })).json()
    expect(amount.msg).toBe('Valor não é válido')
    const payer = (await post('/sandbox/bank/pay', { txid: 'A'.repeat(32), payerCpf: '12345678900' })).json()
    expect(payer.msg).toBe('CPF do pagador não é válido (confira os dígitos)')
    // A form post with a value the bank cannot use gets a page, not a stack trace.
    const form = await post(
      '/sandbox/bank/pay',
      'txid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&amount=abc',
      'application/x-www-form-urlencoded',
    )
    expect(form.statusCode).toBe(400)
    expect(form.headers['content-type']).toContain('text/html')
    expect(form.body).toContain('Valor não é válido')
  })

  it('takes a payout rule only from the holder of the key, and drops it once the key changes hands', async () => {
    const holder = randomCpf()
    const stranger = randomCpf()
    const sandbox = sandboxOf(t.app)
    await sandbox.dict.register('phone', '+5511944443333', holder)
    const rule = (cpf: string, outcome = 'reject') =>
      post('/sandbox/bank/payout-rule', { key: '11944443333', keyType: 'phone', outcome, cpf })

    const refused = await rule(stranger)
    expect(refused.statusCode).toBe(200)
    expect(refused.json()).toMatchObject({ success: false, msgCode: 'pix_key_not_owned' })
    expect(await t.db.kysely.selectFrom('sandbox_payout_rules').selectAll().execute()).toHaveLength(0)
    expect((await rule(holder)).json()).toMatchObject({
      success: true,
      data: { key: '+5511944443333', outcome: 'reject' },
    })
    // CPF keys belong to their CPF.
    expect(
      (await post('/sandbox/bank/payout-rule', { key: stranger, outcome: 'no_answer', cpf: holder })).json(),
    ).toMatchObject({
      msgCode: 'pix_key_not_owned',
    })
    expect(
      (await post('/sandbox/bank/payout-rule', { key: holder, outcome: 'no_answer', cpf: holder })).json().success,
    ).toBe(true)

    const payout = (id: string, ownerCpf: string) =>
      sandbox.createPayout({ id, amount: 1000, keyType: 'phone', key: '+5511944443333', holderName: 'X', ownerCpf })
    await payout('T1-1', holder)
    // The key moves to the stranger: the holder's rule no longer applies to payouts for it.
    await sandbox.dict.register('phone', '+5511944443333', stranger)
    await payout('T2-1', stranger)
    clock.time += 1000
    await sandbox.settleDuePayouts()
    expect(await sandbox.getPayout('T1-1')).toMatchObject({ status: 'failed', failure: 'rejected' })
    expect(await sandbox.getPayout('T2-1')).toMatchObject({ status: 'paid', failure: null })
  })

  it('takes 11 digits that form a valid CPF as a CPF key, as meant; an explicit type wins', async () => {
    // The digits of a mobile number in São Paulo whose check digits also hold as a CPF.
    const digits = '11912345684'
    const own = await post('/sandbox/bank/dict', { key: digits, cpf: digits })
    expect(own.json()).toMatchObject({ success: true, data: { key: digits, keyType: 'cpf' } })
    const written = await post('/sandbox/bank/dict', { key: formatCpf(digits), cpf: digits })
    expect(written.json()).toMatchObject({ success: true, data: { key: digits, keyType: 'cpf' } })
    // Nothing was registered: the CPF key is its CPF's by itself, and no phone key appeared.
    expect((await post('/sandbox/bank/dict/list', { cpf: digits })).json().data.keys).toEqual([])
    expect(await t.app.payments.provider.lookupKey('+5511912345684')).toEqual({ found: false })
    expect(await t.app.payments.provider.lookupKey(digits)).toMatchObject({ found: true, keyType: 'cpf' })

    // Someone else's CPF cannot be made a key of this one.
    const holder = randomCpf()
    const foreign = await post('/sandbox/bank/dict', { key: digits, cpf: holder })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().msg).toMatch(/uma chave CPF pertence só ao próprio CPF/)
    expect((await post('/sandbox/bank/dict/list', { cpf: holder })).json().data.keys).toEqual([])

    // Said to be a phone, the same digits are that phone number's key, for the given holder.
    const phone = await post('/sandbox/bank/dict', { key: digits, keyType: 'phone', cpf: holder })
    expect(phone.json()).toMatchObject({ success: true, data: { key: '+5511912345684', keyType: 'phone' } })
    expect(await t.app.payments.provider.lookupKey('+5511912345684')).toMatchObject({ found: true, keyType: 'phone' })
    // Written with +55 or as a phone is written, it is a phone without saying so.
    const plus = await post('/sandbox/bank/dict', { key: '+55 11 91234-5684', cpf: holder })
    expect(plus.json()).toMatchObject({ success: true, data: { key: '+5511912345684', keyType: 'phone' } })
  })

  it('registers, lists and removes keys for their holder; a form gets a page', async () => {
    const cpf = randomCpf()
    const added = await post('/sandbox/bank/dict', { key: '(11) 91234-5678', cpf })
    expect(added.json()).toMatchObject({ success: true, data: { key: '+5511912345678', keyType: 'phone' } })
    expect((await post('/sandbox/bank/dict', { key: 'Ana@Exemplo.com', cpf: formatCpf(cpf) })).json().data).toEqual({
      key: 'ana@exemplo.com',
      keyType: 'email',
    })
    const form = await post(
      '/sandbox/bank/dict',
      `keyType=random&key=0f8fad5b-d9cb-469f-a165-70867728950e&cpf=${cpf}`,
      'application/x-www-form-urlencoded',
    )
    expect(form.headers['content-type']).toContain('text/html')
    expect(form.body).toContain('data-testid="dict-registered"')
    expect(form.body).not.toContain(cpf)

    const listed = (await post('/sandbox/bank/dict/list', { cpf })).json().data.keys
    expect(listed.map((k: { key: string }) => k.key)).toEqual([
      '+5511912345678',
      '0f8fad5b-d9cb-469f-a165-70867728950e',
      'ana@exemplo.com',
    ])
    // Over API Pix the DICT answers the holder's name and CPF masked, as a real one does: a CPF no
    // customer of the sandbox bank holds gets its placeholder name, a player's their verified one.
    expect(await t.app.payments.provider.lookupKey('+5511912345678')).toEqual({
      found: true,
      keyType: 'phone',
      ownerName: SANDBOX_UNNAMED_HOLDER,
      ownerCpf: maskCpfAsDict(cpf),
    })
    const player = await loginPlayer(t.app, { verified: { fullName: 'Bia Lima' } })
    expect(await t.app.payments.provider.lookupKey(player.cpf)).toEqual({
      found: true,
      keyType: 'cpf',
      ownerName: 'Bia Lima',
      ownerCpf: maskCpfAsDict(player.cpf),
    })
    const wrongHolder = await post('/sandbox/bank/dict/remove', {
      key: '11912345678',
      keyType: 'phone',
      cpf: randomCpf(),
    })
    expect(wrongHolder.json()).toMatchObject({ success: false, msgCode: 'pix_key_not_owned' })
    const removed = await post('/sandbox/bank/dict/remove', { key: '11912345678', keyType: 'phone', cpf })
    expect(removed.json()).toMatchObject({ success: true, data: { removed: true } })
    expect(await t.app.payments.provider.lookupKey('+5511912345678')).toEqual({ found: false })
    expect(await t.app.payments.provider.lookupKey(cpf)).toEqual({
      found: true,
      keyType: 'cpf',
      ownerName: SANDBOX_UNNAMED_HOLDER,
      ownerCpf: maskCpfAsDict(cpf),
    })
  })

  it('serves the bank page with its stylesheet, no inline style', async () => {
    const bankPage = await sandboxBankOf(t.app).inject({ method: 'GET', url: '/sandbox/bank' })
    expect(bankPage.statusCode).toBe(200)
    expect(bankPage.body).toContain('<link rel="stylesheet" href="/sandbox/bank.css">')
    expect(bankPage.body).not.toMatch(/<style|style=/)
    expect(bankPage.body).toContain('Chaves PIX (DICT)')
    const css = await sandboxBankOf(t.app).inject({ method: 'GET', url: '/sandbox/bank.css' })
    expect(css.headers['content-type']).toContain('text/css')
  })
})
