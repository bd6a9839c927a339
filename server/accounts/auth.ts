// The preHandler that authenticates a request by its `access-token` header (SPEC 2), then
// counts it against the player's own per-minute limit (the per-address limit stays generous
// for players sharing a carrier's address).
import type { FastifyRequest } from 'fastify'
import { Refusal } from '../http/envelope.ts'
import { verifyToken } from './tokens.ts'

export async function requirePlayer(request: FastifyRequest): Promise<void> {
  const header = request.headers['access-token']
  const token = Array.isArray(header) ? header[0] : header
  const { db, clock, config } = request.server
  const session = token ? await verifyToken(db, token, clock.now(), config.tokenTtlSeconds) : undefined
  if (session === undefined) throw new Refusal('token_invalid')
  request.playerId = session.playerId
  request.accessToken = token as string
  request.sessionDeviceId = session.deviceId
  const limit = await request.server.playerRateLimit(request)
  if (limit.isExceeded) throw new Refusal('rate_limited', null, undefined, 429)
}
