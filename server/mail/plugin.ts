// The mail module: `app.mail` — the outbox (`queue` and `queueSms` in an action's transaction,
// `committed()` after it, `deliverDue()` for a pass now) sending e-mail through the SMTP adapter
// configured by the SMTP_* settings and SMS through the SMS API set by SMS_*, a poll every
// MAIL_POLL_MS for retries. With no SMTP server (or no SMS API) configured, nor a sandbox mailbox
// started for it, those messages stay queued. The retention job removes sent messages past their
// period through this module's `removeExpiredMail` (retention.ts).
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { type Mailer, type MailMessage, SmtpMailer } from './mailer.ts'
import {
  type DeliveryRun,
  deliverDueMail,
  mailStatus,
  type OutboxMessageStatus,
  queueMail,
  queueSms,
} from './outbox.ts'
import { HttpSmsSender, type SmsMessage, type SmsSender } from './sms.ts'

export interface MailService {
  /** Writes a message to send in `trx` (the action's transaction); call `committed()` after the commit. */
  queue(trx: Kysely<Database>, message: Omit<MailMessage, 'messageId'>, now: number): Promise<number>
  /** Writes a text message to send in `trx`, the same way. */
  queueSms(trx: Kysely<Database>, message: SmsMessage, now: number): Promise<number>
  /** After a commit that queued messages: a delivery pass soon, without waiting for the poll. */
  committed(): void
  /** A delivery pass now, after any pass under way on this instance. */
  deliverDue(): Promise<DeliveryRun>
  status(id: number): Promise<OutboxMessageStatus | null>
  /** Null when no SMS API is configured. */
  sms: SmsSender | null
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService
  }
}

const mailPlugin: FastifyPluginAsync<{ mailer?: Mailer; sms?: SmsSender }> = async (app, options) => {
  const { mail } = app.config
  const mailer: Mailer | null = options.mailer ?? (mail.smtp ? new SmtpMailer(mail.smtp, mail.from) : null)
  const domain = /@([^>\s]+)>?\s*$/.exec(mail.from)?.[1] ?? 'jogolimpo.invalid'
  const sms: SmsSender | null = options.sms ?? (mail.sms ? new HttpSmsSender(mail.sms) : null)
  let warned = false
  // Passes on one instance run one after another: a pass asked for waits for the one under way.
  let pass: Promise<DeliveryRun> = Promise.resolve({ sent: 0, failed: 0 })
  const deliverDue = () => {
    pass = pass
      .catch(() => ({ sent: 0, failed: 0 }))
      .then(async () => {
        if (!mailer && !warned) app.log.warn('no SMTP server configured (SMTP_URL or SMTP_HOST): e-mail stays queued')
        if (!sms && !warned) app.log.warn('no SMS API configured (SMS_API_URL): text messages stay queued')
        warned = true
        const run = await deliverDueMail(app.db, { mailer, sms }, () => app.clock.now())
        if (run.failed > 0) app.log.warn({ failed: run.failed }, 'messages not sent; retried later')
        return run
      })
    return pass
  }
  app.decorate('mail', {
    queue: (trx, message, now) => queueMail(trx, message, now, domain),
    queueSms: (trx, message, now) => queueSms(trx, message, now, domain),
    committed: () => {
      deliverDue().catch((error: unknown) => app.log.warn({ err: error }, 'e-mail delivery failed'))
    },
    deliverDue,
    status: (id) => mailStatus(app.db, id),
    sms,
  } satisfies MailService)

  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    timer = setInterval(() => app.mail.committed(), mail.pollMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await pass.catch(() => {})
    mailer?.close()
  })
}

export const mailModule = fp(mailPlugin, { name: 'mail', dependencies: ['infrastructure'] })
