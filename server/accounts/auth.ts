// Player authentication for the player scope: the hook that accepts a request by its
// `access-token` header and then counts it against the player's own per-minute limit (the
// per-address limit stays generous for players sharing a carrier's address), and the request's
// player, which exists only inside that scope — reading `request.playerId` anywhere else is a
// programming error, not a player id of 0.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpRefusal } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'

const authenticated = Symbol('authenticated player')

interface AuthenticatedPlayer {
  playerId: number
  accessToken: string
  /** The device row the session token was issued to. */
  deviceId: number | null
}

declare module 'fastify' {
  interface FastifyRequest {
    [authenticated]: AuthenticatedPlayer | null
    /** The authenticated player; throws outside the player scope. */
    readonly playerId: number
    /** The token the player authenticated with; throws outside the player scope. */
    readonly accessToken: string
    /** The device row the session token was issued to; throws outside the player scope. */
    readonly sessionDeviceId: number | null
  }
  interface FastifyInstance {
    /** Counts an authenticated request against its player's per-minute limit (the API scope's). */
    playerRateLimit(request: FastifyRequest): Promise<{ isAllowed: boolean; isExceeded?: boolean }>
  }
}

function current(request: FastifyRequest): AuthenticatedPlayer {
  const player = request[authenticated]
  if (!player) throw new Error(`request.playerId read outside the player scope (${request.method} ${request.url})`)
  return player
}

export function decoratePlayerRequest(app: FastifyInstance): void {
  app.decorateRequest(authenticated, null)
  app.decorateRequest('playerId', {
    getter(this: FastifyRequest) {
      return current(this).playerId
    },
  })
  app.decorateRequest('accessToken', {
    getter(this: FastifyRequest) {
      return current(this).accessToken
    },
  })
  app.decorateRequest('sessionDeviceId', {
    getter(this: FastifyRequest) {
      return current(this).deviceId
    },
  })
}

/** The player scope's hook: a valid, unrevoked token or `token_invalid` (HTTP 200). */
export async function authenticatePlayer(request: FastifyRequest): Promise<void> {
  const header = request.headers['access-token']
  const token = Array.isArray(header) ? header[0] : header
  const session = token ? await request.server.accounts.verifyToken(token) : undefined
  if (session === undefined || !token) throw new Refusal('token_invalid')
  request[authenticated] = { playerId: session.playerId, accessToken: token, deviceId: session.deviceId }
  const limit = await request.server.playerRateLimit(request)
  if (limit.isExceeded) throw new HttpRefusal(429, 'rate_limited')
}
