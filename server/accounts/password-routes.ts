// Changing the password. In the player scope, on a device logged in to the account: with the
// current password, or — forgotten — with the verified CPF and date of birth; both keep this
// device signed in and sign out the others. In the public scope: setting a new password with the
// one-time code an operator issued after checking who the player is (any device; every device of
// the account is signed out, and the player logs in with the new password). Each path checks the
// new password as a first one is checked (the common list, then zxcvbn off the event loop, then
// scrypt in its queue), starts the withdrawal cool-off and sends the player a notice.
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  changePasswordRequest,
  forgottenPasswordRequest,
  type PasswordChangedResponse,
  passwordChangedResponse,
  resetPasswordRequest,
} from '../../contract/accounts.ts'
import { FieldRefusal, ok, replies } from '../http/envelope.ts'
import { sha256Hex } from '../lib/secrets.ts'
import { passwordChanged } from '../push/notices.ts'
import { Refusal } from '../refusal.ts'
import { accountLegacyPaths as legacy } from './legacy-shapes.ts'
import {
  changeKey,
  confirmCurrentPassword,
  confirmIdentity,
  openReset,
  type PasswordReplaced,
  replacePassword,
  requirePasswordSet,
  useReset,
} from './password-change.ts'
import { withoutCommonPassword } from './password-policy.ts'
import { isGuessablePassword } from './password-score.ts'
import { hashPassword } from './passwords.ts'
import { findById } from './players.ts'

const limitOf = (app: FastifyInstance) => ({
  rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' },
})

/** zxcvbn's verdict, then the scrypt hash (both cost a core; refusals that cost nothing came first). */
async function newPasswordHash(password: string, userName: string, source: string): Promise<string> {
  if (await isGuessablePassword(password, [userName])) throw new FieldRefusal('password', 'password_weak')
  return hashPassword(password, source)
}

/** After the change committed: games and sockets of the revoked tokens close, the player hears of it. */
async function afterChange(app: FastifyInstance, playerId: number, replaced: PasswordReplaced, now: number) {
  await app.accounts.tokensRevoked(replaced.tokenHashes, now)
  app.push.closeSessions(replaced.tokenHashes)
  void app.push.sendWebPush(playerId, passwordChanged())
}

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app

  const changeSchema = {
    summary: 'Change the password with the current one (signs out the other devices)',
    body: withoutCommonPassword(changePasswordRequest),
    response: replies(passwordChangedResponse),
  }
  app.post(
    '/v1/account/password/change',
    { schema: changeSchema, config: { ...limitOf(app), legacyPath: legacy.passwordChange } },
    async (request) => {
      const player = await findById(db, request.playerId)
      const { userName } = requirePasswordSet(player)
      await confirmCurrentPassword(db, player, request.body.currentPassword, request.ip, clock.now())
      const hash = await newPasswordHash(request.body.password, userName, request.ip)
      return ok(await change(request.playerId, userName, hash, request))
    },
  )

  const forgottenSchema = {
    summary: 'Change a forgotten password on a logged-in device, confirming the verified CPF and date of birth',
    description:
      'Only a verified account whose verification kept the date of birth. A wrong CPF and a wrong date answer the ' +
      'same `identity_not_confirmed`; 5 wrong answers (with wrong current passwords) in an hour pause changes for an hour.',
    body: withoutCommonPassword(forgottenPasswordRequest),
    response: replies(passwordChangedResponse),
  }
  app.post(
    '/v1/account/password/forgotten',
    { schema: forgottenSchema, config: { ...limitOf(app), legacyPath: legacy.passwordForgotten } },
    async (request) => {
      const player = await findById(db, request.playerId)
      const { userName } = requirePasswordSet(player)
      const { cpf, birthDate } = request.body
      await confirmIdentity(db, request.playerId, { cpf, birthDate }, changeKey(request.playerId), clock.now())
      const hash = await newPasswordHash(request.body.password, userName, request.ip)
      return ok(await change(request.playerId, userName, hash, request))
    },
  )

  async function change(
    playerId: number,
    userName: string,
    hash: string,
    request: { sessionDeviceId: number | null; accessToken: string },
  ): Promise<PasswordChangedResponse> {
    const now = clock.now()
    const keep = { deviceId: request.sessionDeviceId, tokenHash: sha256Hex(request.accessToken) }
    const replaced = await db.transaction().execute((trx) => replacePassword(trx, playerId, hash, keep, now))
    await afterChange(app, playerId, replaced, now)
    return { userName, devicesSignedOut: replaced.devices }
  }
}

/** The reset code's use: public, as the player may have no device logged in to the account. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app
  const resetSchema = {
    summary: 'Set a new password with the one-time code an operator issued (signs out every device)',
    description:
      'An unknown, used, replaced or expired code answers `reset_code_invalid`. A refused password leaves the code usable.',
    body: withoutCommonPassword(resetPasswordRequest),
    response: replies(passwordChangedResponse),
  }
  app.post(
    '/v1/account/password/reset',
    { schema: resetSchema, config: { ...limitOf(app), legacyPath: legacy.passwordReset } },
    async (request) => {
      const reset = await openReset(db, request.body.code, clock.now())
      if (!reset) throw new Refusal('reset_code_invalid')
      const { userName } = requirePasswordSet(await findById(db, reset.playerId))
      const hash = await newPasswordHash(request.body.password, userName, request.ip)
      const now = clock.now()
      const replaced = await db.transaction().execute(async (trx) => {
        if (!(await useReset(trx, reset.id, now))) return undefined
        return replacePassword(trx, reset.playerId, hash, { deviceId: null, tokenHash: null }, now)
      })
      if (!replaced) throw new Refusal('reset_code_invalid')
      await afterChange(app, reset.playerId, replaced, now)
      return ok<PasswordChangedResponse>({ userName, devicesSignedOut: replaced.devices })
    },
  )
}
