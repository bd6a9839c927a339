// `/charge/amount/getUserAccountInfo` and `/charge/amount/saveUserAccountInfo`: the account
// details (full name + CPF) asked for before the first deposit.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { saveAccountDetailsRequest } from '../../contract/verification.ts'
import { ok } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'
import { seedSaveAccount, withSeedAccountFields } from './seed-shapes.ts'
import { readAccountDetails, saveAccountDetails } from './verification.ts'

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/charge/amount/getUserAccountInfo', async (request) =>
    ok(withSeedAccountFields(await readAccountDetails(app.db, request.playerId))),
  )

  const saveOptions = { preValidation: seedSaveAccount, schema: { body: saveAccountDetailsRequest } }
  app.post('/charge/amount/saveUserAccountInfo', saveOptions, async (request) => {
    const outcome = await saveAccountDetails(app.db, request.playerId, request.body, app.clock.now())
    if (outcome === 'cpf_taken' || outcome === 'already_verified') throw new Refusal(outcome)
    return ok(withSeedAccountFields(await readAccountDetails(app.db, request.playerId)))
  })
}
