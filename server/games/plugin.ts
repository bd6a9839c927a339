// The games module: the in-house slot engine's rounds (spins through the ledger's wallet),
// provably fair seeds, game sessions, the jackpot pool and the lobby's live figures. Its tables
// are game_sessions, game_rounds and fair_seeds. Gives the push hub the jackpot's value.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { jackpotView, seedJackpot } from './jackpot.ts'
import { Rounds } from './rounds.ts'
import { randomServerSeed, type ServerSeedSource } from './seeds.ts'
import { closeSessionsLaunchedWith, offReason } from './sessions.ts'

export interface GamesOptions {
  /** Where server seeds come from (tests pass their own to reach rare outcomes on purpose). */
  serverSeeds?: ServerSeedSource
}

declare module 'fastify' {
  interface FastifyInstance {
    games: { rounds: Rounds; serverSeeds: ServerSeedSource }
  }
}

const gamesPlugin: FastifyPluginAsync<GamesOptions> = async (app, options) => {
  const serverSeeds = options.serverSeeds ?? randomServerSeed
  await seedJackpot(app.ledger)
  app.decorate('games', {
    rounds: new Rounds({
      ledger: app.ledger,
      direct: app.sqlite ? { db: app.db, sqlite: app.sqlite } : null,
      winFeedMin: app.config.winFeedMin,
      playLimits: {
        timeZone: app.config.market.timeZone,
        realityCheckMinutes: app.config.realityCheckDefaultMinutes,
      },
      gameOff: (gameId) => offReason(app.config.gamesOff, gameId),
    }),
    serverSeeds,
  })
  app.push.rereadWith('jackpot', () => jackpotView(app.db))
  // A revoked token's games are closed too (their calls are refused already: sessions.ts).
  app.accounts.onTokensRevoked((hashes, now) => closeSessionsLaunchedWith(app.db, hashes, now))
}

export const gamesModule = fp(gamesPlugin, { name: 'games', dependencies: ['ledger', 'accounts'] })
