// The player's own proof of liabilities (Perfil → "Meu saldo na prova de hoje"), in the player
// scope: their leaf in the latest frozen day's Merkle sum tree — its balance and secret salt —
// and the path to the root the chain published, for the app to verify on the device. Only the
// signed-in player's own leaf: another player's salt never leaves the server.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { liabilityProof } from '../../contract/transparency.ts'
import { ok, replies } from '../http/envelope.ts'
import { type RouteSummary, summarizeRoutes } from '../http/route-docs.ts'
import { Refusal } from '../refusal.ts'
import { liabilityProof as proofOf } from './liabilities.ts'

const docs: Record<string, RouteSummary> = {
  '/transparency/liabilities/proof': { summary: 'My balance in the latest proof of liabilities, with its path' },
}

export const transparencyPlayerRoutes: FastifyPluginAsyncZod = async (app) => {
  summarizeRoutes(app, docs, '/api')
  app.get(
    '/transparency/liabilities/proof',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        description:
          "The signed-in player's leaf in the latest frozen day's liabilities tree (balance, salt, position) and the sibling of each level up to the root published in the chain.",
        response: replies(liabilityProof),
      },
    },
    async (request, reply) => {
      const proof = await proofOf(app.db, request.playerId)
      if (!proof) throw new Refusal('liability_proof_not_found')
      reply.header('cache-control', 'private, no-store')
      return ok(proof)
    },
  )
}
