// Builders for the response envelope: `{ success, msgCode, msg, data }`, completed with
// the player-language message and the language-pack version by the API layer.
import type { z } from 'zod'
import { type MsgCode, okEnvelope } from '../../contract/envelope.ts'
import { Refusal } from '../refusal.ts'

export interface Reply<T> {
  success: boolean
  msgCode: MsgCode
  msg?: string
  data: T | null
}

/** What a route answers when it did what was asked (its response schema is `okEnvelope(data)`). */
export interface Ok<T> {
  success: true
  msgCode: 'success'
  /** Completed by the API layer with the player-language message and the language-pack version. */
  msg: string
  languageVersion: string
  data: T
}

export function ok<T>(data: T): Ok<T> {
  // msg and languageVersion are filled in by the API layer's preSerialization hook.
  return { success: true, msgCode: 'success', data } as Ok<T>
}

/** A success whose msgCode also names a state (see okEnvelopeWithState). */
export function okWithState<T, Code extends MsgCode>(msgCode: Code, data: T) {
  return { success: true, msgCode, data } as Omit<Ok<T>, 'msgCode'> & { msgCode: Code }
}

/**
 * A refusal the HTTP layer itself makes before any service runs — a gate's 401 or 429, malformed
 * bytes' 400 — answered with that status and the envelope.
 */
export class HttpRefusal extends Refusal {
  readonly status: number
  constructor(status: number, msgCode: MsgCode, data?: ConstructorParameters<typeof Refusal>[1]) {
    super(msgCode, data)
    this.status = status
  }
}

/**
 * A field refused by a check the schema cannot make synchronously (a password's strength, scored
 * off the event loop): answered exactly as a schema's refusal of that field — 400
 * `invalid_request`, the message naming the field and the problem in the player's language.
 */
export class FieldRefusal extends HttpRefusal {
  readonly field: string
  readonly problem: string
  constructor(field: string, problem: string) {
    super(400, 'invalid_request')
    this.field = field
    this.problem = problem
  }
}

/**
 * A route's `schema.response`: the success envelope with this data. The API layer adds the
 * refusal beside it and the statuses it answers itself (route-docs.ts).
 */
export function replies<Data extends z.ZodType>(data: Data) {
  return { 200: okEnvelope(data) }
}
