// The player's own data, in the player scope: `/player/data/export` streams everything we hold
// about the authenticated player as a JSON file (export.ts). Only ever the caller's own data (the
// player id comes from the access token, never from the request), and at most a few a day per
// player: each is a walk through their whole history.
import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { refusalEnvelope } from '../../contract/envelope.ts'
import { HttpRefusal } from '../http/envelope.ts'
import { playerDataJson, playerDataParts } from './export.ts'

/** Exports per player per hour. */
export const EXPORTS_PER_HOUR = 5

export const playerDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const parts = playerDataParts(app.db)
  const perPlayer = app.createRateLimit({
    max: EXPORTS_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request) => `player-data:${request.playerId}`,
  })

  const exportSchema = {
    summary: 'Everything held about the player (LGPD art. 18), as a JSON file streamed part by part',
    response: {
      200: {
        description: 'The JSON file: { format, playerId, exportedAt, parts: { <part>: [rows] } }',
        content: {
          'application/json': {
            // The file is streamed (no serializer runs); its shape, for the document's readers. A
            // refusal (`token_invalid` is HTTP 200 for the legacy client) is the envelope.
            schema: z.union([
              z.custom<Readable>().meta({
                type: 'object',
                properties: {
                  format: { type: 'integer', const: 1 },
                  playerId: { type: 'integer' },
                  exportedAt: { type: 'string', format: 'date-time' },
                  parts: {
                    type: 'object',
                    description: 'Each part by name (account, deposits, rounds…), an array of its rows',
                    additionalProperties: { type: 'array', items: { type: 'object' } },
                  },
                },
                required: ['format', 'playerId', 'exportedAt', 'parts'],
              }),
              refusalEnvelope,
            ]),
          },
        },
      },
    },
  }
  app.post('/player/data/export', { schema: exportSchema }, async (request, reply) => {
    const limit = await perPlayer(request)
    if (!limit.isAllowed && limit.isExceeded) throw new HttpRefusal(429, 'rate_limited')
    const now = app.clock.now()
    const day = new Date(now).toISOString().slice(0, 10)
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="meus-dados-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(playerDataJson(parts, request.playerId, now)))
  })
}
