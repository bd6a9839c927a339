// The game page's calls, in a scope authenticated by the game-session token (header
// `game-session`): the first client seed, spin, ping (which also says when a reality check is due,
// and refuses at a time limit so the page closes the game) and the answer to a reality check
// ("parar" closes the session). The player's own access token never reaches the game page.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  chooseSeedRequest,
  jackpotView as jackpotSchema,
  seedChoice,
  spinRequest,
  spinResult,
} from '../../contract/games/api.ts'
import { realityCheckAnswerRequest, realityCheckChoices } from '../../contract/limits.ts'
import { readSettings, recordRealityCheck } from '../accounts/limits.ts'
import { ok, replies } from '../http/envelope.ts'
import { playerBalances } from '../ledger/accounts.ts'
import { Refusal } from '../refusal.ts'
import { jackpotView } from './jackpot.ts'
import { gameLegacyPaths as legacy } from './legacy-shapes.ts'
import { netLossSince, playTime, realityCheckDue, refuseOverTimeLimit } from './play-limits.ts'
import { activateSeed, seedsView } from './seeds.ts'
import { authenticateSession, closeSession, type GameSessionRow } from './sessions.ts'

const session = Symbol('game session')

declare module 'fastify' {
  interface FastifyRequest {
    [session]: GameSessionRow | null
  }
  interface FastifyContextConfig {
    /** The route authenticates the game session and marks it seen itself, inside its own transaction. */
    touchesSession?: boolean
  }
}

function gameSessionOf(request: FastifyRequest): GameSessionRow {
  const current = request[session]
  if (!current) throw new Error('game session read outside the game-page scope')
  return current
}

function headerToken(request: FastifyRequest): string | undefined {
  const header = request.headers['game-session']
  return Array.isArray(header) ? header[0] : header
}

function sessionTokenOf(request: FastifyRequest): string {
  const token = headerToken(request)
  if (!token) throw new Refusal('game_session_closed')
  return token
}

/**
 * The game-page scope's hook: an open game session or `game_session_closed`. A callback hook, so
 * the spin — which authenticates its session inside its own transaction (one write, no read
 * before it) — passes through it without a promise.
 */
export function authenticateGameSession(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const token = headerToken(request)
  if (!token) done(new Refusal('game_session_closed'))
  else if (request.routeOptions.config.touchesSession === true) done()
  else {
    const { db, clock, config } = request.server
    authenticateSession(db, token, clock.now(), config.sessionIdleMs).then((found) => {
      if (found) request[session] = found
      done(found ? undefined : new Refusal('game_session_closed'))
    }, done)
  }
}

const balances = z.object({ total: z.number().int(), cash: z.number().int(), bonus: z.number().int() })
const money = z.number().int()
const realityCheck = z.object({
  playedMs: z.number().int(),
  net: money.meta({ description: 'Won (positive) or lost (negative) in this play session, centavos.' }),
  sessionStart: z.number().int(),
})

const seedSchema = {
  summary: "The game page's first client seed: activates the committed next server seed",
  body: chooseSeedRequest,
  response: replies(seedChoice),
}
const spinSchema = {
  summary: 'Spin: bet, outcome from the seed pair, balance after (idempotent by requestId)',
  body: spinRequest,
  response: replies(spinResult),
}
const pingSchema = {
  summary: 'Balance, jackpot and whether a reality check is due (refused at a time limit)',
  response: replies(
    z.object({ balance: balances, jackpot: jackpotSchema.nullable(), realityCheck: realityCheck.nullable() }),
  ),
}
const realityCheckSchema = {
  summary: "The player's answer to a reality check ('stop' closes the session)",
  body: realityCheckAnswerRequest,
  response: replies(z.object({ answer: z.enum(realityCheckChoices), playedMs: z.number().int(), net: money })),
}

export const gamePageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest(session, null)

  // The game page's first client seed, made in the browser: activates the committed next seed the
  // page was shown. A player who already has a pair keeps it (rotating is the verifier's job).
  app.post(
    '/v1/games/session/seed',
    { config: { legacyPath: legacy.seedSession }, schema: seedSchema },
    async (request) => {
      const { playerId } = gameSessionOf(request)
      await activateSeed(app.ledger, playerId, app.games.serverSeeds, request.body, true)
      const view = await seedsView(app.db, playerId)
      // Activation leaves an active pair and commits the next server seed in the same transaction.
      if (!view.active || !view.nextServerSeedHash) throw new Error('seed activation left no active pair')
      return ok({ seed: view.active, nextServerSeedHash: view.nextServerSeedHash })
    },
  )

  // The market gate (server/geo) answers from its per-address cache before the body is parsed.
  const spinConfig = { touchesSession: true, marketOnly: 'spin' as const }
  app.post(
    '/v1/games/spin',
    { schema: spinSchema, config: { ...spinConfig, legacyPath: legacy.spin } },
    async (request) => {
      const { round, replayed, seed, jackpotPool, balance } = await app.games.rounds.spin({
        sessionToken: sessionTokenOf(request),
        bet: request.body.bet,
        requestId: request.body.requestId,
      })
      app.metrics.spin(replayed ? 'replayed' : round.win > 0 ? 'win' : 'loss')
      return ok({ round, replayed, balance, seed, jackpotPool })
    },
  )

  /** The reality check due now in the player's play session, or null. */
  async function dueCheck(playerId: number) {
    const now = app.clock.now()
    const time = await playTime(app.db, playerId, now, app.config.market.timeZone)
    const interval = (await readSettings(app.db, playerId, now))('reality_check').value
    return realityCheckDue(app.db, playerId, now, time, interval ?? app.config.realityCheckDefaultMinutes)
  }

  app.post(
    '/v1/games/session/ping',
    { config: { legacyPath: legacy.pingSession }, schema: pingSchema },
    async (request) => {
      const { playerId } = gameSessionOf(request)
      // At a time limit the page closes the game even when no spin is asked for.
      await refuseOverTimeLimit(app.db, playerId, app.clock.now(), app.config.market.timeZone)
      return ok({
        balance: await playerBalances(app.db, playerId),
        jackpot: await jackpotView(app.db),
        realityCheck: await dueCheck(playerId),
      })
    },
  )

  app.post(
    '/v1/games/realityCheck',
    { config: { legacyPath: legacy.realityCheck }, schema: realityCheckSchema },
    async (request) => {
      const { playerId, id } = gameSessionOf(request)
      const now = app.clock.now()
      const time = await playTime(app.db, playerId, now, app.config.market.timeZone)
      const net = time.sessionStart === null ? 0 : -(await netLossSince(app.db, playerId, time.sessionStart))
      const { answer } = request.body
      await recordRealityCheck(app.db, { playerId, sessionId: id, answer, playedMs: time.sessionMs, net }, now)
      if (answer === 'stop') await closeSession(app.db, playerId, id, now)
      return ok({ answer, playedMs: time.sessionMs, net })
    },
  )
}
