// `/charge/amount/getUserAccountInfo` and `/charge/amount/saveUserAccountInfo`: the account
// details (full name, CPF and date of birth) asked for before the first deposit, checked with the
// identity bureau (identity-checks.ts): verified at once, sent to an operator, or refused in words.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountDetails, saveAccountDetailsRequest } from '../../contract/verification.ts'
import { ok, replies } from '../http/envelope.ts'
import { verifyIdentity } from './identity-checks.ts'
import {
  legacyAccountFields,
  legacySaveAccount,
  legacySaveAccountRequest,
  withLegacyAccountFields,
} from './legacy-shapes.ts'
import { readAccountDetails } from './verification.ts'

const detailsReply = replies(accountDetails.extend(legacyAccountFields))

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const getSchema = {
    summary: "The player's full name and masked CPF, and the verification's status",
    response: detailsReply,
  }
  app.post('/charge/amount/getUserAccountInfo', { schema: getSchema }, async (request) =>
    ok(withLegacyAccountFields(await readAccountDetails(app.db, request.playerId))),
  )

  const saveSchema = {
    summary:
      'Give the full name, CPF and date of birth (needed before the first deposit): verified, sent to review, or refused',
    body: saveAccountDetailsRequest,
    response: detailsReply,
  }
  const saveOptions = {
    preValidation: legacySaveAccount,
    schema: saveSchema,
    config: { legacyBody: legacySaveAccountRequest },
  }
  app.post('/charge/amount/saveUserAccountInfo', saveOptions, async (request) => {
    await verifyIdentity(
      {
        db: app.db,
        bureau: app.accounts.identityBureau,
        timeZone: app.config.market.timeZone,
        now: () => app.clock.now(),
        onBureauError: (error) => request.log.error({ err: error }, 'identity bureau fault'),
      },
      request.playerId,
      request.body,
    )
    return ok(withLegacyAccountFields(await readAccountDetails(app.db, request.playerId)))
  })
}
