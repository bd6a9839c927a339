// Builders for the response envelope (SPEC 9): `{ success, msgCode, msg, data }`, completed with
// the player-language message and the language-pack version by the API layer.
import type { MsgCode } from '../../contract/envelope.ts'

export interface Reply<T> {
  success: boolean
  msgCode: MsgCode
  msg?: string
  data: T | null
}

export function ok<T>(data: T): Reply<T> {
  return { success: true, msgCode: 'ok', data }
}
