// Passkey calls. In the player scope: list the player's passkeys, enrol one (the password first,
// and the face step-up when this device owes one), revoke one (the same two: how a lost phone's
// passkey is taken away from a new device), and the challenge a withdrawal's passkey signs. In
// the public scope: the challenge and the login with a passkey, which gives the device a session
// as a password login does (the same device again when it sends its own id and secret).
import { randomUUID } from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { loginResponse } from '../../contract/accounts.ts'
import {
  passkeyEnrolOptionsRequest,
  passkeyEnrolRequest,
  passkeyList,
  passkeyLoginRequest,
  passkeyOptions,
  passkeyRevokeRequest,
} from '../../contract/passkeys.ts'
import { emptyRequest } from '../../contract/rewards.ts'
import { ok, replies } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'
import { closedRefusal } from './account-holds.ts'
import { addDevice, deviceLabel } from './devices.ts'
import { markStepUpDue, stepUpDue } from './face-checks.ts'
import { accountLegacyPaths as legacy } from './legacy-shapes.ts'
import { ownDevice } from './login.ts'
import {
  assertionOptions,
  enrolOptions,
  enrolPasskey,
  listPasskeys,
  relyingParty,
  revokePasskey,
  verifyPasskey,
} from './passkeys.ts'
import { confirmCurrentPassword } from './password-change.ts'
import { confirmAdult, findById } from './players.ts'
import { sessionFor } from './routes.ts'
import { noteSighting } from './sightings.ts'

/** Login with a passkey (public scope). */
export const passkeyLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app
  const rp = relyingParty(config.publicUrl)
  const limit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } }
  const session = sessionFor(app)

  app.post(
    '/v1/account/passkeys/loginOptions',
    {
      schema: {
        summary: 'The challenge a passkey signs to log in (any passkey of this site; valid 5 minutes, once)',
        body: emptyRequest,
        response: replies(passkeyOptions),
      },
      config: { ...limit, legacyPath: legacy.passkeyLoginOptions },
    },
    async () => ok({ options: { ...(await assertionOptions(db, rp, null, 'login', clock.now())) } }),
  )

  app.post(
    '/v1/account/passkeys/login',
    {
      schema: {
        summary: 'Log in with a passkey: a session for this device (the same device when its id and secret come too)',
        body: passkeyLoginRequest,
        response: replies(loginResponse),
      },
      config: { ...limit, legacyPath: legacy.passkeyLogin },
    },
    async (request) => {
      const now = clock.now()
      const { body } = request
      const response = body.response as unknown as AuthenticationResponseJSON
      const playerId = await verifyPasskey(db, rp, { playerId: null, purpose: 'login', response }, now)
      const player = await findById(db, playerId)
      if (player.closed_at !== null) throw closedRefusal(player.closed_reason)
      if (body.ageConfirmed) await confirmAdult(db, player, now)
      const label = deviceLabel(request.headers['user-agent'])
      // The device's own id and secret: the same device, nothing owed. A new device (a passkey
      // synced to another phone logs in too) owes the face before its first withdrawal, as after
      // a password login there; no cool-off, since no credential changed.
      const own = await ownDevice(db, playerId, body.deviceId, body.deviceSecret, label, now)
      const device = own ?? (await addDevice(db, playerId, randomUUID(), label, now))
      if (!own && config.face.stepUp) await markStepUpDue(db, playerId, device.id, now)
      await noteSighting(db, { playerId, deviceId: body.deviceId, address: request.ip }, now)
      await app.sigap.standing.atLogin(playerId)
      return ok(await session({ player, device, created: false }, now))
    },
  )
}

/** The player's passkeys (player scope). */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app
  const rp = relyingParty(config.publicUrl)
  // A person at a phone enrols or revokes a passkey a few times at most.
  const limit = { rateLimit: { max: 10, timeWindow: '1 minute' } }

  /** The password, then the face step-up this device may owe (after a password or passkey login added it). */
  const confirmOwner = async (
    request: { playerId: number; sessionDeviceId: number | null; ip: string },
    password: string,
  ) => {
    const player = await findById(db, request.playerId)
    await confirmCurrentPassword(db, player, password, request.ip, clock.now())
    if (config.face.stepUp && (await stepUpDue(db, request.sessionDeviceId)))
      throw new Refusal('face_step_up_required', { why: 'new_device' })
    return player
  }

  app.post(
    '/v1/account/passkeys',
    { schema: { summary: "The player's passkeys", body: emptyRequest, response: replies(passkeyList) } },
    async (request) => ok({ passkeys: await listPasskeys(db, request.playerId) }),
  )

  app.post(
    '/v1/account/passkeys/enrolOptions',
    {
      schema: {
        summary: 'Start enrolling a passkey: the password (and the face step-up this device owes), then the options',
        body: passkeyEnrolOptionsRequest,
        response: replies(passkeyOptions),
      },
      config: limit,
    },
    async (request) => {
      const player = await confirmOwner(request, request.body.password)
      if (player.user_name === null) throw new Refusal('password_not_set')
      const options = await enrolOptions(db, rp, { id: request.playerId, userName: player.user_name }, clock.now())
      return ok({ options: { ...options } })
    },
  )

  app.post(
    '/v1/account/passkeys/enrol',
    {
      schema: {
        summary: "Keep the passkey the phone made (its public key; the challenge is this player's, once)",
        body: passkeyEnrolRequest,
        response: replies(z.object({ id: z.number().int() })),
      },
      config: limit,
    },
    async (request) => {
      const response = request.body.response as unknown as RegistrationResponseJSON
      const label = deviceLabel(request.headers['user-agent']) || 'Passkey'
      return ok(await enrolPasskey(db, rp, request.playerId, response, label, clock.now()))
    },
  )

  app.post(
    '/v1/account/passkeys/revoke',
    {
      schema: {
        summary: 'Revoke one of the passkeys (the password, and the face step-up a new device owes)',
        body: passkeyRevokeRequest,
        response: replies(z.object({ revoked: z.literal(true) })),
      },
      config: limit,
    },
    async (request) => {
      await confirmOwner(request, request.body.password)
      if (!(await revokePasskey(db, request.playerId, request.body.id, clock.now()))) throw new Refusal('not_found')
      return ok({ revoked: true as const })
    },
  )

  app.post(
    '/v1/account/passkeys/withdrawalOptions',
    {
      schema: {
        summary: "The challenge the player's passkey signs to approve a withdrawal (valid 5 minutes, once)",
        body: emptyRequest,
        response: replies(passkeyOptions),
      },
      config: limit,
    },
    async (request) =>
      ok({ options: { ...(await assertionOptions(db, rp, request.playerId, 'withdrawal', clock.now())) } }),
  )
}
