// The player's game calls, in the player scope: launch (`/game/forward`), close, live
// lobby figures, round history, one round, and the provably fair seeds (the next server seed is
// always committed before the player picks a client seed). The catalog and the game
// page's own calls are in public-routes.ts and game-page-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  closeGameRequest,
  forwardRequest,
  gameLaunch,
  historyRequest,
  liveView as liveViewSchema,
  rotateSeedRequest,
  roundPage,
  roundRequest,
  roundView,
  seedsView as seedsViewSchema,
} from '../../contract/games/api.ts'
import { findGame } from '../../contract/games/catalog.ts'
import { ok, replies } from '../http/envelope.ts'
import { sha256Hex } from '../lib/secrets.ts'
import { Refusal } from '../refusal.ts'
import { gameLegacyPaths as legacy } from './legacy-shapes.ts'
import { liveView, WinFeed } from './lobby.ts'
import { playerRound, roundHistory } from './round-history.ts'
import { activateSeed, ensureNextSeed, seedsView } from './seeds.ts'
import { closeSession, launchSession, offReason, refuseIfSwitchedOff } from './sessions.ts'

export const gameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app
  const { serverSeeds } = app.games
  const winFeed = new WinFeed()

  const forwardSchema = {
    summary: 'Launch a game: a game session and the game page URL with a one-time launch token',
    body: forwardRequest,
    response: replies(gameLaunch),
  }
  const forwardOptions = {
    schema: forwardSchema,
    config: { legacyPath: legacy.open, marketOnly: 'game_open' as const },
  }
  app.post('/v1/games/open', forwardOptions, async (request) => {
    const game = findGame(request.body.id)
    if (!game) throw new Refusal('game_not_found')
    refuseIfSwitchedOff(offReason(app.config.gamesOff, game.id))
    const { sessionId, launchToken } = await launchSession(
      db,
      request.playerId,
      game.id,
      sha256Hex(request.accessToken),
      clock.now(),
      app.config.market.timeZone,
    )
    const query = new URLSearchParams({ game: game.id, launch: launchToken, lang: request.language })
    return ok({ sessionId, openGameUrl: `/games-client/?${query}` })
  })

  const closeSchema = {
    summary: 'Close a game session',
    body: closeGameRequest,
    response: replies(z.object({ closed: z.boolean() })),
  }
  app.post('/v1/games/close', { config: { legacyPath: legacy.close }, schema: closeSchema }, async (request) =>
    ok({ closed: await closeSession(db, request.playerId, request.body.sessionId, clock.now()) }),
  )

  const liveSchema = {
    summary: "The lobby's live figures: jackpot, recent wins, players now",
    response: replies(liveViewSchema),
  }
  app.post('/v1/games/live', { config: { legacyPath: legacy.live }, schema: liveSchema }, async () =>
    ok(await liveView(db, clock.now(), app.config.winFeedMin, winFeed)),
  )

  const historySchema = {
    summary: "The player's rounds, newest first",
    body: historyRequest,
    response: replies(roundPage),
  }
  app.post('/v1/games/history', { config: { legacyPath: legacy.history }, schema: historySchema }, async (request) => {
    return ok(await roundHistory(db, request.playerId, request.body))
  })

  const roundSchema = {
    summary: "One of the player's rounds, to verify",
    body: roundRequest,
    response: replies(roundView),
  }
  app.post('/v1/games/round', { config: { legacyPath: legacy.round }, schema: roundSchema }, async (request) => {
    const round = await playerRound(db, request.playerId, request.body.roundId)
    if (!round) throw new Refusal('not_found')
    return ok(round)
  })

  const seedsSchema = {
    summary: "The player's seed pairs: active, committed next, revealed",
    response: replies(seedsViewSchema),
  }
  app.post('/v1/games/seeds', { config: { legacyPath: legacy.seeds }, schema: seedsSchema }, async (request) => {
    await ensureNextSeed(app.ledger, request.playerId, serverSeeds)
    return ok(await seedsView(db, request.playerId))
  })

  // Reveals the active pair and activates the committed next seed with the player's client seed.
  const rotateSchema = {
    summary: 'Reveal the active seed pair and activate the committed next one',
    body: rotateSeedRequest,
    response: replies(seedsViewSchema),
  }
  app.post(
    '/v1/games/seeds/rotate',
    { config: { legacyPath: legacy.rotateSeeds }, schema: rotateSchema },
    async (request) => {
      await activateSeed(app.ledger, request.playerId, serverSeeds, request.body, false)
      return ok(await seedsView(db, request.playerId))
    },
  )
}
