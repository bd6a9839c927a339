// The game calls anyone may make: the catalog, a game's definition (strips, pays,
// published figures, jackpot rule — what the game page and the verifier need), its icon, and the
// game page's open, which trades a one-time launch token for a game-session token and shows the
// committed next server seed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { gameDefQuery, gameList as gameListSchema, openSessionRequest, sessionView } from '../../contract/games/api.ts'
import { coverUrl } from '../../contract/games/art.ts'
import { findGame } from '../../contract/games/catalog.ts'
import type { GameDef } from '../../contract/games/engine.ts'
import { figuresKey, publishedFigures } from '../../contract/games/figures.ts'
import { type JackpotRule, jackpotRule } from '../../contract/games/jackpot.ts'
import { published } from '../../contract/games/published.ts'
import { ok, replies } from '../http/envelope.ts'
import { playerBalances } from '../ledger/accounts.ts'
import { Refusal } from '../refusal.ts'
import { jackpotView } from './jackpot.ts'
import { gameList } from './lobby.ts'
import { PlayCounts } from './play-counts.ts'
import { activeSeed, commitmentOf, ensureNextSeed } from './seeds.ts'
import { offReason, openSession, refuseIfSwitchedOff } from './sessions.ts'

const gameFile = z.object({ file: z.string().regex(/^[a-z0-9-]{1,40}\.svg$/) })
const gameParam = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/) })
const notFound = { refusalStatus: 404 }

// The game definition is the engine's own structure (contract/games/catalog.ts); the document
// names its parts and leaves the engine's shapes open.
const gameDefinition = z.object({
  game: z.custom<GameDef>().meta({
    type: 'object',
    description: 'The game as the engine plays it: id, version, names, layout, reel strips, pay table, free spins.',
  }),
  figures: publishedFigures.optional(),
  jackpotRule: z.custom<JackpotRule>().meta({ type: 'object', description: 'How the jackpot is fed and won.' }),
})

export const gamePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app
  const playCounts = new PlayCounts()

  app.get(
    '/game/list',
    { schema: { summary: 'The game catalog with real plays of the last 7 days', response: replies(gameListSchema) } },
    async (_request, reply) => {
      // Short, so a game an operator switches off shows as unavailable in the lobby within seconds.
      reply.header('cache-control', 'public, max-age=10')
      return ok(await gameList(db, clock.now(), playCounts, app.config.gamesOff))
    },
  )

  // Everything the game page and the verifier need: strips, pays, published figures, jackpot rule —
  // of the current version, or of any earlier one (`?version=N`), which never changes again.
  app.get(
    '/game/def/:id',
    {
      schema: {
        summary: "A game's definition: strips, pays, published figures, jackpot rule (any version)",
        params: gameParam,
        querystring: gameDefQuery,
        response: replies(gameDefinition),
      },
      config: notFound,
    },
    async (request, reply) => {
      const game = findGame(request.params.id, request.query.version)
      if (!game) throw new Refusal('game_not_found')
      reply.header(
        'cache-control',
        request.query.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      )
      return ok({ game, figures: published[figuresKey(game)], jackpotRule })
    },
  )

  // The lobby icon moved to the build's illustrated cover; old links follow it.
  const iconSchema = {
    summary: "A game's lobby icon: moved to its cover (301)",
    params: gameFile,
    response: { 301: z.null().meta({ description: "Moved to the game's cover image." }) },
  }
  app.get('/game/icon/:file', { schema: iconSchema, config: notFound }, async (request, reply) => {
    const game = findGame(request.params.file.slice(0, -4))
    if (!game) throw new Refusal('game_not_found')
    return reply.header('cache-control', 'public, max-age=86400').redirect(coverUrl(game.id), 301)
  })

  const openSchema = {
    summary: "The game page trades its launch token for a game-session token and the next seed's hash",
    body: openSessionRequest,
    response: replies(sessionView),
  }
  app.post('/game/session/open', { schema: openSchema }, async (request) => {
    const session = await openSession(db, request.body.launchToken, clock.now())
    if (!session) throw new Refusal('launch_token_invalid')
    refuseIfSwitchedOff(offReason(app.config.gamesOff, session.gameId))
    const next = await ensureNextSeed(app.ledger, session.playerId, app.games.serverSeeds)
    const active = await activeSeed(db, session.playerId)
    const game = findGame(session.gameId)
    return ok({
      sessionId: session.id,
      sessionToken: session.sessionToken,
      gameId: session.gameId,
      balance: await playerBalances(db, session.playerId),
      seed: active ? commitmentOf(active) : null,
      nextServerSeedHash: next.server_seed_hash,
      figures: game ? published[figuresKey(game)] : undefined,
      jackpot: await jackpotView(db),
    })
  })
}
