// The outbox of e-mail and SMS: a message is written in the transaction of the action that sends it (so an
// action rolled back sends nothing), then delivered after the commit. A worker claims a row
// before sending it — a conditional update only one worker wins, on any instance — so no message
// is handed to the SMTP server or the SMS API twice by two workers; a failed send goes back to the queue with a
// growing wait and, after MAX_ATTEMPTS, stays `failed`. A sent row's body is emptied: it may hold
// a one-time link. A worker that dies mid-send leaves its claim to expire and the message is sent
// again, with the same Message-ID (a receiver may drop the repeat).
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { Mailer, MailMessage } from './mailer.ts'
import type { SmsMessage, SmsSender } from './sms.ts'

export const MAX_ATTEMPTS = 12
/** A claimed row is another worker's to take after this (longer than any send's timeouts). */
export const CLAIM_MS = 5 * 60_000
const FIRST_WAIT_MS = 30_000
const LONGEST_WAIT_MS = 60 * 60_000

/** The wait after the `attempts`-th failed send: 30 s, 1 min, 2 min, … at most an hour. */
export const retryWait = (attempts: number) => Math.min(FIRST_WAIT_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS)

/** What differs between an e-mail and a text message in the outbox; the rest starts the same. */
type Queued = { kind: 'email' | 'sms'; recipient: string; subject: string; bodyText: string; bodyHtml: string | null }

async function queue(trx: Kysely<Database>, message: Queued, now: number, domain: string): Promise<number> {
  const row = await trx
    .insertInto('mail_outbox')
    .values({
      kind: message.kind,
      recipient: message.recipient,
      subject: message.subject,
      body_text: message.bodyText,
      body_html: message.bodyHtml,
      message_id: `<${randomBytes(16).toString('hex')}@${domain}>`,
      status: 'queued',
      attempts: 0,
      next_attempt_at: now,
      claimed_until: null,
      last_error: null,
      provider_id: null,
      created_at: now,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** Writes a message to send, in the caller's transaction; answers its row id. */
export function queueMail(
  trx: Kysely<Database>,
  message: Omit<MailMessage, 'messageId'>,
  now: number,
  domain = 'jogolimpo.invalid',
): Promise<number> {
  const { to, subject, text, html } = message
  return queue(trx, { kind: 'email', recipient: to, subject, bodyText: text, bodyHtml: html ?? null }, now, domain)
}

/** Writes a text message to send, in the caller's transaction; answers its row id. */
export function queueSms(
  trx: Kysely<Database>,
  message: SmsMessage,
  now: number,
  domain = 'jogolimpo.invalid',
): Promise<number> {
  return queue(
    trx,
    { kind: 'sms', recipient: message.to, subject: '', bodyText: message.body, bodyHtml: null },
    now,
    domain,
  )
}

/** What the outbox sends through: either may be missing (its messages then stay queued). */
export interface Senders {
  mailer: Mailer | null
  sms: SmsSender | null
}

export interface DeliveryRun {
  sent: number
  failed: number
}

/** Sends what is due at `now`, each message claimed first; answers how many went and how many failed. */
export async function deliverDueMail(
  db: Kysely<Database>,
  senders: Mailer | Senders,
  now: () => number,
): Promise<DeliveryRun> {
  const { mailer, sms } = 'send' in senders ? { mailer: senders, sms: null } : senders
  const kinds = [...(mailer ? ['email' as const] : []), ...(sms ? ['sms' as const] : [])]
  if (kinds.length === 0) return { sent: 0, failed: 0 }
  const at = now()
  const due = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', at)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', at)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(50)
    .execute()
  const run: DeliveryRun = { sent: 0, failed: 0 }
  for (const { id } of due) {
    const claimedAt = now()
    const row = await db
      .updateTable('mail_outbox')
      .set((eb) => ({ status: 'sending', claimed_until: claimedAt + CLAIM_MS, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', claimedAt)]),
          eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', claimedAt)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst()
    if (!row) continue // another worker took it
    try {
      const providerId =
        row.kind === 'sms'
          ? await (sms as SmsSender).send({ to: row.recipient, body: row.body_text })
          : await (mailer as Mailer).send({
              to: row.recipient,
              subject: row.subject,
              text: row.body_text,
              html: row.body_html,
              messageId: row.message_id,
            })
      await db
        .updateTable('mail_outbox')
        .set({
          status: 'sent',
          sent_at: now(),
          provider_id: providerId.slice(0, 200),
          body_text: '',
          body_html: null,
          claimed_until: null,
          last_error: null,
        })
        .where('id', '=', id)
        .execute()
      run.sent++
    } catch (error) {
      const attempts = Number(row.attempts)
      const giveUp = attempts >= MAX_ATTEMPTS
      await db
        .updateTable('mail_outbox')
        .set({
          status: giveUp ? 'failed' : 'queued',
          next_attempt_at: now() + retryWait(attempts),
          claimed_until: null,
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        })
        .where('id', '=', id)
        .execute()
      run.failed++
    }
  }
  return run
}

export interface OutboxMessageStatus {
  id: number
  kind: 'email' | 'sms'
  recipient: string
  status: Database['mail_outbox']['status']
  attempts: number
  nextAttemptAt: number
  lastError: string | null
  providerId: string | null
  sentAt: number | null
}

/** One message's status (the outbox's own record of it). */
export async function mailStatus(db: Kysely<Database>, id: number): Promise<OutboxMessageStatus | null> {
  const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return null
  return {
    id: Number(row.id),
    kind: row.kind,
    recipient: row.recipient,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    lastError: row.last_error,
    providerId: row.provider_id,
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
  }
}
