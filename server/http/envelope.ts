// Builders for the response envelope and the business refusal that handlers throw.
import type { MsgCode } from '../../contract/envelope.ts'
import type { MessageParams } from '../i18n/messages.ts'

/** A business refusal: answered with HTTP 200, `success: false` and the msgCode (SPEC 9). */
export class Refusal extends Error {
  readonly msgCode: MsgCode
  readonly data: unknown
  /** HTTP status (200 for business refusals; webhooks answer 401 when refused). */
  readonly status: number
  /** Values the player's message names (amounts, times); defaults to the data when it is flat. */
  readonly params: MessageParams | undefined
  constructor(msgCode: MsgCode, data: unknown = null, params?: MessageParams, status = 200) {
    super(msgCode)
    this.status = status
    this.msgCode = msgCode
    this.data = data
    this.params = params ?? (isFlat(data) ? data : undefined)
  }
}

export interface Reply<T> {
  success: boolean
  msgCode: MsgCode
  msg?: string
  data: T | null
}

export function ok<T>(data: T): Reply<T> {
  return { success: true, msgCode: 'ok', data }
}

function isFlat(data: unknown): data is MessageParams {
  return (
    typeof data === 'object' &&
    data !== null &&
    Object.values(data).every((value) => typeof value === 'string' || typeof value === 'number')
  )
}
