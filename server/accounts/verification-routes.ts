// `/charge/amount/getUserAccountInfo` and `/charge/amount/saveUserAccountInfo`: the account
// details (full name + CPF) asked for before the first deposit.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountDetails, saveAccountDetailsRequest } from '../../contract/verification.ts'
import { ok, replies } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'
import { seedAccountFields, seedSaveAccount, seedSaveAccountRequest, withSeedAccountFields } from './seed-shapes.ts'
import { readAccountDetails, saveAccountDetails } from './verification.ts'

const detailsReply = replies(accountDetails.extend(seedAccountFields))

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const getSchema = { summary: "The player's full name and masked CPF, and whether verified", response: detailsReply }
  app.post('/charge/amount/getUserAccountInfo', { schema: getSchema }, async (request) =>
    ok(withSeedAccountFields(await readAccountDetails(app.db, request.playerId))),
  )

  const saveSchema = {
    summary: 'Give the full name and CPF (needed before the first deposit)',
    body: saveAccountDetailsRequest,
    response: detailsReply,
  }
  const saveOptions = {
    preValidation: seedSaveAccount,
    schema: saveSchema,
    config: { legacyBody: seedSaveAccountRequest },
  }
  app.post('/charge/amount/saveUserAccountInfo', saveOptions, async (request) => {
    const outcome = await saveAccountDetails(app.db, request.playerId, request.body, app.clock.now())
    if (outcome === 'cpf_taken' || outcome === 'already_verified') throw new Refusal(outcome)
    return ok(withSeedAccountFields(await readAccountDetails(app.db, request.playerId)))
  })
}
