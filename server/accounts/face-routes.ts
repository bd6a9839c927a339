// Identity by face in the player scope: send the front camera's picture (the onboarding step after
// name, CPF and date of birth, or a step-up before a sensitive action), say the phone has no camera
// (the verification goes to an operator), and read whether a face step waits. The picture is
// passed to the face provider and forgotten (face-checks.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { faceCheckAnswer, faceCheckRequest, faceFallbackRequest, faceStatus } from '../../contract/face.ts'
import { emptyRequest } from '../../contract/rewards.ts'
import { ok, replies } from '../http/envelope.ts'
import { checkOnboardingFace, checkStepUpFace, type FaceContext, faceFallback, stepUpDue } from './face-checks.ts'
import { pendingFace } from './face-pending.ts'

export const faceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app
  // A face check costs a provider call: a few a minute are plenty for a person at a camera. Counted
  // per player, not per address: many phones share one address behind a carrier's NAT.
  const limit = {
    rateLimit: {
      max: 6,
      timeWindow: '1 minute',
      keyGenerator: (request: { playerId: number }) => `face:${request.playerId}`,
    },
  }
  const context = (request: {
    ip: string
    sessionDeviceId: number | null
    log: { error: (o: object, m: string) => void }
  }): FaceContext => ({
    db,
    engine: app.engine,
    address: request.ip,
    reviewsPerAddressPerDay: config.verification.reviewsPerAddressPerDay,
    timeZone: config.market.timeZone,
    now: () => clock.now(),
    matcher: app.accounts.faceMatcher,
    settings: config.face,
    deviceRowId: request.sessionDeviceId,
    onProviderError: (error) => request.log.error({ err: error }, 'face provider fault'),
  })

  app.post(
    '/v1/account/face',
    {
      schema: {
        summary: 'Send the front camera picture: the face step after name, CPF and date of birth, or a step-up',
        description:
          'Onboarding: `passed` verifies the identity; `review` sends it to an operator with the scores ' +
          '(another face, low liveness, no provider answer). Step-up: `passed`, or `face_step_up_failed` / ' +
          '`face_unavailable`. The picture is never stored: only its SHA-256, the scores and the provider reference.',
        body: faceCheckRequest,
        response: replies(faceCheckAnswer),
      },
      config: limit,
      bodyLimit: 1_048_576,
    },
    async (request) => {
      const image = Buffer.from(request.body.image, 'base64')
      const ctx = context(request)
      const outcome =
        request.body.purpose === 'onboarding'
          ? await checkOnboardingFace(ctx, request.playerId, image)
          : await checkStepUpFace(ctx, request.playerId, image)
      return ok({ outcome })
    },
  )

  app.post(
    '/v1/account/faceFallback',
    {
      schema: {
        summary: 'No camera on this phone: the verification goes to an operator instead of the face step',
        body: faceFallbackRequest,
        response: replies(faceCheckAnswer),
      },
      config: limit,
    },
    async (request) => ok({ outcome: await faceFallback(context(request), request.playerId) }),
  )

  app.post(
    '/v1/account/faceStatus',
    {
      schema: {
        summary: 'Whether the face step waits (after name, CPF and date of birth) or a step-up is due on this device',
        body: emptyRequest,
        response: replies(faceStatus),
      },
    },
    async (request) =>
      ok({
        enabled: config.face.check,
        pending: (await pendingFace(db, request.playerId)) !== null,
        stepUpDue: config.face.stepUp && (await stepUpDue(db, request.sessionDeviceId)),
      }),
  )
}
