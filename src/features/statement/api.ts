// The statement's calls: a page of ledger entries, and the whole statement as a CSV download.
import type { RequestBody } from '../../../contract/request.ts'
import type { StatementView, statementRequest } from '../../../contract/statement.ts'
import { call, download } from '../../lib/api.ts'

export const getStatement = (input: RequestBody<typeof statementRequest>) =>
  call<StatementView>('/v1/bus/statement', input)

export const downloadStatementCsv = () => download('/v1/bus/statementCsv', 'jogo-limpo-extrato.csv')
