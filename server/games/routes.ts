// The game calls (SPEC 6, 9). The app's calls use the player's access token: catalog, every
// version of every game's definition, launch (`/game/forward`), close, live lobby figures, round
// history, one round, seeds. The game page's calls use only its game-session token (header
// `game-session`): open, the first client seed, spin, ping.
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  chooseSeedRequest,
  closeGameRequest,
  forwardRequest,
  gameDefQuery,
  historyRequest,
  openSessionRequest,
  rotateSeedRequest,
  roundRequest,
  spinRequest,
} from '../../contract/games/api.ts'
import { coverUrl } from '../../contract/games/art.ts'
import { findGame } from '../../contract/games/catalog.ts'
import { figuresKey } from '../../contract/games/figures.ts'
import { jackpotRule } from '../../contract/games/jackpot.ts'
import { published } from '../../contract/games/published.ts'
import { requirePlayer } from '../accounts/auth.ts'
import { activeSelfExclusion } from '../accounts/limits.ts'
import { ok, Refusal } from '../http/envelope.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { jackpotView } from './jackpot.ts'
import { gameList, liveView } from './lobby.ts'
import { roundView } from './rounds.ts'
import { activateNextSeed, activeSeed, commitmentOf, nextSeed, seedsView } from './seeds.ts'
import { authenticateSession, closeSession, createSession, openSession } from './sessions.ts'

const gameFile = z.object({ file: z.string().regex(/^[a-z0-9-]{1,40}\.svg$/) })
const gameParam = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/) })

async function requireGameSession(request: FastifyRequest) {
  const header = request.headers['game-session']
  const token = Array.isArray(header) ? header[0] : header
  const session = token ? await authenticateSession(request.server.db, token, request.server.clock.now()) : null
  if (!session) throw new Refusal('game_session_closed')
  return session
}

async function balanceOf(request: FastifyRequest, playerId: number) {
  const { total, cash, bonus } = await readPlayerBalances(request.server.db, playerId)
  return { total, cash, bonus }
}

export const gameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app
  const { rounds, serverSeeds } = app.games

  app.get('/game/list', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60')
    return ok(await gameList(db, clock.now()))
  })

  // Everything the game page and the verifier need: strips, pays, published figures, jackpot rule —
  // of the current version, or of any earlier one (`?version=N`), which never changes again.
  app.get('/game/def/:id', { schema: { params: gameParam, querystring: gameDefQuery } }, async (request, reply) => {
    const game = findGame(request.params.id, request.query.version)
    if (!game) throw new Refusal('game_not_found', null, undefined, 404)
    reply.header('cache-control', request.query.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
    return ok({ game, figures: published[figuresKey(game)], jackpotRule })
  })

  // The lobby icon moved to the build's illustrated cover; old links follow it.
  app.get('/game/icon/:file', { schema: { params: gameFile } }, async (request, reply) => {
    const game = findGame(request.params.file.slice(0, -4))
    if (!game) throw new Refusal('game_not_found', null, undefined, 404)
    return reply.header('cache-control', 'public, max-age=86400').redirect(coverUrl(game.id), 301)
  })

  app.post('/game/forward', { schema: { body: forwardRequest }, preHandler: requirePlayer }, async (request) => {
    const game = findGame(request.body.id)
    if (!game) throw new Refusal('game_not_found')
    const now = clock.now()
    const player = await db
      .selectFrom('players')
      .select('adult_confirmed_at')
      .where('id', '=', request.playerId)
      .executeTakeFirstOrThrow()
    if (player.adult_confirmed_at === null) throw new Refusal('age_not_confirmed')
    const exclusion = await activeSelfExclusion(db, request.playerId, now)
    if (exclusion) throw new Refusal('self_excluded', { until: exclusion.until ?? 0 })
    const { sessionId, launchToken } = await createSession(db, request.playerId, game.id, now)
    const query = new URLSearchParams({ game: game.id, launch: launchToken, lang: request.language })
    return ok({ sessionId, openGameUrl: `/games-client/?${query}` })
  })

  app.post('/game/close', { schema: { body: closeGameRequest }, preHandler: requirePlayer }, async (request) =>
    ok({ closed: await closeSession(db, request.playerId, request.body.sessionId, clock.now()) }),
  )

  app.post('/game/live', { preHandler: requirePlayer }, async () =>
    ok(await liveView(db, clock.now(), app.config.winFeedMin)),
  )

  // A player's rounds with their seed pair, whose server seed is shown only once revealed.
  const playerRounds = (playerId: number) =>
    db
      .selectFrom('game_rounds')
      .innerJoin('fair_seeds', 'fair_seeds.id', 'game_rounds.seed_id')
      .selectAll('game_rounds')
      .select(['fair_seeds.server_seed', 'fair_seeds.revealed_at'])
      .where('game_rounds.player_id', '=', playerId)
  const revealedView = (row: Awaited<ReturnType<ReturnType<typeof playerRounds>['executeTakeFirstOrThrow']>>) =>
    roundView(row, row.revealed_at === null ? null : row.server_seed)

  // Commits the player's next server seed (if none is yet) under their lock, so it cannot race a spin.
  const ensureNextSeed = (playerId: number) =>
    app.ledger.transact(async (tx) => {
      await tx.lockPlayer(playerId)
      return nextSeed(tx.trx, playerId, tx.now, serverSeeds)
    })
  // Activates exactly the committed next seed the player names, with their client seed.
  const activate = (playerId: number, choice: { clientSeed: string; nextServerSeedHash: string }, onlyFirst: boolean) =>
    app.ledger.transact(async (tx) => {
      // The player's lock keeps an activation from landing in the middle of a spin.
      await tx.lockPlayer(playerId)
      if (onlyFirst && (await activeSeed(tx.trx, playerId))) return
      if (!(await activateNextSeed(tx.trx, playerId, tx.now, serverSeeds, choice))) {
        throw new Refusal('seed_commitment_changed')
      }
    })

  app.post('/game/history', { schema: { body: historyRequest }, preHandler: requirePlayer }, async (request) => {
    const { pageNum, pageSize } = request.body
    const [rows, count] = await Promise.all([
      playerRounds(request.playerId)
        .orderBy('game_rounds.created_at', 'desc')
        .orderBy('game_rounds.id', 'desc')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute(),
      db
        .selectFrom('game_rounds')
        .where('player_id', '=', request.playerId)
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow(),
    ])
    return ok({
      rounds: rows.map(revealedView),
      total: Number(count.total),
      pageNum,
      pageSize,
    })
  })

  app.post('/game/round', { schema: { body: roundRequest }, preHandler: requirePlayer }, async (request) => {
    const row = await playerRounds(request.playerId)
      .where('game_rounds.id', '=', request.body.roundId)
      .executeTakeFirst()
    if (!row) throw new Refusal('not_found')
    return ok(revealedView(row))
  })

  app.post('/game/seeds', { preHandler: requirePlayer }, async (request) => {
    await ensureNextSeed(request.playerId)
    return ok(await seedsView(db, request.playerId))
  })

  // Reveals the active pair and activates the committed next seed with the player's client seed.
  app.post(
    '/game/seeds/rotate',
    { schema: { body: rotateSeedRequest }, preHandler: requirePlayer },
    async (request) => {
      await activate(request.playerId, request.body, false)
      return ok(await seedsView(db, request.playerId))
    },
  )

  app.post('/game/session/open', { schema: { body: openSessionRequest } }, async (request) => {
    const now = clock.now()
    const session = await openSession(db, request.body.launchToken, now)
    if (!session) throw new Refusal('launch_token_invalid')
    const next = await ensureNextSeed(session.playerId)
    const active = await activeSeed(db, session.playerId)
    const game = findGame(session.gameId)
    return ok({
      sessionId: session.id,
      sessionToken: session.sessionToken,
      gameId: session.gameId,
      balance: await balanceOf(request, session.playerId),
      seed: active ? commitmentOf(active) : null,
      nextServerSeedHash: next.server_seed_hash,
      figures: game ? published[figuresKey(game)] : undefined,
      jackpot: await jackpotView(db),
    })
  })

  // The game page's first client seed, made in the browser: activates the committed next seed the
  // page was shown. A player who already has a pair keeps it (rotating is the verifier's job).
  app.post('/game/session/seed', { schema: { body: chooseSeedRequest } }, async (request) => {
    const session = await requireGameSession(request)
    await activate(session.playerId, request.body, true)
    const view = await seedsView(db, session.playerId)
    return ok({ seed: view.active, nextServerSeedHash: view.nextServerSeedHash })
  })

  app.post('/game/spin', { schema: { body: spinRequest } }, async (request) => {
    const session = await requireGameSession(request)
    const { round, replayed, seed, jackpotPool } = await rounds.spin({
      playerId: session.playerId,
      sessionId: session.id,
      gameId: session.gameId,
      bet: request.body.bet,
      requestId: request.body.requestId,
    })
    return ok({ round, replayed, balance: await balanceOf(request, session.playerId), seed, jackpotPool })
  })

  app.post('/game/session/ping', async (request) => {
    const session = await requireGameSession(request)
    return ok({ balance: await balanceOf(request, session.playerId), jackpot: await jackpotView(db) })
  })
}
