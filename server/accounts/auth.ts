// The preHandler that authenticates a request by its `access-token` header (SPEC 2).
import type { FastifyRequest } from 'fastify'
import { Refusal } from '../http/envelope.ts'
import { verifyToken } from './tokens.ts'

export async function requirePlayer(request: FastifyRequest): Promise<void> {
  const header = request.headers['access-token']
  const token = Array.isArray(header) ? header[0] : header
  const { db, clock, config } = request.server
  const playerId = token ? await verifyToken(db, token, clock.now(), config.tokenTtlSeconds) : undefined
  if (playerId === undefined) throw new Refusal('token_invalid')
  request.playerId = playerId
  request.accessToken = token as string
}
