// What a generated client knows about refusals, checked by compiling (tsc, with the types
// openapi-typescript generates, as server/http/openapi-client.test.ts does): every 200 is the
// success or a refusal, narrowed by `success`; a refusal's msgCode is one of the refusal codes
// (`token_invalid` among them, never `success`); its data is an object or null; a file reply's
// refusal is typed JSON too.
import type { components, paths } from './api.ts'

type AccountInfo = paths['/api/v1/bus/accountInfo']['post']['responses'][200]['content']['application/json']
type Refusal = Extract<AccountInfo, { success: false }>
type Success = Extract<AccountInfo, { success: true }>

export function describeReply(reply: AccountInfo): string {
  // Narrowed by `success`: the data of a success, the msgCode of a refusal.
  return reply.success ? `balance ${reply.data.gold}` : `refused: ${reply.msgCode}`
}

export const tokenInvalid: Refusal['msgCode'] = 'token_invalid'
// @ts-expect-error a refusal never carries the success code
export const notARefusal: Refusal['msgCode'] = 'success'
export const successCode: Success['msgCode'] = 'success'

export const noData: Refusal['data'] = null
export const someData: Refusal['data'] = { retryAt: 1_700_000_000_000 }
// @ts-expect-error a refusal's data is an object or null
export const textData: Refusal['data'] = 'later'

type StatementCsv = paths['/api/v1/bus/statementCsv']['post']['responses'][200]['content']
export const csvRefusal: StatementCsv['application/json']['msgCode'] = 'token_invalid'
export const csvText: StatementCsv['text/csv'] = 'a;b\n'

type Schemes = keyof components['schemas']
export const refusalSchema: Schemes = 'Refusal'
