// Account calls: device and credential login, bind, language, account info, logout.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sql } from 'kysely'
import { type AccountInfo, type LoginResponse, loginRequest, setLangRequest } from '../../contract/accounts.ts'
import { defaultLanguage, isLanguage } from '../../contract/languages.ts'
import { emptyRequest } from '../../contract/rewards.ts'
import { ok, Refusal } from '../http/envelope.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { wageringProgress } from '../ledger/bonus.ts'
import { requirePlayer } from './auth.ts'
import { deviceLabel } from './devices.ts'
import { activeSelfExclusion } from './limits.ts'
import { type LoggedIn, loginWithDevice, loginWithPassword } from './login.ts'
import { serverBindRequest } from './password-policy.ts'
import { hashPassword } from './passwords.ts'
import { bindCredentials, findById, type Player, setLanguage } from './players.ts'
import { issueToken, revokeToken } from './tokens.ts'
import { readAccountDetails } from './verification.ts'

const languageOf = (player: Player) => (isLanguage(player.language) ? player.language : defaultLanguage)

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app
  const loginLimit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } }

  /** A new token for the player's device, with what the client shows right after login. */
  async function session({ player, device, created }: LoggedIn, now: number): Promise<LoginResponse> {
    const balances = await readPlayerBalances(db, player.id)
    return {
      token: await issueToken(db, Number(player.id), device.id, now, config.tokenTtlSeconds),
      userId: Number(player.id),
      deviceId: device.deviceId,
      ...(device.secret ? { deviceSecret: device.secret } : {}),
      gold: balances.total,
      isRegister: created ? 1 : 0,
      language: languageOf(player),
    }
  }

  app.post('/user/login', { schema: { body: loginRequest }, config: loginLimit }, async (request) => {
    const body = request.body
    const now = clock.now()
    const label = deviceLabel(request.headers['user-agent'])
    if ('userName' in body) {
      const input = { userName: body.userName, password: body.password, deviceId: body.deviceId, label }
      return ok(await session(await loginWithPassword(db, { ...input, source: request.ip }, now), now))
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
    return ok(await session(loggedIn, now))
  })

  app.post(
    '/user/bindLoginAccount',
    { schema: { body: serverBindRequest }, config: loginLimit, preHandler: requirePlayer },
    async (request) => {
      const passwordHash = await hashPassword(request.body.password, request.ip)
      const outcome = await bindCredentials(db, request.playerId, request.body.userName, passwordHash, clock.now())
      if (outcome !== 'bound') throw new Refusal(outcome)
      const player = await findById(db, request.playerId)
      return ok({ userName: player.user_name })
    },
  )

  app.post('/user/setLang', { schema: { body: setLangRequest }, preHandler: requirePlayer }, async (request) => {
    await setLanguage(db, request.playerId, request.body.language)
    return ok({ language: request.body.language })
  })

  // The player accepted the browser's install prompt (SPEC 9): kept for the operator's figures.
  app.post('/user/installAccepted', { schema: { body: emptyRequest }, preHandler: requirePlayer }, async (request) => {
    await db
      .updateTable('players')
      .set({ install_accepted_at: clock.now() })
      .where('id', '=', request.playerId)
      .where('install_accepted_at', 'is', null)
      .execute()
    return ok(null)
  })

  app.post('/user/logout', { preHandler: requirePlayer }, async (request) => {
    app.push.closeSessions([await revokeToken(db, request.accessToken, clock.now())])
    return ok(null)
  })

  app.post('/v1/bus/accountInfo', { preHandler: requirePlayer }, async (request) => {
    const player = await findById(db, request.playerId)
    const balances = await readPlayerBalances(db, player.id)
    const paid = await db
      .selectFrom('deposit_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('player_id', '=', player.id)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow()
    const exclusion = await activeSelfExclusion(db, player.id, clock.now())
    const rewards = await db
      .selectFrom('reward_claims')
      .select(sql<number | string>`coalesce(sum(amount), 0)`.as('total'))
      .where('player_id', '=', player.id)
      .executeTakeFirstOrThrow()
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
      firstCharge: Number(paid.n) === 0 ? 1 : 0,
      chargeValidNum: Number(paid.n),
      rewardAmount: Number(rewards.total),
      selfExclusion: exclusion ? { until: exclusion.until } : null,
    })
  })
}
