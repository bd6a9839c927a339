// The domain refusal: what a service throws when the rules say no (msgCode, the data the client
// may act on, and the values the player's message names). It knows nothing of HTTP: the API
// layer answers it as a business refusal (HTTP 200, `success: false`) unless the route says
// otherwise (`config.refusalStatus`, e.g. 404 for a GET of something unknown).
import type { MsgCode } from '../contract/envelope.ts'
import type { MessageParams } from './i18n/messages.ts'

export class Refusal extends Error {
  readonly msgCode: MsgCode
  readonly data: unknown
  /** Values the player's message names (amounts, times); defaults to the data when it is flat. */
  readonly params: MessageParams | undefined
  constructor(msgCode: MsgCode, data: unknown = null, params?: MessageParams) {
    super(msgCode)
    this.msgCode = msgCode
    this.data = data
    this.params = params ?? (isFlat(data) ? data : undefined)
  }
}

function isFlat(data: unknown): data is MessageParams {
  return (
    typeof data === 'object' &&
    data !== null &&
    Object.values(data).every((value) => typeof value === 'string' || typeof value === 'number')
  )
}
