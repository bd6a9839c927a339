// The accounts module: players, device and credential login, tokens, verification (name, CPF and
// date of birth, checked with the identity bureau; the verification queue and the barred list),
// limits and self-exclusion. Its tables are players, session_tokens, player_verifications,
// verification_reviews, barred_cpfs, player_limits and self_exclusions; other modules call the functions it exports, never its
// tables. Decorates the app with `accounts` and requests with their authenticated player.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { decoratePlayerRequest } from './auth.ts'
import type { IdentityBureau } from './identity-bureau.ts'
import { sandboxIdentityBureau } from './identity-sandbox.ts'
import { invalidTokenHashes, type Session, verifyToken } from './tokens.ts'

/** What another module does when session tokens are revoked (the games module closes the games they launched). */
export type TokensRevokedListener = (tokenHashes: string[], now: number) => Promise<unknown>

export interface AccountsService {
  /** The session (player and device) a token belongs to, or undefined when it is unknown, expired or revoked. */
  verifyToken(token: string): Promise<Session | undefined>
  /** Registers what follows a revocation here (modules above accounts; they cannot be imported). */
  onTokensRevoked(listener: TokensRevokedListener): void
  /** Tells the listeners these tokens were revoked (after the revocation committed). */
  tokensRevoked(tokenHashes: string[], now: number): Promise<void>
  /** The identity bureau verification asks (the sandbox's, until an adapter for a real one is chosen). */
  identityBureau: IdentityBureau
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService
  }
}

const accountsPlugin: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app
  const revokedListeners: TokensRevokedListener[] = []
  app.decorate('accounts', {
    verifyToken: (token: string) => verifyToken(db, token, clock.now(), config.tokenTtlSeconds),
    onTokensRevoked: (listener) => {
      revokedListeners.push(listener)
    },
    tokensRevoked: async (tokenHashes, now) => {
      if (tokenHashes.length === 0) return
      for (const listener of revokedListeners) await listener(tokenHashes, now)
    },
    identityBureau: sandboxIdentityBureau({ now: () => clock.now(), timeZone: config.market.timeZone }),
  } satisfies AccountsService)
  decoratePlayerRequest(app)
  // Sockets whose token was revoked on another instance are found by the hub's sweep.
  app.push.checkSessionsWith((hashes) => invalidTokenHashes(db, hashes, clock.now()))
}

export const accountsModule = fp(accountsPlugin, { name: 'accounts', dependencies: ['ledger'] })
