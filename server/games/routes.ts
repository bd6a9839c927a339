// The player's game calls (SPEC 6), in the player scope: launch (`/game/forward`), close, live
// lobby figures, round history, one round, and the provably fair seeds (the next server seed is
// always committed before the player picks a client seed). The catalog and the game
// page's own calls are in public-routes.ts and game-page-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  closeGameRequest,
  forwardRequest,
  historyRequest,
  rotateSeedRequest,
  roundRequest,
} from '../../contract/games/api.ts'
import { findGame } from '../../contract/games/catalog.ts'
import { ok } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'
import { liveView, WinFeed } from './lobby.ts'
import { playerRound, roundHistory } from './rounds.ts'
import { activateSeed, ensureNextSeed, seedsView } from './seeds.ts'
import { closeSession, launchSession } from './sessions.ts'

export const gameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app
  const { serverSeeds } = app.games
  const winFeed = new WinFeed()

  app.post('/game/forward', { schema: { body: forwardRequest } }, async (request) => {
    const game = findGame(request.body.id)
    if (!game) throw new Refusal('game_not_found')
    const { sessionId, launchToken } = await launchSession(
      db,
      request.playerId,
      game.id,
      clock.now(),
      app.config.market.timeZone,
    )
    const query = new URLSearchParams({ game: game.id, launch: launchToken, lang: request.language })
    return ok({ sessionId, openGameUrl: `/games-client/?${query}` })
  })

  app.post('/game/close', { schema: { body: closeGameRequest } }, async (request) =>
    ok({ closed: await closeSession(db, request.playerId, request.body.sessionId, clock.now()) }),
  )

  app.post('/game/live', async () => ok(await liveView(db, clock.now(), app.config.winFeedMin, winFeed)))

  app.post('/game/history', { schema: { body: historyRequest } }, async (request) => {
    return ok(await roundHistory(db, request.playerId, request.body))
  })

  app.post('/game/round', { schema: { body: roundRequest } }, async (request) => {
    const round = await playerRound(db, request.playerId, request.body.roundId)
    if (!round) throw new Refusal('not_found')
    return ok(round)
  })

  app.post('/game/seeds', async (request) => {
    await ensureNextSeed(app.ledger, request.playerId, serverSeeds)
    return ok(await seedsView(db, request.playerId))
  })

  // Reveals the active pair and activates the committed next seed with the player's client seed.
  app.post('/game/seeds/rotate', { schema: { body: rotateSeedRequest } }, async (request) => {
    await activateSeed(app.ledger, request.playerId, serverSeeds, request.body, false)
    return ok(await seedsView(db, request.playerId))
  })
}
