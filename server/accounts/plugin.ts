// The accounts module: players, device and credential login, tokens, verification (name, CPF and
// date of birth, checked with the identity bureau; the verification queue and the barred list),
// limits and self-exclusion, the player's e-mail and phone confirmed with a code, identity by face
// and the registration data. Its tables are players, session_tokens, player_verifications,
// verification_reviews, barred_cpfs, player_limits, self_exclusions, player_contacts,
// player_contact_codes, face_pending, face_checks, biometric_consents and player_registration; other modules call the functions it
// exports, never its tables. Decorates the app with `accounts` and requests with their authenticated player.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { decoratePlayerRequest } from './auth.ts'
import { datavalidFaceMatcher } from './face-datavalid.ts'
import { type FaceMatcher, FaceUnavailable } from './face-matcher.ts'
import type { IdentityBureau } from './identity-bureau.ts'
import { sandboxIdentityBureau } from './identity-sandbox.ts'
import { type DeadSession, invalidTokenHashes, isLive, type Session, verifyToken } from './tokens.ts'

/** What another module does when session tokens are revoked (the games module closes the games they launched). */
export type TokensRevokedListener = (tokenHashes: string[], now: number) => Promise<unknown>

/** What another module does once a player's identity is verified (the sanctions screening). */
export type VerifiedListener = (playerId: number) => Promise<unknown>

export interface AccountsService {
  /** The session (player and device) a token belongs to, or undefined when it is unknown, expired or revoked. */
  verifyToken(token: string): Promise<Session | undefined>
  /**
   * The session behind a token, marked active, or why it is dead; a session found past its idle end
   * is ended here (token revoked, the games it launched closed).
   */
  session(token: string): Promise<Session | DeadSession>
  /** Registers what follows a revocation here (modules above accounts; they cannot be imported). */
  onTokensRevoked(listener: TokensRevokedListener): void
  /** Tells the listeners these tokens were revoked (after the revocation committed). */
  tokensRevoked(tokenHashes: string[], now: number): Promise<void>
  /** Registers what follows a verification (modules above accounts). */
  onVerified(listener: VerifiedListener): void
  /**
   * Tells the listeners a player was verified (after it committed). A listener's fault is logged,
   * not the verification's: what it missed, its own sweep catches.
   */
  verified(playerId: number): Promise<void>
  /** The identity bureau verification asks (the sandbox's, until an adapter for a real one is chosen). */
  identityBureau: IdentityBureau
  /** The face provider identity by face asks (Datavalid's API at FACE_URL: the sandbox's unless configured). */
  faceMatcher: FaceMatcher
}

/** No face provider configured and none started: every face check goes unanswered (to review). */
const noFaceProvider: FaceMatcher = {
  name: 'none',
  check: async () => {
    throw new FaceUnavailable('no face provider configured (FACE_URL)')
  },
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService
  }
}

const accountsPlugin: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app
  const revokedListeners: TokensRevokedListener[] = []
  const verifiedListeners: VerifiedListener[] = []
  const tokensRevoked = async (tokenHashes: string[], now: number) => {
    if (tokenHashes.length === 0) return
    for (const listener of revokedListeners) await listener(tokenHashes, now)
  }
  const session = async (token: string) => {
    const now = clock.now()
    const found = await verifyToken(db, token, now, config.tokenTtlSeconds, config.sessionIdleMs)
    if (!isLive(found) && found.ended === 'idle' && found.tokenHash) await tokensRevoked([found.tokenHash], now)
    return found
  }
  app.decorate('accounts', {
    verifyToken: async (token: string) => {
      const found = await session(token)
      return isLive(found) ? found : undefined
    },
    session,
    onTokensRevoked: (listener) => {
      revokedListeners.push(listener)
    },
    tokensRevoked,
    onVerified: (listener) => {
      verifiedListeners.push(listener)
    },
    verified: async (playerId) => {
      for (const listener of verifiedListeners)
        await listener(playerId).catch((error: unknown) =>
          app.log.error({ err: error, playerId }, 'after verification'),
        )
    },
    identityBureau: sandboxIdentityBureau({ now: () => clock.now(), timeZone: config.market.timeZone }),
    faceMatcher: config.face.url
      ? datavalidFaceMatcher({
          baseUrl: config.face.url,
          clientId: config.face.clientId,
          clientSecret: config.face.clientSecret,
          timeoutMs: config.face.timeoutMs,
          now: () => clock.now(),
        })
      : noFaceProvider,
  } satisfies AccountsService)
  decoratePlayerRequest(app)
  // Sockets whose token was revoked on another instance are found by the hub's sweep.
  app.push.checkSessionsWith((hashes) => invalidTokenHashes(db, hashes, clock.now()))
}

export const accountsModule = fp(accountsPlugin, { name: 'accounts', dependencies: ['ledger', 'sigap'] })
