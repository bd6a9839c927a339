// The statement: a page of lines (newest first, by cursor) and a CSV export of every leg,
// streamed in chunks.
import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type StatementView, statementRequest } from '../../contract/statement.ts'
import { ok } from '../http/envelope.ts'
import { readStatement, statementCsvChunks } from './statement.ts'

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/bus/statement', { schema: { body: statementRequest } }, async (request) => {
    return ok<StatementView>(
      await readStatement(app.db, app.engine, app.ledger.accounts, request.playerId, request.body),
    )
  })

  app.post('/v1/bus/statementCsv', async (request, reply) => {
    const day = new Date(app.clock.now()).toISOString().slice(0, 10)
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="jogo-limpo-extrato-${day}.csv"`)
      .send(Readable.from(statementCsvChunks(app.db, app.engine, app.ledger.accounts, request.playerId)))
  })
}
