// Outgoing e-mail: the `Mailer` interface the outbox sends through, and its adapter over SMTP
// (RFC 5321, with STARTTLS or implicit TLS and AUTH) written with nodemailer. The app never
// calls a mailer from a request: messages go through the outbox (outbox.ts), which records and
// retries them.
import nodemailer, { type Transporter } from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js'
import type { Config } from '../config.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string | null | undefined
  /** The Message-ID header (`<id@host>`), the same on every attempt of one outbox row. */
  messageId?: string | undefined
}

export interface Mailer {
  /** Hands the message to the provider; answers the provider's id for it. Throws when it was not taken. */
  send(message: MailMessage): Promise<string>
  close(): void
}

export type SmtpSettings = NonNullable<Config['mail']['smtp']>

/** What the server's final 250 reply names the message by ("queued as X"), or its Message-ID. */
export function providerIdOf(info: SMTPTransport.SentMessageInfo): string {
  const queued = /queued as\s+<?([^\s>]+)>?/i.exec(info.response ?? '')
  return queued?.[1] ?? info.messageId
}

/**
 * An SMTP URL's parts: `smtps://` is TLS from the start (465 by default), `smtp://` upgrades with
 * STARTTLS when offered (587), and insists with `?requireTLS=true`; user and password from the URL.
 */
export function fromUrl(url: string): SMTPTransport.Options {
  const parsed = new URL(url)
  const secure = parsed.protocol === 'smtps:'
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    requireTLS: parsed.searchParams.get('requireTLS') === 'true',
    ...(parsed.username
      ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
      : {}),
  }
}

/** The SMTP adapter: one connection per message (the outbox sends a few at a time), bounded waits. */
export class SmtpMailer implements Mailer {
  readonly #transport: Transporter<SMTPTransport.SentMessageInfo>
  readonly #from: string

  constructor(settings: SmtpSettings, from: string) {
    const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }
    this.#transport =
      settings.kind === 'url'
        ? nodemailer.createTransport({ ...fromUrl(settings.url), ...timeouts })
        : nodemailer.createTransport({
            host: settings.host,
            port: settings.port,
            secure: settings.tls === 'implicit',
            // Mail that may carry a one-time link is never sent in the clear to a remote server.
            requireTLS: settings.tls === 'starttls',
            ignoreTLS: settings.tls === 'none',
            ...(settings.user ? { auth: { user: settings.user, pass: settings.pass ?? '' } } : {}),
            ...timeouts,
          })
    this.#from = from
  }

  async send(message: MailMessage): Promise<string> {
    const info = await this.#transport.sendMail({
      from: this.#from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.messageId ? { messageId: message.messageId } : {}),
    })
    if (info.rejected.length > 0) throw new Error(`recipient refused: ${info.response}`)
    return providerIdOf(info)
  }

  close(): void {
    this.#transport.close()
  }
}
