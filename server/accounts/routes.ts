// Account calls: device and credential login (public), and in the player scope bind, language,
// install acceptance, logout and account info.
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  type AccountInfo,
  accountInfo,
  type LoginResponse,
  loginRequest,
  loginResponse,
  setLangRequest,
} from '../../contract/accounts.ts'
import { defaultLanguage, isLanguage, languages } from '../../contract/languages.ts'
import { emptyRequest } from '../../contract/rewards.ts'
import { FieldRefusal, ok, replies } from '../http/envelope.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { wageringProgress } from '../ledger/bonus.ts'
import { Refusal } from '../refusal.ts'
import { deviceLabel } from './devices.ts'
import { markStepUpDue, stepUpDue } from './face-checks.ts'
import { accountLegacyPaths as legacy } from './legacy-shapes.ts'
import { activeSelfExclusion } from './limits.ts'
import { type LoggedIn, loginWithDevice, loginWithPassword } from './login.ts'
import { serverBindRequest } from './password-policy.ts'
import { isGuessablePassword } from './password-score.ts'
import { hashPassword } from './passwords.ts'
import { bindCredentials, bindRefusal, findById, markInstallAccepted, type Player, setLanguage } from './players.ts'
import { noteSignUp } from './registration.ts'
import { noteSighting } from './sightings.ts'
import { issueToken, revokeToken } from './tokens.ts'
import { readAccountDetails } from './verification.ts'

const languageOf = (player: Player) => (isLanguage(player.language) ? player.language : defaultLanguage)

/** A new token for the player's device, with what the client shows right after login. */
export function sessionFor(app: FastifyInstance) {
  const { db, config } = app
  return async function session({ player, device, created }: LoggedIn, now: number): Promise<LoginResponse> {
    const balances = await readPlayerBalances(db, player.id)
    return {
      token: await issueToken(db, Number(player.id), device.id, now, config.tokenTtlSeconds),
      userId: Number(player.id),
      deviceId: device.deviceId,
      ...(device.secret ? { deviceSecret: device.secret } : {}),
      gold: balances.total,
      isRegister: created ? 1 : 0,
      language: languageOf(player),
      faceStepUpDue: config.face.stepUp && (await stepUpDue(db, device.id)),
    }
  }
}

/** Login, the only account call without a token (public scope). */
export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app
  const loginLimit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } }
  const session = sessionFor(app)

  const loginSchema = {
    summary: 'Log in: by device (created on first use) or by name and password',
    description:
      "A device login's first call omits `deviceSecret`; the answer carries it, to be kept beside the device id. " +
      "The legacy client's shapes (`loginType`, `channelId`, `apiType: 2`) are accepted too.",
    body: loginRequest,
    response: replies(loginResponse),
  }
  const loginOptions = { schema: loginSchema, config: { ...loginLimit, legacyPath: legacy.login } }
  app.post('/v1/account/login', loginOptions, async (request) => {
    const body = request.body
    const now = clock.now()
    const label = deviceLabel(request.headers['user-agent'])
    const click = {
      fbc: body.fbc,
      fbp: body.fbp,
      fbEventUrl: body.fbEventUrl,
      fbClientUserAgent: body.fbClientUserAgent,
      channel: 'registChannel' in body ? body.registChannel : undefined,
    }
    if ('userName' in body) {
      const input = {
        userName: body.userName,
        password: body.password,
        deviceId: body.deviceId,
        deviceSecret: body.deviceSecret,
        label,
      }
      const loggedIn = await loginWithPassword(db, { ...input, source: request.ip }, now)
      // A new device for a verified account: the face again, asked at once by the app and required
      // before its first withdrawal.
      if (config.face.stepUp && loggedIn.device.secret)
        await markStepUpDue(db, Number(loggedIn.player.id), loggedIn.device.id, now)
      await noteSighting(
        db,
        { playerId: Number(loggedIn.player.id), deviceId: body.deviceId, address: request.ip },
        now,
      )
      await app.sigap.standing.atLogin(Number(loggedIn.player.id))
      await app.attribution.noteLogin(Number(loggedIn.player.id), click)
      return ok(await session(loggedIn, now))
    }
    const loggedIn = await loginWithDevice(
      db,
      {
        deviceId: body.deviceId,
        deviceSecret: body.deviceSecret,
        language: body.language ?? request.language,
        inviteCode: body.extensionCode,
        channel: body.registChannel,
        adultConfirmed: body.ageConfirmed === true,
        label,
      },
      now,
    )
    await noteSighting(db, { playerId: Number(loggedIn.player.id), deviceId: body.deviceId, address: request.ip }, now)
    if (loggedIn.created) await noteSignUp(db, Number(loggedIn.player.id), { address: request.ip, device: label }, now)
    // The register is asked at each player's first login of the local day (Instrução Normativa
    // SPA/MF 22/2025); unanswered, the gate holds money and play until it answers.
    await app.sigap.standing.atLogin(Number(loggedIn.player.id))
    await app.attribution.noteLogin(Number(loggedIn.player.id), click)
    return ok(await session(loggedIn, now))
  })
}

/** The player's account calls (player scope). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app
  const loginLimit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } }

  const bindSchema = {
    summary: 'Bind a name and password to this account',
    body: serverBindRequest,
    response: replies(z.object({ userName: z.string().nullable() })),
  }
  const bindOptions = { schema: bindSchema, config: { ...loginLimit, legacyPath: legacy.bind } }
  app.post('/v1/account/bind', bindOptions, async (request) => {
    // Refusals that do not depend on the password come before scrypt (each hash holds a core).
    const refusal = await bindRefusal(db, request.playerId, request.body.userName)
    if (refusal) throw new Refusal(refusal)
    if (await isGuessablePassword(request.body.password, [request.body.userName]))
      throw new FieldRefusal('password', 'password_weak')
    const passwordHash = await hashPassword(request.body.password, request.ip)
    const outcome = await bindCredentials(
      db,
      request.playerId,
      request.sessionDeviceId,
      request.body.userName,
      passwordHash,
      clock.now(),
    )
    if (outcome !== 'bound') throw new Refusal(outcome)
    const player = await findById(db, request.playerId)
    return ok({ userName: player.user_name })
  })

  const setLangSchema = {
    summary: "Set the player's language",
    body: setLangRequest,
    response: replies(z.object({ language: z.enum(languages) })),
  }
  app.post(
    '/v1/account/language',
    { schema: setLangSchema, config: { legacyPath: legacy.language } },
    async (request) => {
      await setLanguage(db, request.playerId, request.body.language)
      return ok({ language: request.body.language })
    },
  )

  // The player accepted the browser's install prompt: kept for the operator's figures.
  const installSchema = {
    summary: "The player accepted the browser's install prompt",
    body: emptyRequest,
    response: replies(z.null()),
  }
  app.post(
    '/v1/account/installAccepted',
    { config: { legacyPath: legacy.installAccepted }, schema: installSchema },
    async (request) => {
      await markInstallAccepted(db, request.playerId, clock.now())
      return ok(null)
    },
  )

  app.post(
    '/v1/account/logout',
    {
      config: { legacyPath: legacy.logout },
      schema: { summary: "End this device's session", response: replies(z.null()) },
    },
    async (request) => {
      const now = clock.now()
      const hash = await revokeToken(db, request.accessToken, now)
      await app.accounts.tokensRevoked([hash], now)
      app.push.closeSessions([hash])
      return ok(null)
    },
  )

  const accountInfoSchema = {
    summary: "The player's account: balances, wagering, verification, deposits so far, self-exclusion",
    response: replies(accountInfo),
  }
  app.post('/v1/account/info', { schema: accountInfoSchema, config: { legacyPath: legacy.info } }, async (request) => {
    const player = await findById(db, request.playerId)
    const balances = await readPlayerBalances(db, player.id)
    const paid = await app.payments.deposits.paidCount(player.id)
    const exclusion = await activeSelfExclusion(db, player.id, clock.now())
    const info: AccountInfo = {
      userId: player.id,
      userName: player.user_name,
      bound: player.user_name !== null,
      language: languageOf(player),
      gold: balances.total,
      balance: { total: balances.total, cash: balances.cash, bonus: balances.bonus },
      wagering: await wageringProgress(db, player.id),
      reloginFlag: 0,
      verification: { verified: (await readAccountDetails(db, player.id)).verified },
      firstCharge: paid === 0 ? 1 : 0,
      chargeValidNum: paid,
      rewardAmount: await app.rewards.claimedTotal(player.id),
      selfExclusion: exclusion ? { until: exclusion.until } : null,
      frozen: player.frozen_at !== null,
      faceStepUpDue: config.face.stepUp && (await stepUpDue(db, request.sessionDeviceId)),
    }
    return ok(info)
  })
}
