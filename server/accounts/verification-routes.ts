// `/v1/account/details` and `/v1/account/details/save`: the account details (full name, CPF and date of birth) asked for before the first deposit, checked with the
// identity bureau (identity-checks.ts): verified at once, sent to an operator, or refused in words.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountDetails, saveAccountDetailsRequest } from '../../contract/verification.ts'
import { ok, replies } from '../http/envelope.ts'
import { verifyIdentity } from './identity-checks.ts'
import { accountLegacyPaths as legacy } from './legacy-shapes.ts'
import { readAccountDetails } from './verification.ts'

const detailsReply = replies(accountDetails)

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const getSchema = {
    summary: "The player's full name and masked CPF, and the verification's status",
    response: detailsReply,
  }
  app.post('/v1/account/details', { schema: getSchema, config: { legacyPath: legacy.details } }, async (request) =>
    ok(await readAccountDetails(app.db, request.playerId)),
  )

  const saveSchema = {
    summary:
      'Give the full name, CPF and date of birth (needed before the first deposit): verified, sent to review, or refused',
    body: saveAccountDetailsRequest,
    response: detailsReply,
  }
  const saveOptions = { schema: saveSchema, config: { legacyPath: legacy.saveDetails } }
  app.post('/v1/account/details/save', saveOptions, async (request) => {
    const outcome = await verifyIdentity(
      {
        db: app.db,
        engine: app.engine,
        address: request.ip,
        reviewsPerAddressPerDay: app.config.verification.reviewsPerAddressPerDay,
        reopenDays: app.config.closure.reopenDays,
        bureau: app.accounts.identityBureau,
        register: app.sigap.standing,
        timeZone: app.config.market.timeZone,
        now: () => app.clock.now(),
        faceStep: app.config.face.check,
        onBureauError: (error) => request.log.error({ err: error }, 'identity bureau fault'),
      },
      request.playerId,
      request.body,
    )
    if (outcome.kind === 'verified') await app.accounts.verified(request.playerId)
    return ok(await readAccountDetails(app.db, request.playerId))
  })
}
