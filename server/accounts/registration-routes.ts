// The registration data in the player scope: give or correct the address (with its CEP) and gender,
// and read one's own (in full: only its owner reads it here; operators read it masked unless their
// role may see personal data).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { registrationData, registrationDataRequest } from '../../contract/face.ts'
import { emptyRequest } from '../../contract/rewards.ts'
import { ok, replies } from '../http/envelope.ts'
import { readRegistration, saveRegistration } from './registration.ts'

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app
  const limit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } }
  const own = async (playerId: number) => {
    const { signupAddress: _address, signupDevice: _device, ...data } = await readRegistration(db, playerId)
    return data
  }

  app.post(
    '/v1/account/registration',
    {
      schema: {
        summary: 'Give or correct the address (with CEP) and gender the rules ask at registration',
        body: registrationDataRequest,
        response: replies(registrationData),
      },
      config: limit,
    },
    async (request) => {
      await saveRegistration(db, request.playerId, { ...request.body }, clock.now())
      return ok(await own(request.playerId))
    },
  )

  app.post(
    '/v1/account/registrationInfo',
    {
      schema: {
        summary: 'The address and gender given at registration',
        body: emptyRequest,
        response: replies(registrationData),
      },
    },
    async (request) => ok(await own(request.playerId)),
  )
}
