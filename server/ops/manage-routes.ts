// The console's management calls: operators (an admin creates one — its one-time setup link, at
// this server's public address, is e-mailed to the operator and never answered to the admin —,
// changes a role, disables or enables, resets the password and second factor — operator-admin.ts
// keeps the guards; creations, resets and role changes are recorded as grants, operator-grants.ts) and the games switched off (with a reason
// players read in their language; kept as the `games.off` runtime setting, so every instance
// follows within the settings' poll). Each change is audited with its reason, refusals too.
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { games } from '../../contract/games/catalog.ts'
import { gameOffReasons, operatorRoles } from '../../contract/ops.ts'
import { gameSwitches, operatorChanged, operatorList, operatorSetupSent } from '../../contract/ops-replies.ts'
import { writeAudit } from '../audit/audit.ts'
import type { Database } from '../db/schema.ts'
import { ok, replies } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'
import { changeOperatorRole, resetOperatorCredentials, setOperatorDisabled } from './operator-admin.ts'
import { recordGrant } from './operator-grants.ts'
import { createOperator, listOperators, normalizeEmail, SETUP_LINK_TTL_MS, setupLink } from './operators.ts'
import { queueSetupMail } from './setup-mail.ts'

const operatorId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const reason = z.string().trim().min(1).max(200)
const gameId = z.string().regex(/^[a-z0-9-]{1,40}$/)

export const opsManageRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Where this server is reached, for the setup link: PUBLIC_URL when set, otherwise the address
   * the admin's console called (the port the server really answers on).
   */
  const publicUrl = (request: FastifyRequest) =>
    app.config.publicUrlSet ? app.config.publicUrl : `${request.protocol}://${request.host}`

  const change = (request: FastifyRequest, id: number, why: string) => ({
    db: app.db,
    engine: app.engine,
    actor: request.ops.actor,
    operatorId: id,
    now: app.clock.now(),
    reason: why,
  })

  const dates = new Intl.DateTimeFormat(app.config.market.language, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: app.config.market.timeZone,
  })
  /** Queues the setup link's e-mail to the operator, in the change's transaction. */
  const mailLink = (
    trx: Kysely<Database>,
    request: FastifyRequest,
    kind: 'create' | 'reset',
    to: { email: string; name: string },
    setup: { token: string; expiresAt: number },
  ) =>
    queueSetupMail(
      app.mail,
      trx,
      app.config.market.language,
      {
        kind,
        to: to.email,
        name: to.name,
        by: request.ops.actor.name,
        link: setupLink(publicUrl(request), setup.token),
        expiresAt: dates.format(setup.expiresAt),
      },
      app.clock.now(),
    )

  /** Closes the console sockets of sessions a change ended (their next call is refused already). */
  const closeSockets = (hashes: string[]) => {
    for (const hash of hashes) app.push.closeOperatorSession(hash)
  }

  const manage = { opsPermission: 'operators.manage' } as const

  app.post(
    '/operators/list',
    { config: manage, schema: { response: replies(operatorList), body: z.strictObject({}) } },
    async () => ok({ operators: await listOperators(app.db) }),
  )

  app.post(
    '/operators/create',
    {
      config: manage,
      schema: {
        response: replies(operatorSetupSent),
        body: z.strictObject({
          email: z.email().max(200),
          name: z.string().trim().min(1).max(100),
          role: z.enum(operatorRoles),
        }),
      },
    },
    async (request) => {
      const { email, name, role } = request.body
      const { actor } = request.ops
      const now = app.clock.now()
      const expiresAt = now + SETUP_LINK_TTL_MS
      const created = await createOperator(app.db, { email, name, role }, now, async (trx, operator) => {
        if (operator.setupToken === null) throw new Error('an operator created without a password has a setup link')
        await mailLink(trx, request, 'create', operator, { token: operator.setupToken, expiresAt })
        await recordGrant(trx, { operatorId: operator.id, by: actor, kind: 'create', role }, now)
        await writeAudit(
          trx,
          actor,
          {
            action: 'operator.create',
            objectType: 'operator',
            objectId: operator.id,
            after: { email: operator.email, name, role, setupLinkSentTo: operator.email },
          },
          now,
        )
      })
      app.mail.committed()
      return ok({ operatorId: created.id, sentTo: normalizeEmail(email), expiresAt })
    },
  )

  app.post(
    '/operators/role',
    {
      config: manage,
      schema: {
        response: replies(operatorChanged),
        body: z.strictObject({ operatorId, role: z.enum(operatorRoles), reason }),
      },
    },
    async (request) => {
      const { operatorId: id, role, reason: why } = request.body
      await changeOperatorRole(change(request, id, why), role)
      return ok({ operatorId: id, sessionsEnded: 0 })
    },
  )

  app.post(
    '/operators/disable',
    {
      config: manage,
      schema: {
        response: replies(operatorChanged),
        body: z.strictObject({ operatorId, disabled: z.boolean(), reason }),
      },
    },
    async (request) => {
      const { operatorId: id, disabled, reason: why } = request.body
      const ended = await setOperatorDisabled(change(request, id, why), disabled)
      closeSockets(ended)
      return ok({ operatorId: id, sessionsEnded: ended.length })
    },
  )

  app.post(
    '/operators/reset',
    {
      config: manage,
      schema: { response: replies(operatorSetupSent), body: z.strictObject({ operatorId, reason }) },
    },
    async (request) => {
      const { operatorId: id, reason: why } = request.body
      const reset = await resetOperatorCredentials(change(request, id, why), (trx, target, setup) =>
        mailLink(trx, request, 'reset', target, setup).then(() => undefined),
      )
      app.mail.committed()
      closeSockets(reset.ended)
      return ok({ operatorId: id, sentTo: reset.email, expiresAt: reset.expiresAt })
    },
  )

  const gameList = () =>
    games.map((game) => ({
      id: game.id,
      name: game.name,
      group: game.group,
      off: app.config.gamesOff[game.id] ?? null,
    }))

  app.post(
    '/games/list',
    {
      config: { opsPermission: 'games.switch' },
      schema: { response: replies(gameSwitches), body: z.strictObject({}) },
    },
    async () => ok({ games: gameList() }),
  )

  app.post(
    '/games/switch',
    {
      config: { opsPermission: 'games.switch' },
      schema: {
        response: replies(gameSwitches),
        body: z.discriminatedUnion('on', [
          z.strictObject({ gameId, on: z.literal(false), offReason: z.enum(gameOffReasons), reason }),
          z.strictObject({ gameId, on: z.literal(true), reason }),
        ]),
      },
    },
    async (request) => {
      const { body } = request
      const { actor } = request.ops
      if (!games.some((game) => game.id === body.gameId)) throw new Refusal('game_not_found')
      const now = app.clock.now()
      const current = structuredClone(app.config.gamesOff)
      const before = current[body.gameId] ?? null
      if (body.on) delete current[body.gameId]
      else current[body.gameId] = { reason: body.offReason, at: now, by: actor.name }
      await app.settings.update('games.off', current, actor, now, () => ({
        action: body.on ? 'game.switch_on' : 'game.switch_off',
        objectType: 'game',
        objectId: body.gameId,
        before,
        after: current[body.gameId] ?? null,
        reason: body.reason,
      }))
      return ok({ games: gameList() })
    },
  )
}
