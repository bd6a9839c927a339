// Builders for the response envelope (SPEC 9): `{ success, msgCode, msg, data }`, completed with
// the player-language message and the language-pack version by the API layer.
import type { MsgCode } from '../../contract/envelope.ts'
import { Refusal } from '../refusal.ts'

export interface Reply<T> {
  success: boolean
  msgCode: MsgCode
  msg?: string
  data: T | null
}

export function ok<T>(data: T): Reply<T> {
  return { success: true, msgCode: 'success', data }
}

/**
 * A refusal the HTTP layer itself makes before any service runs — a gate's 401 or 429, malformed
 * bytes' 400 — answered with that status and the envelope.
 */
export class HttpRefusal extends Refusal {
  readonly status: number
  constructor(status: number, msgCode: MsgCode) {
    super(msgCode)
    this.status = status
  }
}
