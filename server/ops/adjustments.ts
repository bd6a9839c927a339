// Operator cash adjustments and their four-eyes rule: a person applies an adjustment alone only
// while what people applied alone in the last 24 hours — by this operator (to anyone) and to this
// player (by anyone), each counted in absolute value — stays within OPS_FOUR_EYES_ABOVE with it;
// anything that would cross either sum waits in `adjustment_requests` for a second person.
// Splitting a large amount into many small ones therefore gains nothing. Adjustments applied alone
// are kept there too (status `applied`), which is what the sums read; the scripts' account is
// audited but not bound (it is no person).
import { type Kysely, sql } from 'kysely'
import type { ReviewDecision } from '../../contract/ops.ts'
import { lockPlayerRow } from '../accounts/players.ts'
import { type Actor, writeAudit } from '../audit/audit.ts'
import type { Database } from '../db/schema.ts'
import { HttpRefusal } from '../http/envelope.ts'
import { adjustCash } from '../ledger/adjustments.ts'
import type { Ledger } from '../ledger/ledger.ts'
import type { LedgerTx, TransferResult } from '../ledger/tx.ts'
import { operatorEvent, writeOutbox } from '../push/outbox.ts'
import { Refusal } from '../refusal.ts'
import { refuseUnlessStillAllowed } from './acting-operator.ts'
import { refuseUnlessIndependent } from './operator-grants.ts'

/** The rolling window the four-eyes bound sums over. */
export const FOUR_EYES_WINDOW_MS = 24 * 3600_000

export interface AdjustmentInput {
  requestId: string
  userId: number
  amount: number
  reason: string
}

export type AdjustmentOutcome =
  | { status: 'done'; transfer: TransferResult }
  | { status: 'pending'; requestId: string; amount: number; userId: number }

/** What people applied alone (absolute centavos) within the window: by the operator, to the player. */
async function appliedAlone(db: Kysely<Database>, operatorId: number, playerId: number, now: number) {
  const since = now - FOUR_EYES_WINDOW_MS
  const sum = (column: 'requested_by' | 'player_id', id: number) =>
    db
      .selectFrom('adjustment_requests')
      .select(sql<string | number | null>`sum(abs(amount))`.as('total'))
      .where(column, '=', id)
      .where('status', '=', 'applied')
      .where('requested_at', '>', since)
      .executeTakeFirst()
  const [byOperator, toPlayer] = [await sum('requested_by', operatorId), await sum('player_id', playerId)]
  return { byOperator: Number(byOperator?.total ?? 0), toPlayer: Number(toPlayer?.total ?? 0) }
}

/** The scripts' account: applied at once, once per requestId (the ledger's transfer id). */
async function applyAsService(tx: LedgerTx, actor: Actor, input: AdjustmentInput) {
  const { requestId, userId, amount, reason } = input
  const transfer = await adjustCash(tx, { id: `ops:${requestId}`, playerId: userId, amount, reason })
  if (!transfer.replayed)
    await writeAudit(
      tx.trx,
      actor,
      { action: 'player.adjust', objectType: 'player', objectId: userId, after: { requestId, amount }, reason },
      tx.now,
    )
  return transfer
}

/**
 * Applies an adjustment, or files it for a second person when it would cross the four-eyes bound
 * (OPS_FOUR_EYES_ABOVE) on its own or summed over the window. A repeated requestId answers what
 * it did the first time.
 */
export async function adjustOrRequest(
  ledger: Ledger,
  engine: 'sqlite' | 'postgres',
  actor: Actor,
  input: AdjustmentInput,
  bound: number,
): Promise<AdjustmentOutcome> {
  const { requestId, userId, amount, reason } = input
  return ledger.transact(async (tx): Promise<AdjustmentOutcome> => {
    const operatorId = actor.id
    if (operatorId === null) return { status: 'done', transfer: await applyAsService(tx, actor, input) }
    // The operator's and the player's sums are read and extended by one request at a time
    // (SQLite's transactions are serial already): concurrent requests cannot all fit under the bound.
    // The operator's row is also where their standing is read again: disabled since the request
    // arrived, nothing moves.
    await refuseUnlessStillAllowed(tx.trx, engine, actor, 'players.adjust', 'update')
    if (engine === 'postgres') await lockPlayerRow(tx.trx, userId)
    const existing = await tx.trx
      .selectFrom('adjustment_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirst()
    if (existing) {
      if (Number(existing.amount) !== amount || Number(existing.player_id) !== userId)
        throw new Refusal('request_id_reused', { requestId })
      if (existing.status === 'pending' || existing.status === 'rejected')
        return { status: 'pending', requestId, amount, userId }
      return {
        status: 'done',
        transfer: await adjustCash(tx, { id: `ops:${requestId}`, playerId: userId, amount, reason }),
      }
    }
    const sums = await appliedAlone(tx.trx, operatorId, userId, tx.now)
    const size = Math.abs(amount)
    const alone = sums.byOperator + size <= bound && sums.toPlayer + size <= bound
    await tx.trx
      .insertInto('adjustment_requests')
      .values({
        id: requestId,
        player_id: userId,
        amount,
        reason,
        requested_by: operatorId,
        requested_by_name: actor.name,
        requested_at: tx.now,
        status: alone ? 'applied' : 'pending',
        decided_by: null,
        decided_at: null,
      })
      .execute()
    const window = { operator24h: sums.byOperator, player24h: sums.toPlayer, bound }
    if (!alone) {
      await writeAudit(
        tx.trx,
        actor,
        {
          action: 'player.adjust_requested',
          objectType: 'player',
          objectId: userId,
          after: { requestId, amount, ...window },
          reason,
        },
        tx.now,
      )
      // Every open console's four-eyes queue re-reads.
      await writeOutbox(
        tx.trx,
        engine,
        [operatorEvent({ topic: 'adjustment', playerId: userId, id: requestId, status: 'pending' })],
        tx.now,
      )
      return { status: 'pending', requestId, amount, userId }
    }
    const transfer = await adjustCash(tx, { id: `ops:${requestId}`, playerId: userId, amount, reason })
    await writeAudit(
      tx.trx,
      actor,
      {
        action: 'player.adjust',
        objectType: 'player',
        objectId: userId,
        after: { requestId, amount, ...window },
        reason,
      },
      tx.now,
    )
    return { status: 'done', transfer }
  })
}

/**
 * How many adjustments wait for a second person who may decide them: every pending one but the
 * operator's own (four-eyes: the requester never approves their own; the scripts' account, no id,
 * has none).
 */
export async function pendingAdjustmentCount(db: Kysely<Database>, operatorId: number | null): Promise<number> {
  let query = db.selectFrom('adjustment_requests').where('status', '=', 'pending')
  if (operatorId !== null)
    query = query.where((eb) => eb.or([eb('requested_by', 'is', null), eb('requested_by', '<>', operatorId)]))
  const row = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Adjustments waiting for a second person, oldest first. */
export async function pendingAdjustments(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('adjustment_requests')
    .selectAll()
    .where('status', '=', 'pending')
    .orderBy('requested_at')
    .orderBy('id')
    .limit(200)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    playerId: Number(r.player_id),
    amount: Number(r.amount),
    reason: r.reason,
    requestedBy: r.requested_by_name,
    requestedById: r.requested_by === null ? null : Number(r.requested_by),
    requestedAt: Number(r.requested_at),
  }))
}

/**
 * A second person's decision on a pending adjustment, with their reason: approving applies it in
 * the same transaction. The requester may not decide their own, nor approve it someone they
 * created, reset or gave a role within `grantWindowMs` (or who did so to them) — both 403, audited
 * by the operator scope; the first decision wins.
 */
export async function decideAdjustment(
  ledger: Ledger,
  engine: 'sqlite' | 'postgres',
  actor: Actor,
  input: { id: string; decision: ReviewDecision; reason: string | null },
  grantWindowMs: number,
): Promise<{ playerId: number; status: 'approved' | 'rejected' }> {
  const { id, decision, reason } = input
  return ledger.transact(async (tx) => {
    await refuseUnlessStillAllowed(tx.trx, engine, actor, 'players.adjust')
    const row = await tx.trx.selectFrom('adjustment_requests').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw new Refusal('not_found')
    if (row.status !== 'pending') throw new Refusal('adjustment_taken', { status: row.status })
    if (row.requested_by !== null && Number(row.requested_by) === actor.id)
      throw new HttpRefusal(403, 'four_eyes_same_operator')
    // Four-eyes needs two independent people: not one who created, reset or promoted the other lately.
    if (decision === 'approve')
      await refuseUnlessIndependent(
        tx.trx,
        actor,
        row.requested_by === null ? null : Number(row.requested_by),
        tx.now,
        grantWindowMs,
      )
    const status = decision === 'approve' ? 'approved' : 'rejected'
    const claimed = await tx.trx
      .updateTable('adjustment_requests')
      .set({ status, decided_by: actor.id, decided_at: tx.now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (claimed.numUpdatedRows === 0n) throw new Refusal('adjustment_taken', { status: 'decided' })
    const playerId = Number(row.player_id)
    const amount = Number(row.amount)
    if (decision === 'approve') await adjustCash(tx, { id: `ops:${id}`, playerId, amount, reason: row.reason })
    await writeAudit(
      tx.trx,
      actor,
      {
        action: decision === 'approve' ? 'player.adjust_approved' : 'player.adjust_rejected',
        objectType: 'player',
        objectId: playerId,
        before: { requestId: id, amount, requestedBy: row.requested_by_name, requestReason: row.reason },
        after: { requestId: id, amount, status },
        reason: reason ?? row.reason,
      },
      tx.now,
    )
    await writeOutbox(tx.trx, engine, [operatorEvent({ topic: 'adjustment', playerId, id, status })], tx.now)
    return { playerId, status }
  })
}
