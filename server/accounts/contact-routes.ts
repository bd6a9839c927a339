// A player's e-mail address and mobile phone, in the player scope: set one (a code is sent to it),
// confirm it with the code, read one's own contacts (in full: only their owner reads them here).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  type CodeSentResponse,
  type ContactKind,
  codeSentResponse,
  confirmContactRequest,
  contactsResponse,
  setEmailRequest,
  setPhoneRequest,
} from '../../contract/contacts.ts'
import { defaultLanguage, isLanguage } from '../../contract/languages.ts'
import { emptyRequest } from '../../contract/rewards.ts'
import { ok, replies } from '../http/envelope.ts'
import { confirmContact, readContacts, sendContactCode } from './contacts.ts'
import { accountLegacyPaths as legacy } from './legacy-shapes.ts'
import { findById } from './players.ts'

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app
  const limit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } }

  async function send(playerId: number, kind: ContactKind, value: string): Promise<CodeSentResponse> {
    const player = await findById(db, playerId)
    const { expiresAt } = await sendContactCode(
      db,
      app.mail,
      { playerId, kind, value, language: isLanguage(player.language) ? player.language : defaultLanguage },
      clock.now(),
    )
    app.mail.committed()
    return { kind, sentTo: value, expiresAt }
  }

  const limits =
    'A code is valid 15 minutes and a newer one voids it; at most 5 codes an hour per player and 3 per address ' +
    '(`contact_send_limited`, with `retryAt`).'
  app.post(
    '/v1/account/contacts/email',
    {
      schema: {
        summary: 'Set the e-mail address: a 6-digit code is sent to it',
        description: limits,
        body: setEmailRequest,
        response: replies(codeSentResponse),
      },
      config: { ...limit, legacyPath: legacy.contactEmail },
    },
    async (request) => ok(await send(request.playerId, 'email', request.body.email)),
  )
  app.post(
    '/v1/account/contacts/phone',
    {
      schema: {
        summary: 'Set the mobile phone (Brazilian, normalised to E.164): a 6-digit code is sent to it by SMS',
        description: limits,
        body: setPhoneRequest,
        response: replies(codeSentResponse),
      },
      config: { ...limit, legacyPath: legacy.contactPhone },
    },
    async (request) => ok(await send(request.playerId, 'phone', request.body.phone)),
  )
  app.post(
    '/v1/account/contacts/confirm',
    {
      schema: {
        summary: 'Confirm the e-mail or phone with the code sent to it',
        description:
          'A wrong or expired code answers `contact_code_invalid`; the 5th wrong try spends the code (`contact_code_locked`).',
        body: confirmContactRequest,
        response: replies(contactsResponse),
      },
      config: { ...limit, legacyPath: legacy.contactConfirm },
    },
    async (request) => {
      const now = clock.now()
      await confirmContact(db, { playerId: request.playerId, ...request.body }, now)
      return ok(await readContacts(db, request.playerId, now))
    },
  )
  app.post(
    '/v1/account/contacts',
    {
      schema: { summary: "The player's own e-mail and phone", body: emptyRequest, response: replies(contactsResponse) },
      config: { ...limit, legacyPath: legacy.contacts },
    },
    async (request) => ok(await readContacts(db, request.playerId, clock.now())),
  )
}
