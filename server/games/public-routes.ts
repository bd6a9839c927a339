// The game calls anyone may make (SPEC 6): the catalog, a game's definition (strips, pays,
// published figures, jackpot rule — what the game page and the verifier need), its icon, and the
// game page's open, which trades a one-time launch token for a game-session token.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { openSessionRequest } from '../../contract/games/api.ts'
import { findGame } from '../../contract/games/catalog.ts'
import { jackpotRule } from '../../contract/games/jackpot.ts'
import { published } from '../../contract/games/published.ts'
import { gameIconSvg } from '../../contract/games/symbols.ts'
import { ok } from '../http/envelope.ts'
import { playerBalances } from '../ledger/accounts.ts'
import { Refusal } from '../refusal.ts'
import { jackpotView } from './jackpot.ts'
import { gameList } from './lobby.ts'
import { commitmentOf, ensureActiveSeed } from './seeds.ts'
import { openSession } from './sessions.ts'

const gameFile = z.object({ file: z.string().regex(/^[a-z0-9-]{1,40}\.svg$/) })
const gameParam = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/) })
const notFound = { refusalStatus: 404 }

export const gamePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app

  app.get('/game/list', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60')
    return ok(await gameList(db, clock.now()))
  })

  app.get('/game/def/:id', { schema: { params: gameParam }, config: notFound }, async (request, reply) => {
    const game = findGame(request.params.id)
    if (!game) throw new Refusal('game_not_found')
    reply.header('cache-control', 'public, max-age=300')
    return ok({ game, figures: published[game.id], jackpotRule })
  })

  app.get('/game/icon/:file', { schema: { params: gameFile }, config: notFound }, async (request, reply) => {
    const game = findGame(request.params.file.slice(0, -4))
    if (!game) throw new Refusal('game_not_found')
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(gameIconSvg(game))
  })

  app.post('/game/session/open', { schema: { body: openSessionRequest } }, async (request) => {
    const session = await openSession(db, request.body.launchToken, clock.now())
    if (!session) throw new Refusal('launch_token_invalid')
    const seed = await ensureActiveSeed(app.ledger, session.playerId, app.games.serverSeeds)
    return ok({
      sessionId: session.id,
      sessionToken: session.sessionToken,
      gameId: session.gameId,
      balance: await playerBalances(db, session.playerId),
      seed: commitmentOf(seed),
      figures: published[session.gameId],
      jackpot: await jackpotView(db),
    })
  })
}
