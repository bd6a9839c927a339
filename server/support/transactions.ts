// How a support change is written: in one transaction with the pushes it causes (the hub
// delivers them after commit) and, for an operator's action, its row in the console's audit log.
// Also the options every part of the support service is built with.
import type { Kysely, Transaction } from 'kysely'
import { writeAudit } from '../audit/audit.ts'
import type { Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { type OutboxEvent, writeOutbox } from '../push/outbox.ts'
import type { SupportOperator } from './operators.ts'

export type Db = Kysely<Database>
export type Trx = Transaction<Database>

export interface SupportServiceOptions {
  db: Db
  engine: Engine
  now: () => number
  /** Wakes the push hub after a commit that wrote events. */
  afterCommit: () => void
  /** Whether this withdrawal order is the player's (context from the tracker). */
  orderBelongs: (playerId: number, orderId: string) => Promise<boolean>
  /** An active operator's name by id (a transfer's receiver), null when there is none. */
  operatorName: (operatorId: number) => Promise<string | null>
  /** The names operators see for players (bound user names). */
  playerNames: (playerIds: number[]) => Promise<Map<number, string | null>>
}

/** Runs work in a transaction, writes its events there, and wakes the hub after commit. */
export async function writeWithPushes<T>(
  o: SupportServiceOptions,
  work: (trx: Trx, events: OutboxEvent[]) => Promise<T>,
): Promise<T> {
  const events: OutboxEvent[] = []
  const result = await o.db.transaction().execute(async (trx) => {
    events.length = 0
    const value = await work(trx, events)
    await writeOutbox(trx, o.engine, events, o.now())
    return value
  })
  if (events.length > 0) o.afterCommit()
  return result
}

/** An operator's support action in the console's audit log, in the action's transaction. */
export async function auditSupport(
  o: SupportServiceOptions,
  trx: Trx,
  operator: SupportOperator,
  action: string,
  conversationId: number | null,
  detail: { id?: number } & Record<string, unknown>,
): Promise<void> {
  await writeAudit(
    trx,
    operator.actor,
    {
      action,
      objectType: conversationId === null ? action.split('.').slice(0, 2).join('.') : 'support_conversation',
      objectId: conversationId ?? detail.id ?? '',
      after: detail,
    },
    o.now(),
  )
}
