// The accounts module: players, device and credential login, tokens, verification (name + CPF),
// limits and self-exclusion. Its tables are players, session_tokens, player_verifications,
// player_limits and self_exclusions; other modules call the functions it exports, never its
// tables. Decorates the app with `accounts` and requests with their authenticated player.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { decoratePlayerRequest } from './auth.ts'
import { invalidTokenHashes, type Session, verifyToken } from './tokens.ts'

export interface AccountsService {
  /** The session (player and device) a token belongs to, or undefined when it is unknown, expired or revoked. */
  verifyToken(token: string): Promise<Session | undefined>
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService
  }
}

const accountsPlugin: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app
  app.decorate('accounts', {
    verifyToken: (token: string) => verifyToken(db, token, clock.now(), config.tokenTtlSeconds),
  } satisfies AccountsService)
  decoratePlayerRequest(app)
  // Sockets whose token was revoked on another instance are found by the hub's sweep.
  app.push.checkSessionsWith((hashes) => invalidTokenHashes(db, hashes, clock.now()))
}

export const accountsModule = fp(accountsPlugin, { name: 'accounts', dependencies: ['ledger'] })
