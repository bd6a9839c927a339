// Text messages: the `SmsSender` interface and its adapter over an HTTP SMS API in the shape of
// Twilio's Messages resource — `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`,
// form fields `To`, `From`, `Body`, HTTP Basic auth (AccountSid:AuthToken), answered with the
// message resource (JSON, its `sid`) or an error object (`code`, `message`). The sandbox mailbox
// implements the same API.
import type { Config } from '../config.ts'

export interface SmsMessage {
  /** E.164, e.g. +5511987654321. */
  to: string
  body: string
}

export interface SmsSender {
  /** Answers the provider's message id; throws when the API did not take the message. */
  send(message: SmsMessage): Promise<string>
}

export class SmsRefused extends Error {
  readonly status: number
  readonly code: number | null
  constructor(status: number, code: number | null, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

export type SmsSettings = NonNullable<Config['mail']['sms']>

export class HttpSmsSender implements SmsSender {
  readonly settings: SmsSettings
  constructor(settings: SmsSettings) {
    this.settings = settings
  }

  async send(message: SmsMessage): Promise<string> {
    const { apiUrl, accountSid, authToken, from } = this.settings
    const url = `${apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: message.to, From: from, Body: message.body }).toString(),
      signal: AbortSignal.timeout(15_000),
    })
    const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown; message?: unknown }
    if (response.status !== 201 && response.status !== 200)
      throw new SmsRefused(
        response.status,
        typeof answer.code === 'number' ? answer.code : null,
        typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`,
      )
    if (typeof answer.sid !== 'string') throw new SmsRefused(response.status, null, 'no message sid in the answer')
    return answer.sid
  }
}
