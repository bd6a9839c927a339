// The statement: a page of lines (newest first, by cursor) and a CSV export of every leg,
// streamed in chunks, in the language the request names (Accept-Language) and the market's time.
import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type StatementView, statementRequest, statementView } from '../../contract/statement.ts'
import { ok, replies } from '../http/envelope.ts'
import { ledgerLegacyPaths as legacy } from './legacy-shapes.ts'
import { readStatement, statementCsvChunks } from './statement.ts'

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const statementSchema = {
    summary: "The player's statement: one line per operation, newest first, with the ledger legs",
    body: statementRequest,
    response: replies(statementView),
  }
  app.post('/v1/statement', { config: { legacyPath: legacy.statement }, schema: statementSchema }, async (request) => {
    return ok<StatementView>(
      await readStatement(app.db, app.engine, app.ledger.accounts, request.playerId, request.body),
    )
  })

  const csvSchema = {
    summary: 'Every ledger leg of the player as CSV',
    response: {
      200: {
        description: 'A CSV file (one line per ledger leg).',
        content: { 'text/csv': { schema: z.custom<Readable>().meta({ type: 'string' }) } },
      },
    },
  }
  app.post(
    '/v1/statement/csv',
    { config: { legacyPath: legacy.statementCsv }, schema: csvSchema },
    async (request, reply) => {
      // The file is named for the market's local day, like the times inside it.
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: app.config.market.timeZone }).format(app.clock.now())
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="jogo-limpo-extrato-${day}.csv"`)
        .send(
          Readable.from(
            statementCsvChunks(app.db, app.engine, app.ledger.accounts, request.playerId, {
              language: request.language,
              timeZone: app.config.market.timeZone,
            }),
          ),
        )
    },
  )
}
