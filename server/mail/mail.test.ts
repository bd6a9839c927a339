// The e-mail channel on each engine: a message queued in a transaction goes through real SMTP
// (the SMTP adapter, nodemailer) to the sandbox mailbox and is read back there and in its JSON
// listing; with the SMTP server down it stays queued and is sent once the server is back and
// its wait is over; two instances delivering at once hand each message over exactly once; a
// message that never goes is given up after the last attempt. An SMS goes through the same
// outbox, retried while the API refuses it. The SMS adapter reaches the
// sandbox's Messages API, which refuses a wrong token.
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import { buildTestApp, createTestDb, engines, mailboxOf, type TestDb } from '../../tests/support/server.ts'
import { deliverDueMail, MAX_ATTEMPTS, retryWait } from './outbox.ts'
import { HttpSmsSender, SmsRefused } from './sms.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)

describe.each(engines)('e-mail outbox and sandbox mailbox on %s', { timeout: 60_000 }, (engine) => {
  let testDb: TestDb
  let app: FastifyInstance
  const clock = manualClock(START)

  beforeEach(async () => {
    clock.time = START
    testDb = await createTestDb(engine)
    // No background pass during a test: each test says when delivery runs.
    app = await buildTestApp(testDb.db, { MAIL_POLL_MS: '600000' }, clock)
  })
  afterEach(async () => {
    await app.close()
    await testDb.drop()
  })

  const queue = (to: string, subject: string, text = 'Olá') =>
    app.db.transaction().execute((trx) => app.mail.queue(trx, { to, subject, text }, clock.now()))

  it('sends a queued message through SMTP to the sandbox mailbox, where it is read back', async () => {
    const id = await queue('ana@jogolimpo.example', 'Bem-vinda', 'Seu link: https://example.test/x')
    expect((await app.mail.status(id))?.status).toBe('queued')
    expect(await app.mail.deliverDue()).toEqual({ sent: 1, failed: 0 })

    const box = mailboxOf(app)
    const [received] = box.messages()
    expect(received).toMatchObject({ to: ['ana@jogolimpo.example'], subject: 'Bem-vinda' })
    expect(received?.text.trim()).toBe('Seu link: https://example.test/x')
    const status = await app.mail.status(id)
    expect(status).toMatchObject({ status: 'sent', attempts: 1, sentAt: START })
    // The provider's id is what the SMTP server named the message by.
    expect(status?.providerId).toBe(received?.id)
    // A sent message's body is not kept (it may hold a one-time link).
    const row = await app.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.body_text).toBe('')

    // The JSON listing and the page a developer reads.
    const listing = await (await fetch(`${box.url}/sandbox/mailbox.json?to=ana@jogolimpo.example`)).json()
    expect(listing.messages).toHaveLength(1)
    expect(listing.messages[0].messageId).toBe(row.message_id)
    const page = await (await fetch(`${box.url}/sandbox/mailbox`)).text()
    expect(page).toContain('Bem-vinda')
    expect(page).toContain('<a href="https://example.test/x">')
  })

  it('keeps a message queued while the SMTP server is down and sends it when it is back', async () => {
    const box = mailboxOf(app)
    await box.stopSmtp()
    const id = await queue('bia@jogolimpo.example', 'Tentativa')
    expect(await app.mail.deliverDue()).toEqual({ sent: 0, failed: 1 })
    const first = await app.mail.status(id)
    expect(first).toMatchObject({ status: 'queued', attempts: 1, nextAttemptAt: START + retryWait(1) })
    expect(first?.lastError).toBeTruthy()

    // Back up, but its wait is not over: not tried yet.
    await box.startSmtp()
    expect(await app.mail.deliverDue()).toEqual({ sent: 0, failed: 0 })
    expect(box.messages()).toHaveLength(0)

    clock.time = START + retryWait(1)
    expect(await app.mail.deliverDue()).toEqual({ sent: 1, failed: 0 })
    expect(await app.mail.status(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    expect(box.messages().map((m) => m.subject)).toEqual(['Tentativa'])
  })

  it('hands each message over once while two instances deliver at the same time', async () => {
    const box = mailboxOf(app)
    // A second instance on the same database and the same SMTP server.
    const other = await buildTestApp(testDb.db, { MAIL_POLL_MS: '600000', SMTP_URL: box.env.SMTP_URL as string }, clock)
    try {
      const ids: number[] = []
      for (let i = 0; i < 12; i++) ids.push(await queue(`p${i}@jogolimpo.example`, `Mensagem ${i}`))
      const runs = await Promise.all([
        app.mail.deliverDue(),
        other.mail.deliverDue(),
        app.mail.deliverDue(),
        other.mail.deliverDue(),
      ])
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(12)
      expect(runs.every((run) => run.failed === 0)).toBe(true)
      const subjects = box.messages().map((m) => m.subject)
      expect(subjects).toHaveLength(12)
      expect(new Set(subjects).size).toBe(12)
      for (const id of ids) expect((await app.mail.status(id))?.status).toBe('sent')
      // Nothing left to send.
      expect(await other.mail.deliverDue()).toEqual({ sent: 0, failed: 0 })
      expect(box.messages()).toHaveLength(12)
    } finally {
      await other.close()
    }
  })

  it('gives a message up after the last attempt, with growing waits between them', async () => {
    const box = mailboxOf(app)
    await box.stopSmtp()
    const id = await queue('caio@jogolimpo.example', 'Nunca')
    const waits: number[] = []
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await app.mail.deliverDue()).toEqual({ sent: 0, failed: 1 })
      const status = await app.mail.status(id)
      waits.push((status?.nextAttemptAt ?? 0) - clock.now())
      clock.time = status?.nextAttemptAt ?? 0
    }
    expect(await app.mail.status(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
    expect(waits[1]).toBeGreaterThan(waits[0] as number)
    await box.startSmtp()
    expect(await deliverDueMail(app.db, { send: async () => 'x', close: () => {} }, () => clock.now())).toEqual({
      sent: 0,
      failed: 0,
    })
  })

  it('sends a text message through the SMS API to the sandbox, which refuses a wrong token', async () => {
    const box = mailboxOf(app)
    const sms = app.mail.sms
    if (!sms) throw new Error('the sandbox SMS API is configured for test apps')
    const sid = await sms.send({ to: '+5511987654321', body: 'Seu código: 123456' })
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/)
    expect(box.sms()).toMatchObject([{ sid, to: '+5511987654321', body: 'Seu código: 123456' }])
    const page = await (await fetch(`${box.url}/sandbox/mailbox`)).text()
    expect(page).toContain('Seu código: 123456')

    const wrong = new HttpSmsSender({
      apiUrl: box.url,
      accountSid: box.env.SMS_ACCOUNT_SID as string,
      authToken: 'not-the-token',
      from: 'JogoLimpo',
    })
    const refused = await wrong.send({ to: '+5511987654321', body: 'x' }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(SmsRefused)
    expect(refused).toMatchObject({ status: 401, code: 20003 })
    await expect(sms.send({ to: '11987654321', body: 'x' })).rejects.toMatchObject({ status: 400, code: 21211 })
    expect(box.sms()).toHaveLength(1)
  })
  it('sends an SMS through the outbox: written in the transaction, retried while the API refuses it', async () => {
    const box = mailboxOf(app)
    // Rolled back with its action, it is never sent.
    await app.db
      .transaction()
      .execute(async (trx) => {
        await app.mail.queueSms(trx, { to: '+5511911112222', body: 'desfeito' }, clock.now())
        throw new Error('the action failed')
      })
      .catch(() => {})
    let refuse = true
    const flaky = {
      send: (m: { to: string; body: string }) => (refuse ? Promise.reject(new Error('HTTP 503')) : sms.send(m)),
    }
    const sms = app.mail.sms as NonNullable<typeof app.mail.sms>
    const id = await app.db
      .transaction()
      .execute((trx) => app.mail.queueSms(trx, { to: '+5511987654321', body: 'Jogo Limpo: 654321' }, clock.now()))
    const senders = { mailer: null, sms: flaky }
    expect(await deliverDueMail(app.db, senders, () => clock.now())).toEqual({ sent: 0, failed: 1 })
    expect(await app.mail.status(id)).toMatchObject({ kind: 'sms', status: 'queued', attempts: 1 })
    refuse = false
    clock.time = START + retryWait(1)
    expect(await deliverDueMail(app.db, senders, () => clock.now())).toEqual({ sent: 1, failed: 0 })
    expect(await app.mail.status(id)).toMatchObject({ kind: 'sms', status: 'sent', attempts: 2 })
    expect(box.sms().map((s) => s.body)).toEqual(['Jogo Limpo: 654321'])
    // With no SMS API, an SMS waits; e-mail still goes.
    await app.db
      .transaction()
      .execute((trx) => app.mail.queueSms(trx, { to: '+5511933334444', body: 'espera' }, clock.now()))
    expect(await deliverDueMail(app.db, { mailer: null, sms: null }, () => clock.now())).toEqual({ sent: 0, failed: 0 })
  })
})
