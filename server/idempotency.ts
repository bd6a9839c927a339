// The idempotent create (a repeated requestId never repeats the effect): find what this
// player's requestId already made; the same content replays it, other content is refused as
// `request_id_reused`, and only a new requestId creates. Callers run it under the player's lock
// inside their transaction, so two copies of one request cannot both create.
import { Refusal } from './refusal.ts'

export interface IdempotentCreate<Row, Result> {
  /** What this player's requestId already made, if anything. */
  find(): Promise<Row | undefined>
  /** Whether the earlier request asked for the same thing (amount, game, key …). */
  sameRequest?(row: Row): boolean
  /** The answer to a repeat: the first result again. */
  replay(row: Row): Result | Promise<Result>
  create(): Promise<Result>
}

export async function createOnce<Row, Result>(steps: IdempotentCreate<Row, Result>): Promise<Result> {
  const existing = await steps.find()
  if (existing === undefined) return steps.create()
  if (steps.sameRequest && !steps.sameRequest(existing)) throw new Refusal('request_id_reused')
  return steps.replay(existing)
}
