// Builders for the response envelope and the business refusal that handlers throw.
import type { MsgCode } from '../../contract/envelope.ts'

/** A business refusal: answered with HTTP 200, `success: false` and the msgCode (SPEC 9). */
export class Refusal extends Error {
  readonly msgCode: MsgCode
  readonly data: unknown
  constructor(msgCode: MsgCode, data: unknown = null) {
    super(msgCode)
    this.msgCode = msgCode
    this.data = data
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
