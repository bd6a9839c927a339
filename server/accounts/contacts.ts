// A player's contact channels: an e-mail address and a Brazilian mobile phone, each confirmed with
// a 6-digit code sent to it (through the outbox, in the transaction that stores the code's hash —
// never the code), valid 15 minutes; a newer code voids the older one. Sending is limited per
// player and per address within an hour, so the app cannot be used to flood someone's inbox or
// phone; a code takes at most 5 wrong tries, then only a new code confirms. Other modules reach a
// player through `confirmedContacts` and `queuePlayerNotice` (confirmed values only); the console
// reads them masked through `maskContact`.
import { randomInt, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { ContactKind, ContactState, ContactsResponse } from '../../contract/contacts.ts'
import type { Language } from '../../contract/languages.ts'
import type { Database } from '../db/schema.ts'
import { say } from '../i18n/catalog.ts'
import { sha256Hex } from '../lib/secrets.ts'
import type { MailService } from '../mail/plugin.ts'
import { Refusal } from '../refusal.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
export const CODE_TTL_MS = 15 * MINUTE
/** Wrong codes a code takes; the next try needs a new code. */
export const MAX_CODE_ATTEMPTS = 5
/** Codes one player may be sent in an hour (both kinds together). */
export const SENDS_PER_HOUR_PER_PLAYER = 5
/** Codes one address or phone may receive in an hour, whoever asked. */
export const SENDS_PER_HOUR_PER_ADDRESS = 3

type Outbox = Pick<MailService, 'queue' | 'queueSms'>

const codeMail = {
  subject: /*i18n*/ { id: 'mail.contact_code.subject', message: 'Seu código do Jogo Limpo: {code}' },
  body: /*i18n*/ {
    id: 'mail.contact_code.body',
    message:
      'Seu código para confirmar este e-mail no Jogo Limpo é {code}.\n\nEle vale por 15 minutos. Se não foi você quem pediu, ignore esta mensagem.',
  },
}
const codeSms = /*i18n*/ {
  id: 'sms.contact_code',
  message: 'Jogo Limpo: seu código de confirmação é {code}. Vale 15 minutos. Não o repasse a ninguém.',
}

const codeHash = (playerId: number, kind: ContactKind, value: string, code: string) =>
  sha256Hex(`contact:${playerId}:${kind}:${value}:${code}`)

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Sends a new code to `value` (an e-mail address, or a phone in E.164) and keeps it pending for
 * the player's `kind`; the older pending code, if any, stops working. Answers when it expires.
 */
export async function sendContactCode(
  db: Kysely<Database>,
  outbox: Outbox,
  input: { playerId: number; kind: ContactKind; value: string; language: Language },
  now: number,
): Promise<{ expiresAt: number }> {
  const { playerId, kind, value, language } = input
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const expiresAt = now + CODE_TTL_MS
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('player_contacts')
      .values({ player_id: playerId, kind, updated_at: now, code_attempts: 0 })
      .onConflict((oc) => oc.columns(['player_id', 'kind']).doNothing())
      .execute()
    // The player's rows are written first: two sends of one player wait for each other here, so
    // the hourly count below is not read by both before either is written.
    await trx.updateTable('player_contacts').set({ updated_at: now }).where('player_id', '=', playerId).execute()
    const since = now - HOUR
    const byPlayer = await trx
      .selectFrom('player_contact_codes')
      .select(['sent_at'])
      .where('player_id', '=', playerId)
      .where('sent_at', '>', since)
      .orderBy('sent_at')
      .execute()
    const byAddress = await trx
      .selectFrom('player_contact_codes')
      .select(['sent_at'])
      .where('value', '=', value)
      .where('sent_at', '>', since)
      .orderBy('sent_at')
      .execute()
    const full = [
      byPlayer.length >= SENDS_PER_HOUR_PER_PLAYER ? byPlayer[byPlayer.length - SENDS_PER_HOUR_PER_PLAYER] : undefined,
      byAddress.length >= SENDS_PER_HOUR_PER_ADDRESS
        ? byAddress[byAddress.length - SENDS_PER_HOUR_PER_ADDRESS]
        : undefined,
    ].filter((row) => row !== undefined)
    if (full.length > 0) {
      const retryAt = Math.max(...full.map((row) => Number(row.sent_at) + HOUR))
      throw new Refusal('contact_send_limited', { retryAt })
    }
    await trx.insertInto('player_contact_codes').values({ player_id: playerId, kind, value, sent_at: now }).execute()
    await trx
      .updateTable('player_contacts')
      .set({
        pending_value: value,
        code_hash: codeHash(playerId, kind, value, code),
        code_expires_at: expiresAt,
        code_attempts: 0,
        updated_at: now,
      })
      .where('player_id', '=', playerId)
      .where('kind', '=', kind)
      .execute()
    if (kind === 'email')
      await outbox.queue(
        trx,
        { to: value, subject: say(language, codeMail.subject, { code }), text: say(language, codeMail.body, { code }) },
        now,
      )
    else await outbox.queueSms(trx, { to: value, body: say(language, codeSms, { code }) }, now)
  })
  return { expiresAt }
}

/**
 * Confirms the pending value of the player's `kind` with its code. A wrong code is counted (and
 * the count kept, though the call is refused); at the 5th the code is spent.
 */
export async function confirmContact(
  db: Kysely<Database>,
  input: { playerId: number; kind: ContactKind; code: string },
  now: number,
): Promise<void> {
  const { playerId, kind, code } = input
  const row = await db
    .selectFrom('player_contacts')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('kind', '=', kind)
    .executeTakeFirst()
  if (!row || row.pending_value === null || row.code_hash === null || row.code_expires_at === null)
    throw new Refusal('contact_code_invalid')
  if (Number(row.code_attempts) >= MAX_CODE_ATTEMPTS) throw new Refusal('contact_code_locked')
  if (Number(row.code_expires_at) <= now) throw new Refusal('contact_code_invalid')
  const pendingHash = row.code_hash
  // Both updates are conditional on the code still pending with tries left, so tries made at the
  // same time cannot together go past the limit, and a right code after the last wrong one fails.
  const stillPending = (update: ReturnType<typeof db.updateTable<'player_contacts'>>) =>
    update.where('id', '=', row.id).where('code_hash', '=', pendingHash).where('code_attempts', '<', MAX_CODE_ATTEMPTS)
  if (!sameHash(codeHash(playerId, kind, row.pending_value, code), pendingHash)) {
    const counted = await stillPending(db.updateTable('player_contacts'))
      .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1), updated_at: now }))
      .returning('code_attempts')
      .executeTakeFirst()
    if (!counted || Number(counted.code_attempts) >= MAX_CODE_ATTEMPTS) throw new Refusal('contact_code_locked')
    throw new Refusal('contact_code_invalid')
  }
  const confirmed = await stillPending(db.updateTable('player_contacts'))
    .set({
      value: row.pending_value,
      confirmed_at: now,
      pending_value: null,
      code_hash: null,
      code_expires_at: null,
      code_attempts: 0,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirst()
  if (!confirmed) throw new Refusal('contact_code_locked')
}

const noContact: ContactState = { value: null, confirmedAt: null, pending: null }

/** The player's own contacts in full (for the player only; the console uses `maskContact`). */
export async function readContacts(db: Kysely<Database>, playerId: number, now: number): Promise<ContactsResponse> {
  const rows = await db.selectFrom('player_contacts').selectAll().where('player_id', '=', playerId).execute()
  const answer: ContactsResponse = { email: noContact, phone: noContact }
  for (const row of rows) {
    const open = row.code_expires_at !== null && Number(row.code_expires_at) > now
    answer[row.kind] = {
      value: row.value,
      confirmedAt: row.confirmed_at === null ? null : Number(row.confirmed_at),
      pending: open ? row.pending_value : null,
    }
  }
  return answer
}

export interface ConfirmedContacts {
  email?: string
  phone?: string
}

/** The player's confirmed e-mail and phone (a value waiting for its code is not one). */
export async function confirmedContacts(db: Kysely<Database>, playerId: number): Promise<ConfirmedContacts> {
  const rows = await db
    .selectFrom('player_contacts')
    .select(['kind', 'value'])
    .where('player_id', '=', playerId)
    .where('confirmed_at', 'is not', null)
    .where('value', 'is not', null)
    .execute()
  const found: ConfirmedContacts = {}
  for (const row of rows) if (row.value !== null) found[row.kind] = row.value
  return found
}

export interface PlayerNotice {
  subject: string
  text: string
  /** The SMS text; without it no SMS is sent. */
  sms?: string
}

/**
 * Queues a notice to the player's confirmed e-mail and (when the notice has an SMS text) phone, in
 * the caller's transaction (`committed()` after the commit). Answers the outbox rows written; none
 * when the player confirmed no contact.
 */
export async function queuePlayerNotice(
  trx: Kysely<Database>,
  outbox: Outbox,
  playerId: number,
  notice: PlayerNotice,
  now: number,
): Promise<{ email?: number; sms?: number }> {
  const contacts = await confirmedContacts(trx, playerId)
  const queued: { email?: number; sms?: number } = {}
  if (contacts.email)
    queued.email = await outbox.queue(trx, { to: contacts.email, subject: notice.subject, text: notice.text }, now)
  if (contacts.phone && notice.sms)
    queued.sms = await outbox.queueSms(trx, { to: contacts.phone, body: notice.sms }, now)
  return queued
}

/** A contact as the console shows it to a role not entitled to it: `a***@d***.com`, `+55 11 9****-**21`. */
export function maskContact(kind: ContactKind, value: string): string {
  if (kind === 'phone') return `${value.slice(0, 3)} ${value.slice(3, 5)} 9****-**${value.slice(-2)}`
  const [local = '', domain = ''] = value.split('@')
  const dot = domain.lastIndexOf('.')
  const tld = dot >= 0 ? domain.slice(dot) : ''
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`
}
