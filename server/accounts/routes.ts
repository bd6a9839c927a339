// Account calls: device and credential login (public), and in the player scope bind, language,
// install acceptance, logout and account info.
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  type AccountInfo,
  bindRequest,
  type LoginResponse,
  loginRequest,
  setLangRequest,
} from '../../contract/accounts.ts'
import { defaultLanguage, isLanguage } from '../../contract/languages.ts'
import { emptyRequest } from '../../contract/rewards.ts'
import { ok } from '../http/envelope.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { wageringProgress } from '../ledger/bonus.ts'
import { Refusal } from '../refusal.ts'
import { activeSelfExclusion } from './limits.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import {
  bindCredentials,
  findById,
  findByUserName,
  findOrCreateByDevice,
  markInstallAccepted,
  setLanguage,
} from './players.ts'
import { issueToken, revokeToken } from './tokens.ts'
import { readAccountDetails } from './verification.ts'

type Player = Awaited<ReturnType<typeof findById>>

const languageOf = (player: Player) => (isLanguage(player.language) ? player.language : defaultLanguage)

// A dummy hash so a login for an unknown name costs the same time as a wrong password.
const absentUserHash = hashPassword('absent-user-placeholder')

/** A new token for the player, with what the client shows right after login. */
function sessionFor(app: FastifyInstance) {
  const { db, config } = app
  return async function session(player: Player, created: boolean, now: number): Promise<LoginResponse> {
    const balances = await readPlayerBalances(db, player.id)
    return {
      token: await issueToken(db, player.id, now, config.tokenTtlSeconds),
      userId: player.id,
      deviceId: player.device_id,
      gold: balances.total,
      isRegister: created ? 1 : 0,
      language: languageOf(player),
    }
  }
}

/** Login, the only account call without a token (public scope). */
export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app
  const loginLimit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } }
  const session = sessionFor(app)

  app.post('/user/login', { schema: { body: loginRequest }, config: loginLimit }, async (request) => {
    const body = request.body
    const now = clock.now()
    if ('userName' in body) {
      const player = await findByUserName(db, body.userName)
      const valid = await verifyPassword(body.password, player?.password_hash ?? (await absentUserHash))
      if (!player || !valid) throw new Refusal('login_failed')
      return ok(await session(player, false, now))
    }
    const { player, created } = await findOrCreateByDevice(
      db,
      {
        deviceId: body.deviceId,
        language: body.language ?? request.language,
        inviteCode: body.extensionCode,
        channel: body.registChannel,
        adultConfirmed: body.ageConfirmed === true,
      },
      now,
    )
    return ok(await session(player, created, now))
  })
}

/** The player's account calls (player scope). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app
  const loginLimit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } }

  app.post('/user/bindLoginAccount', { schema: { body: bindRequest }, config: loginLimit }, async (request) => {
    const passwordHash = await hashPassword(request.body.password)
    const outcome = await bindCredentials(db, request.playerId, request.body.userName, passwordHash)
    if (outcome !== 'bound') throw new Refusal(outcome)
    const player = await findById(db, request.playerId)
    return ok({ userName: player.user_name })
  })

  app.post('/user/setLang', { schema: { body: setLangRequest } }, async (request) => {
    await setLanguage(db, request.playerId, request.body.language)
    return ok({ language: request.body.language })
  })

  // The player accepted the browser's install prompt (SPEC 9): kept for the operator's figures.
  app.post('/user/installAccepted', { schema: { body: emptyRequest } }, async (request) => {
    await markInstallAccepted(db, request.playerId, clock.now())
    return ok(null)
  })

  app.post('/user/logout', async (request) => {
    await revokeToken(db, request.accessToken, clock.now())
    return ok(null)
  })

  app.post('/v1/bus/accountInfo', async (request) => {
    const player = await findById(db, request.playerId)
    const balances = await readPlayerBalances(db, player.id)
    const paid = await app.payments.deposits.paidCount(player.id)
    const exclusion = await activeSelfExclusion(db, player.id, clock.now())
    return ok<AccountInfo>({
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
    })
  })
}
