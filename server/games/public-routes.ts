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
import { gameLegacyPaths as legacy } from './legacy-shapes.ts'
import { gameList } from './lobby.ts'
import { PlayCounts } from './play-counts.ts'
import { activeSeed, commitmentOf, ensureNextSeed } from './seeds.ts'
import { offReason, openSession, refuseIfSwitchedOff } from './sessions.ts'

const gameFile = z.object({ file: z.string().regex(/^[a-z0-9-]{1,40}\.svg$/) })
const gameParam = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/) })
const notFound = { refusalStatus: 404 }

// The game definition is the engine's own structure (contract/games/engine.ts), described field
// by field so a generated client types it; `satisfies` keeps the two in step at compile time.
const localized = z.strictObject({ 'pt-BR': z.string(), en: z.string(), hi: z.string() })
const gameDefSchema = z
  .strictObject({
    id: z.string(),
    version: z
      .number()
      .int()
      .meta({ description: 'Bumped whenever strips or pays change; recorded with every round.' }),
    name: z.string(),
    group: z.string().meta({ description: "The provider group, shown as a lobby tab (the legacy client's `title`)." }),
    layout: z.enum(['classic-lines', 'video-ways']),
    theme: z.strictObject({
      background: z.string(),
      accent: z.string(),
      reelBackground: z.string(),
      scenery: z.array(z.string()),
    }),
    symbols: z.array(
      z.strictObject({
        id: z.string().meta({ description: 'One character; the strips are strings of these.' }),
        name: localized,
        art: z.string(),
        hue: z.number().optional(),
      }),
    ),
    reels: z.array(z.string()).meta({ description: 'One strip per reel; each character is a symbol id.' }),
    rows: z.number().int(),
    wild: z.string().nullable(),
    scatter: z.string().nullable(),
    pays: z
      .record(z.string(), z.array(z.number()))
      .meta({ description: 'pays[symbol][n - 1]: units paid for n in a row from the left (per line, or per way).' }),
    scatterPays: z.array(z.number()),
    lines: z.array(z.array(z.number().int())),
    divisor: z.number().int(),
    betLevels: z.array(z.number().int()),
    freeSpins: z
      .strictObject({ awards: z.array(z.number().int()), reels: z.array(z.string()), multiplier: z.number() })
      .optional(),
    fullWindowMultiplier: z.number().optional(),
  })
  .meta({
    id: 'GameDefinition',
    description: 'The game as the engine plays it: id, version, names, layout, reel strips, pay table, free spins.',
  }) satisfies z.ZodType<GameDef>
const jackpotRuleSchema = z
  .strictObject({
    shareBps: z.number().int().meta({ description: 'Basis points of every bet that move to the pool (200 = 2 %).' }),
    seed: z.number().int().meta({ description: 'Centavos the pool starts from, and restarts from after a win.' }),
    oddsPerCentavo: z.number().meta({ description: 'The chance of winning is bet × oddsPerCentavo / 2^32.' }),
  })
  .meta({ id: 'JackpotRule', description: 'How the jackpot is fed and won.' }) satisfies z.ZodType<JackpotRule>
const gameDefinition = z.object({
  game: gameDefSchema,
  figures: publishedFigures.optional(),
  jackpotRule: jackpotRuleSchema,
})

export const gamePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app
  const playCounts = new PlayCounts()
  app.addHook('onReady', async () => {
    // Not awaited: the server answers at once; the first lobby waits for this count, not a second one.
    playCounts
      .warm(db, clock.now())
      .catch((error: unknown) => app.log.warn({ err: error }, 'lobby play counts not warmed'))
  })

  app.get(
    '/v1/games',
    {
      config: { legacyPath: legacy.list },
      schema: { summary: 'The game catalog with real plays of the last 7 days', response: replies(gameListSchema) },
    },
    async (_request, reply) => {
      // Short, so a game an operator switches off shows as unavailable in the lobby within seconds.
      reply.header('cache-control', 'public, max-age=10')
      return ok(await gameList(db, clock.now(), playCounts, app.config.gamesOff))
    },
  )

  // Everything the game page and the verifier need: strips, pays, published figures, jackpot rule —
  // of the current version, or of any earlier one (`?version=N`), which never changes again.
  app.get(
    '/v1/games/def/:id',
    {
      schema: {
        summary: "A game's definition: strips, pays, published figures, jackpot rule (any version)",
        params: gameParam,
        querystring: gameDefQuery,
        response: replies(gameDefinition),
      },
      config: { ...notFound, legacyPath: legacy.def },
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
  app.get(
    '/v1/games/icon/:file',
    { schema: iconSchema, config: { ...notFound, legacyPath: legacy.icon } },
    async (request, reply) => {
      const game = findGame(request.params.file.slice(0, -4))
      if (!game) throw new Refusal('game_not_found')
      return reply.header('cache-control', 'public, max-age=86400').redirect(coverUrl(game.id), 301)
    },
  )

  const openSchema = {
    summary: "The game page trades its launch token for a game-session token and the next seed's hash",
    body: openSessionRequest,
    response: replies(sessionView),
  }
  app.post(
    '/v1/games/session/open',
    { config: { legacyPath: legacy.openSession }, schema: openSchema },
    async (request) => {
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
    },
  )
}
