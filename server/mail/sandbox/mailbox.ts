// The sandbox mailbox `npm start` runs next to the app when no SMTP server is configured: a real
// SMTP server (smtp-server, on 127.0.0.1) that keeps what it receives, parsed with mailparser,
// and an HTTP side with the page where a developer reads what was sent (`/sandbox/mailbox`), the
// same as JSON for tests (`/sandbox/mailbox.json`), and a sandbox SMS API in the shape the SMS
// adapter speaks (`POST /2010-04-01/Accounts/{sid}/Messages.json`, Basic auth, form fields),
// whose messages the page shows too. Messages live in memory (the newest MAILBOX_KEEP): it is a
// developer's inbox, not a record — the outbox is the app's record.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { escapeHtml, mailboxCss, mailboxPage, type ReceivedMail, type ReceivedSms } from './mailbox-page.ts'

export type { ReceivedMail, ReceivedSms }

export const MAILBOX_KEEP = 1000

export interface SandboxMailbox {
  /** Where the SMTP server listens (it may be stopped and started again on the same port). */
  smtpPort: number
  /** The HTTP side's base URL (`…/sandbox/mailbox` is the page). */
  url: string
  messages(): ReceivedMail[]
  sms(): ReceivedSms[]
  /** Stops taking mail (connections are refused), as an SMTP server that is down. */
  stopSmtp(): Promise<void>
  startSmtp(): Promise<void>
  /** The settings that point the app at this mailbox (SMTP_* and SMS_*). */
  env: Record<string, string>
  close(): Promise<void>
}

export interface SandboxMailboxOptions {
  smtpPort: number
  httpPort: number
  host?: string
  now?: () => number
}

const newId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export async function startSandboxMailbox(options: SandboxMailboxOptions): Promise<SandboxMailbox> {
  const host = options.host ?? '127.0.0.1'
  const now = options.now ?? Date.now
  const mails: ReceivedMail[] = []
  const texts: ReceivedSms[] = []
  const keep = <T>(list: T[], item: T) => {
    list.unshift(item)
    list.length = Math.min(list.length, MAILBOX_KEEP)
  }

  const smtpServer = () =>
    new SMTPServer({
      // A local developer's inbox: no TLS to set up, no login asked (any given is accepted).
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'sandbox' }),
      size: 10 * 1024 * 1024,
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const id = newId('M')
            keep(mails, {
              id,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              messageId: parsed.messageId ?? null,
              receivedAt: now(),
            })
            callback(null, `OK: message queued as ${id}`)
          })
          .catch((error: Error) => callback(error))
      },
    })

  let smtp = smtpServer()
  let smtpPort = options.smtpPort
  const listen = (server: SMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        resolve((server.server.address() as AddressInfo).port)
      })
    })
  smtpPort = await listen(smtp, smtpPort)
  let smtpUp = true
  const stopSmtp = () =>
    new Promise<void>((resolve) => {
      if (!smtpUp) return resolve()
      smtpUp = false
      smtp.close(() => resolve())
    })

  const accountSid = newId('AC')
  const authToken = randomBytes(24).toString('hex')
  const http: FastifyInstance = Fastify({ logger: false, bodyLimit: 64 * 1024 })
  http.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })
  http.get('/sandbox/mailbox', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(mailboxPage(mails, texts)),
  )
  http.get('/sandbox/mailbox.css', async (_request, reply) => reply.type('text/css').send(mailboxCss))
  http.get<{ Querystring: { to?: string } }>('/sandbox/mailbox.json', async (request) => {
    const to = typeof request.query.to === 'string' ? request.query.to.toLowerCase() : null
    return {
      messages: to ? mails.filter((m) => m.to.some((address) => address.toLowerCase() === to)) : mails,
      sms: to ? texts.filter((s) => s.to === to) : texts,
    }
  })
  // The Messages resource: form fields in, the message resource (201) or an error object out.
  http.post<{ Params: { sid: string }; Body: Record<string, string> | undefined }>(
    '/2010-04-01/Accounts/:sid/Messages.json',
    async (request, reply) => {
      const [scheme, encoded] = (request.headers.authorization ?? '').split(' ')
      const [user, pass] = Buffer.from(encoded ?? '', 'base64')
        .toString()
        .split(':')
      if (
        scheme !== 'Basic' ||
        user !== accountSid ||
        request.params.sid !== accountSid ||
        !sameSecret(pass ?? '', authToken)
      )
        return reply.code(401).send({ code: 20003, message: 'Authenticate', status: 401 })
      const body = request.body ?? {}
      const to = typeof body.To === 'string' ? body.To : ''
      const text = typeof body.Body === 'string' ? body.Body : ''
      if (!/^\+[1-9]\d{6,14}$/.test(to))
        return reply
          .code(400)
          .send({ code: 21211, message: `The 'To' number ${escapeHtml(to)} is not a valid phone number.`, status: 400 })
      if (text.length === 0 || text.length > 1600)
        return reply
          .code(400)
          .send({ code: 21602, message: 'Message body is required (at most 1600 characters).', status: 400 })
      const sms: ReceivedSms = {
        sid: newId('SM'),
        to,
        from: typeof body.From === 'string' ? body.From : '',
        body: text,
        receivedAt: now(),
      }
      keep(texts, sms)
      return reply.code(201).send({
        sid: sms.sid,
        account_sid: accountSid,
        to: sms.to,
        from: sms.from,
        body: sms.body,
        status: 'queued',
        date_created: new Date(sms.receivedAt).toUTCString(),
      })
    },
  )
  try {
    await http.listen({ port: options.httpPort, host })
  } catch (error) {
    await stopSmtp()
    throw error
  }
  const url = `http://${host}:${(http.server.address() as AddressInfo).port}`
  return {
    get smtpPort() {
      return smtpPort
    },
    url,
    messages: () => [...mails],
    sms: () => [...texts],
    stopSmtp,
    async startSmtp() {
      if (smtpUp) return
      smtp = smtpServer()
      smtpPort = await listen(smtp, smtpPort)
      smtpUp = true
    },
    env: {
      SMTP_URL: `smtp://${host}:${smtpPort}`,
      SMS_API_URL: url,
      SMS_ACCOUNT_SID: accountSid,
      SMS_AUTH_TOKEN: authToken,
    },
    async close() {
      await stopSmtp()
      await http.close()
    },
  }
}
