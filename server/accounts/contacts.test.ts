// A player's e-mail and phone on each engine: the code goes through the outbox to the sandbox
// mailbox (e-mail over SMTP, SMS over the SMS API) and confirms the contact; a wrong code 5 times
// spends it; sends are limited per player and per address; one player cannot read or confirm
// another's; the notice helper queues to confirmed contacts only. The phone rule is checked too.
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { normalizeBrazilianMobile } from '../../contract/contacts.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { signedInOperator } from '../../tests/support/operators.ts'
import { buildTestApp, createTestDb, engines, loginPlayer, mailboxOf, type TestDb } from '../../tests/support/server.ts'
import { CODE_TTL_MS, confirmedContacts, maskContact, queuePlayerNotice } from './contacts.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)

describe('the Brazilian mobile rule', () => {
  it('normalises what people type to E.164 and refuses what is not a mobile', () => {
    expect(normalizeBrazilianMobile('(11) 98765-4321')).toBe('+5511987654321')
    expect(normalizeBrazilianMobile('+55 21 9 8765 4321')).toBe('+5521987654321')
    expect(normalizeBrazilianMobile('5511987654321')).toBe('+5511987654321')
    expect(normalizeBrazilianMobile('11 3456-7890')).toBeNull() // a landline
    expect(normalizeBrazilianMobile('01 98765-4321')).toBeNull() // no such area code
    expect(normalizeBrazilianMobile('+1 415 555 0100')).toBeNull()
    expect(normalizeBrazilianMobile('11 98765-4321; drop')).toBeNull()
  })
  it('masks for the console', () => {
    expect(maskContact('email', 'ana.souza@exemplo.com.br')).toBe('a***@e***.br')
    expect(maskContact('phone', '+5511987654321')).toBe('+55 11 9****-**21')
  })
})

describe.each(engines)('player contacts on %s', { timeout: 60_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    app = await buildTestApp(testDb.db, { MAIL_POLL_MS: '600000' }, clock)
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  async function lastMailCode(to: string): Promise<string> {
    await app.mail.deliverDue()
    const mail = mailboxOf(app)
      .messages()
      .filter((m) => m.to.includes(to))
      .at(-1)
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1]
    if (!code) throw new Error(`no code mailed to ${to}`)
    return code
  }
  async function lastSmsCode(to: string): Promise<string> {
    await app.mail.deliverDue()
    const sms = mailboxOf(app)
      .sms()
      .filter((m) => m.to === to)
      .at(-1)
    const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1]
    if (!code) throw new Error(`no code texted to ${to}`)
    return code
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  it('sends a code by e-mail and by SMS through the outbox, and the code confirms each', async () => {
    const player = await loginPlayer(app)
    const sent = await player.call('/user/contact/email', { email: ' Ana.Souza@Exemplo.com.br ' })
    expect(sent).toMatchObject({
      success: true,
      data: { kind: 'email', sentTo: 'ana.souza@exemplo.com.br', expiresAt: START + CODE_TTL_MS },
    })
    // Only the code's hash is kept.
    const row = await app.db.selectFrom('player_contacts').selectAll().executeTakeFirstOrThrow()
    const code = await lastMailCode('ana.souza@exemplo.com.br')
    expect(row.code_hash).not.toContain(code)
    expect(await confirmedContacts(app.db, player.userId)).toEqual({})

    const confirmed = await player.call('/user/contact/confirm', { kind: 'email', code })
    expect(confirmed.data.email).toMatchObject({ value: 'ana.souza@exemplo.com.br', confirmedAt: START, pending: null })

    const phone = await player.call('/user/contact/phone', { phone: '(11) 98765-4321' })
    expect(phone.data).toMatchObject({ kind: 'phone', sentTo: '+5511987654321' })
    // The SMS is an outbox row like an e-mail's, written in the transaction and then sent.
    const smsRow = await app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'sms')
      .executeTakeFirstOrThrow()
    const smsCode = await lastSmsCode('+5511987654321')
    expect((await app.mail.status(Number(smsRow.id)))?.status).toBe('sent')
    await player.call('/user/contact/confirm', { kind: 'phone', code: smsCode })

    expect(await confirmedContacts(app.db, player.userId)).toEqual({
      email: 'ana.souza@exemplo.com.br',
      phone: '+5511987654321',
    })
    const mine = await player.call('/user/contacts', {})
    expect(mine.data.phone).toMatchObject({ value: '+5511987654321', pending: null })
  })

  it('refuses an invalid e-mail and a phone that is not a Brazilian mobile', async () => {
    const player = await loginPlayer(app)
    expect((await player.call('/user/contact/email', { email: 'ana@' })).success).toBe(false)
    expect((await player.call('/user/contact/phone', { phone: '11 3456-7890' })).success).toBe(false)
    expect(await app.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(0)
  })

  it('spends a code after 5 wrong tries, expires it after 15 minutes, and a newer code voids the older', async () => {
    const player = await loginPlayer(app)
    await player.call('/user/contact/email', { email: 'bia@exemplo.com' })
    const code = await lastMailCode('bia@exemplo.com')
    for (let i = 1; i <= 4; i++) {
      const refused = await player.call('/user/contact/confirm', { kind: 'email', code: wrong(code) })
      expect(refused).toMatchObject({ success: false, msgCode: 'contact_code_invalid' })
    }
    const fifth = await player.call('/user/contact/confirm', { kind: 'email', code: wrong(code) })
    expect(fifth).toMatchObject({ success: false, msgCode: 'contact_code_locked' })
    // The right code no longer works.
    const late = await player.call('/user/contact/confirm', { kind: 'email', code })
    expect(late).toMatchObject({ success: false, msgCode: 'contact_code_locked' })
    expect(await confirmedContacts(app.db, player.userId)).toEqual({})

    // A new code works; the one before it does not.
    clock.time += 60_000
    await player.call('/user/contact/email', { email: 'bia@exemplo.com' })
    const older = await lastMailCode('bia@exemplo.com')
    clock.time += 60_000
    await player.call('/user/contact/email', { email: 'bia@exemplo.com' })
    const newer = await lastMailCode('bia@exemplo.com')
    if (older !== newer) {
      const voided = await player.call('/user/contact/confirm', { kind: 'email', code: older })
      expect(voided).toMatchObject({ success: false, msgCode: 'contact_code_invalid' })
    }
    clock.time += CODE_TTL_MS
    const expired = await player.call('/user/contact/confirm', { kind: 'email', code: newer })
    expect(expired).toMatchObject({ success: false, msgCode: 'contact_code_invalid' })
  })

  it('counts wrong tries made at the same time against the one limit', async () => {
    const player = await loginPlayer(app)
    await player.call('/user/contact/email', { email: 'caio@exemplo.com' })
    const code = await lastMailCode('caio@exemplo.com')
    await Promise.all(
      Array.from({ length: 10 }, () => player.call('/user/contact/confirm', { kind: 'email', code: wrong(code) })),
    )
    const row = await app.db.selectFrom('player_contacts').selectAll().executeTakeFirstOrThrow()
    expect(Number(row.code_attempts)).toBe(5)
    expect(await player.call('/user/contact/confirm', { kind: 'email', code })).toMatchObject({
      msgCode: 'contact_code_locked',
    })
  })

  it('limits codes per address and per player within an hour', async () => {
    const player = await loginPlayer(app)
    for (let i = 0; i < 3; i++) {
      expect((await player.call('/user/contact/email', { email: 'dora@exemplo.com' })).success).toBe(true)
      clock.time += 1000
    }
    const perAddress = await player.call('/user/contact/email', { email: 'dora@exemplo.com' })
    expect(perAddress).toMatchObject({
      success: false,
      msgCode: 'contact_send_limited',
      data: { retryAt: START + 3600_000 },
    })
    // Another player cannot use the app to flood the same inbox either.
    const other = await loginPlayer(app)
    expect(await other.call('/user/contact/email', { email: 'dora@exemplo.com' })).toMatchObject({
      msgCode: 'contact_send_limited',
    })
    // Two more to other addresses reach the player's own limit of 5.
    expect((await player.call('/user/contact/email', { email: 'dora2@exemplo.com' })).success).toBe(true)
    expect((await player.call('/user/contact/phone', { phone: '11987654321' })).success).toBe(true)
    expect(await player.call('/user/contact/phone', { phone: '21987654321' })).toMatchObject({
      msgCode: 'contact_send_limited',
    })
    await app.mail.deliverDue()
    expect(
      mailboxOf(app)
        .messages()
        .filter((m) => m.to.includes('dora@exemplo.com')),
    ).toHaveLength(3)
    // An hour after the first, one more may go.
    clock.time = START + 3600_000 + 1
    expect((await player.call('/user/contact/email', { email: 'dora@exemplo.com' })).success).toBe(true)
  })

  it("keeps one player's contacts and codes from another", async () => {
    const owner = await loginPlayer(app)
    const other = await loginPlayer(app)
    await owner.call('/user/contact/email', { email: 'eva@exemplo.com' })
    const code = await lastMailCode('eva@exemplo.com')
    // The other player's confirm concerns their own (absent) contact: the owner's code does nothing there.
    expect(await other.call('/user/contact/confirm', { kind: 'email', code })).toMatchObject({
      success: false,
      msgCode: 'contact_code_invalid',
    })
    const theirs = await other.call('/user/contacts', {})
    expect(JSON.stringify(theirs.data)).not.toContain('eva@')
    expect(theirs.data.email).toEqual({ value: null, confirmedAt: null, pending: null })
    // The owner's code still works for the owner.
    expect((await owner.call('/user/contact/confirm', { kind: 'email', code })).success).toBe(true)
    expect(await confirmedContacts(app.db, other.userId)).toEqual({})
    // No token, no answer.
    const anonymous = await app.inject({ method: 'POST', url: '/api/user/contacts', payload: {} })
    expect(anonymous.json().success).toBe(false)
  })

  it('queues a notice to the confirmed contacts only', async () => {
    const player = await loginPlayer(app)
    await player.call('/user/contact/email', { email: 'fabi@exemplo.com' })
    await player.call('/user/contact/confirm', { kind: 'email', code: await lastMailCode('fabi@exemplo.com') })
    // A phone given but not confirmed gets nothing.
    await player.call('/user/contact/phone', { phone: '31987654321' })
    await app.mail.deliverDue()
    const notice = { subject: 'Aviso', text: 'Sua conta foi encerrada.', sms: 'Jogo Limpo: sua conta foi encerrada.' }
    const queued = await app.db
      .transaction()
      .execute((trx) => queuePlayerNotice(trx, app.mail, player.userId, notice, clock.now()))
    expect(Object.keys(queued)).toEqual(['email'])
    await app.mail.deliverDue()
    const box = mailboxOf(app)
    expect(
      box
        .messages()
        .filter((m) => m.subject === 'Aviso')
        .map((m) => m.to),
    ).toEqual([['fabi@exemplo.com']])
    expect(box.sms().filter((s) => s.body.includes('encerrada'))).toHaveLength(0)

    // Confirmed, the phone gets the SMS too; a player with nothing confirmed gets nothing.
    await player.call('/user/contact/confirm', { kind: 'phone', code: await lastSmsCode('+5531987654321') })
    const both = await app.db
      .transaction()
      .execute((trx) => queuePlayerNotice(trx, app.mail, player.userId, notice, clock.now()))
    expect(Object.keys(both).sort()).toEqual(['email', 'sms'])
    await app.mail.deliverDue()
    expect(
      box
        .sms()
        .filter((s) => s.body.includes('encerrada'))
        .map((s) => s.to),
    ).toEqual(['+5531987654321'])
    const nobody = await loginPlayer(app)
    const none = await app.db
      .transaction()
      .execute((trx) => queuePlayerNotice(trx, app.mail, nobody.userId, notice, clock.now()))
    expect(none).toEqual({})
  })
  it("shows the confirmed contacts in the console's player view, masked unless the role sees personal data", async () => {
    const player = await loginPlayer(app)
    await player.call('/user/contact/email', { email: 'gil@exemplo.com' })
    await player.call('/user/contact/confirm', { kind: 'email', code: await lastMailCode('gil@exemplo.com') })
    await player.call('/user/contact/phone', { phone: '41987654321' })
    const support = await signedInOperator(app, app.db, 'support', clock.now(), '192.0.2.1')
    const admin = await signedInOperator(app, app.db, 'admin', clock.now(), '192.0.2.2')
    const masked = await support.call('players/view', { userId: player.userId })
    expect(masked.data.identity).toMatchObject({ email: 'g***@e***.com', phone: null })
    const whole = await admin.call('players/view', { userId: player.userId })
    expect(whole.data.identity).toMatchObject({ email: 'gil@exemplo.com', phone: null })
  })
})
