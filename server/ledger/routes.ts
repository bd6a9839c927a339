// The statement: paged entries (newest first) and a CSV export of all of them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type StatementView, statementRequest } from '../../contract/statement.ts'
import { ok } from '../http/envelope.ts'
import { readStatement, statementCsv } from './statement.ts'

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/bus/statement', { schema: { body: statementRequest } }, async (request) => {
    const page = await readStatement(app.db, app.ledger.accounts, request.playerId, request.body)
    return ok<StatementView>({
      ...page,
      entries: page.entries.map(({ transferId, time, kind, account, amount, balanceAfter }) => ({
        transferId,
        time,
        kind,
        account,
        amount,
        balanceAfter,
      })),
    })
  })

  app.post('/v1/bus/statementCsv', async (request, reply) => {
    const { entries } = await readStatement(app.db, app.ledger.accounts, request.playerId, 'all')
    const day = new Date(app.clock.now()).toISOString().slice(0, 10)
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="jogo-limpo-extrato-${day}.csv"`)
      .send(statementCsv(entries))
  })
}
