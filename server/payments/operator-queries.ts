// What the operator console reads from payments: the withdrawal worklists (waiting for review,
// held before the bank, failed at the provider, stuck there), a player's deposits (with who
// paid) and withdrawals with their steps, unmatched PIX (paid to no order), and which player an
// order id or a PIX key belongs to. Read-only; decisions go through WithdrawalService.review (withdrawal-review.ts).
import type { Kysely } from 'kysely'
import { type HeldWithdrawal, PAYOUT_LIMIT_MINUTES, type QueueStatus, type WorklistItem } from '../../contract/ops.ts'
import type { OrderStatus, WithdrawalFailReason } from '../../contract/withdrawals.ts'
import { TrackerStep } from '../../contract/withdrawals.ts'
import { accountHolds } from '../accounts/account-holds.ts'
import { maskCpf } from '../accounts/verification.ts'
import type { Database } from '../db/schema.ts'
import type { StepArgs } from '../i18n/steps.ts'
import { IN_FLIGHT, maskPixKey, stepTime, withdrawalPhase } from './withdrawal-orders.ts'

/** A payout handed to the provider this long ago and still not settled is stuck. */
export const STUCK_AFTER_MS = 15 * 60_000

/** Which of these players are frozen or closed (their payouts wait at home). */
async function heldPlayers(db: Kysely<Database>, playerIds: number[]): Promise<Set<number>> {
  const held = new Set<number>()
  for (const id of new Set(playerIds)) {
    const holds = await accountHolds(db, id)
    if (holds.frozenAt !== null || holds.closedAt !== null) held.add(id)
  }
  return held
}
// Failures the player or an operator caused are not the provider's: not on the "failed" list.
const NOT_PROVIDER_FAILURES: WithdrawalFailReason[] = ['rejected_in_review', 'cancelled_by_player']

function queueQuery(db: Kysely<Database>, status: QueueStatus, now: number) {
  const base = db.selectFrom('withdrawal_orders')
  if (status === 'review') return base.where('status', '=', 'review')
  // Stuck means the bank has had it that long: an order never handed over is held, not stuck.
  if (status === 'stuck')
    return base
      .where('status', '=', 'processing')
      .whereRef('sent_attempt', '>=', 'attempt')
      .where('updated_at', '<=', now - STUCK_AFTER_MS)
  if (status === 'held') return base.where('status', '=', 'processing').whereRef('sent_attempt', '<', 'attempt')
  return base.where((eb) =>
    eb.or([
      eb('status', '=', 'key_rejected'),
      eb.and([eb('status', '=', 'failed'), eb('fail_reason', 'not in', NOT_PROVIDER_FAILURES)]),
    ]),
  )
}

/** A worklist, oldest first (the one closest to the 120-minute limit on top). */
export async function withdrawalQueue(
  db: Kysely<Database>,
  input: { status: QueueStatus; pageNum: number; pageSize: number; reviewMinutes: number; showKeys: boolean },
  now: number,
): Promise<{ total: number; items: WorklistItem[] }> {
  const total = await queueQuery(db, input.status, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const rows = await queueQuery(db, input.status, now)
    .selectAll()
    .orderBy(input.status === 'failed' ? 'updated_at' : 'created_at', input.status === 'failed' ? 'desc' : 'asc')
    .orderBy('id')
    .limit(input.pageSize)
    .offset((input.pageNum - 1) * input.pageSize)
    .execute()
  const held = await heldPlayers(
    db,
    rows.map((row) => Number(row.player_id)),
  )
  const sent =
    rows.length === 0
      ? []
      : await db
          .selectFrom('withdrawal_steps')
          .select(['order_id', 'created_at'])
          .where(
            'order_id',
            'in',
            rows.map((row) => row.id),
          )
          .where('code', 'in', [TrackerStep.sent, TrackerStep.resent])
          .orderBy('id')
          .execute()
  return {
    total: Number(total.n),
    items: rows.map((row) => {
      const createdAt = Number(row.created_at)
      const frozen = held.has(Number(row.player_id))
      const phase = withdrawalPhase(row, frozen, now)
      const sentStep = sent.filter((step) => step.order_id === row.id).at(-1)
      return {
        orderId: row.id,
        playerId: Number(row.player_id),
        // Named by the route, which knows the operator's role.
        playerName: null,
        amount: Number(row.amount),
        status: row.status as OrderStatus,
        phase,
        sendAfter: row.send_after === null ? null : Number(row.send_after),
        sentAt: phase === 'at_bank' && sentStep ? Number(sentStep.created_at) : null,
        frozen,
        createdAt,
        updatedAt: Number(row.updated_at),
        reviewDueAt: createdAt + input.reviewMinutes * 60_000,
        payoutDueAt: createdAt + PAYOUT_LIMIT_MINUTES * 60_000,
        keyType: row.key_type,
        keyMasked: input.showKeys ? row.pix_key : maskPixKey(row.key_type, row.pix_key),
        failReason: row.fail_reason,
      }
    }),
  }
}

export async function withdrawalOwner(db: Kysely<Database>, orderId: string): Promise<number | undefined> {
  const row = await db.selectFrom('withdrawal_orders').select('player_id').where('id', '=', orderId).executeTakeFirst()
  return row ? Number(row.player_id) : undefined
}

/** Players an order id (deposit or withdrawal) or a PIX key they withdrew to points at. */
export async function playersByPaymentReference(
  db: Kysely<Database>,
  q: string,
): Promise<{ playerId: number; matched: 'order' | 'pix_key' }[]> {
  const found: { playerId: number; matched: 'order' | 'pix_key' }[] = []
  const withdrawal = await db.selectFrom('withdrawal_orders').select('player_id').where('id', '=', q).executeTakeFirst()
  if (withdrawal) found.push({ playerId: Number(withdrawal.player_id), matched: 'order' })
  const deposit = await db
    .selectFrom('deposit_orders')
    .select('player_id')
    .where((eb) => eb.or([eb('id', '=', q), eb('txid', '=', q)]))
    .executeTakeFirst()
  if (deposit) found.push({ playerId: Number(deposit.player_id), matched: 'order' })
  const digits = q.replace(/\D/g, '')
  const keys = [q.trim(), q.trim().toLowerCase(), digits, `+55${digits}`].filter((k) => k.length >= 4)
  // PostgreSQL refuses an empty `in ()`; a query too short to be a key matches none.
  if (keys.length === 0) return found
  const byKey = await db
    .selectFrom('withdrawal_orders')
    .select('player_id')
    .distinct()
    .where('pix_key', 'in', keys)
    .limit(20)
    .execute()
  for (const row of byKey) found.push({ playerId: Number(row.player_id), matched: 'pix_key' })
  return found
}

/** The player's latest deposits with who paid each (the CPF the payer's bank reported). */
export async function playerDeposits(
  db: Kysely<Database>,
  playerId: number,
  options: { showPersonal: boolean; playerCpf: string | null },
  limit = 20,
) {
  const rows = await db
    .selectFrom('deposit_orders')
    .select(['id', 'amount', 'status', 'created_at', 'paid_at', 'paid_amount', 'bonus_amount'])
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute()
  const payments =
    rows.length === 0
      ? []
      : await db
          .selectFrom('pix_payments')
          .select(['order_id', 'payer_cpf'])
          .where(
            'order_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('received_at')
          .execute()
  return rows.map((r) => ({
    id: r.id,
    amount: Number(r.amount),
    status: r.status,
    createdAt: Number(r.created_at),
    paidAt: r.paid_at === null ? null : Number(r.paid_at),
    paidAmount: r.paid_amount === null ? null : Number(r.paid_amount),
    bonusAmount: Number(r.bonus_amount),
    payers: payments
      .filter((p) => p.order_id === r.id && p.payer_cpf !== null)
      .map((p) => ({
        cpf: options.showPersonal ? (p.payer_cpf as string) : maskCpf(p.payer_cpf as string),
        isPlayer: options.playerCpf !== null && p.payer_cpf === options.playerCpf,
      })),
  }))
}

export async function playerWithdrawals(
  db: Kysely<Database>,
  playerId: number,
  showKeys: boolean,
  now: number,
  limit = 20,
) {
  const rows = await db
    .selectFrom('withdrawal_orders')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute()
  const ids = rows.map((r) => r.id)
  const steps =
    ids.length === 0
      ? []
      : await db
          .selectFrom('withdrawal_steps')
          .select(['order_id', 'code', 'state', 'created_at', 'args'])
          .where('order_id', 'in', ids)
          .orderBy('id')
          .execute()
  const held = await heldPlayers(db, [playerId])
  return rows.map((r) => ({
    id: r.id,
    amount: Number(r.amount),
    status: r.status,
    keyType: r.key_type,
    key: showKeys ? r.pix_key : maskPixKey(r.key_type, r.pix_key),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    failReason: r.fail_reason,
    endToEndId: r.end_to_end_id,
    phase: withdrawalPhase(r, held.has(playerId), now),
    sendAfter: r.send_after === null ? null : Number(r.send_after),
    steps: steps
      .filter((s) => s.order_id === r.id)
      .map((s) => {
        const args = JSON.parse(s.args) as Pick<StepArgs, 'decision' | 'coolOffUntil'>
        return {
          code: s.code,
          state: s.state,
          at: stepTime(s),
          decision: args.decision ?? null,
          coolOffUntil: args.coolOffUntil ?? null,
        }
      }),
  }))
}

/** What a freeze keeps from the bank: the player's orders in review or not yet handed over. */
export async function unsentWithdrawals(db: Kysely<Database>, playerId: number): Promise<HeldWithdrawal[]> {
  const rows = await db
    .selectFrom('withdrawal_orders')
    .select(['id', 'amount', 'status'])
    .where('player_id', '=', playerId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'review'),
        eb.and([eb('status', '=', 'processing'), eb('sent_attempt', '<', eb.ref('attempt'))]),
      ]),
    )
    .orderBy('created_at')
    .execute()
  return rows.map((r) => ({ orderId: r.id, amount: Number(r.amount), status: r.status as OrderStatus }))
}

/** PIX received that matched no order (late or unknown txid): money to look at. */
export async function unmatchedPix(db: Kysely<Database>, limit = 100) {
  const rows = await db
    .selectFrom('pix_payments')
    .selectAll()
    .where((eb) => eb.or([eb('order_id', 'is', null), eb('late', '=', 1)]))
    .orderBy('received_at', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    endToEndId: r.end_to_end_id,
    txid: r.txid,
    amount: Number(r.amount),
    orderId: r.order_id,
    late: r.late === 1,
    receivedAt: Number(r.received_at),
  }))
}

/** Payout times of orders paid since `since` (request → paid), for the dashboard. */
export async function payoutDurations(db: Kysely<Database>, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('withdrawal_orders')
    .select(['created_at', 'updated_at'])
    .where('status', '=', 'paid')
    .where('updated_at', '>=', since)
    .execute()
  return rows.map((r) => Number(r.updated_at) - Number(r.created_at)).sort((a, b) => a - b)
}

export async function openWorkCounts(db: Kysely<Database>, now: number) {
  const count = async (status: QueueStatus) =>
    Number(
      (
        await queueQuery(db, status, now)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return {
    review: await count('review'),
    held: await count('held'),
    failed: await count('failed'),
    stuck: await count('stuck'),
  }
}

/** How many withdrawals wait for an operator's review (the console's pending work). */
export async function reviewCount(db: Kysely<Database>, now: number): Promise<number> {
  const row = await queueQuery(db, 'review', now)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The player's withdrawal still on its way (in review, at the provider, key refused), if any. */
export async function withdrawalInFlight(db: Kysely<Database>, playerId: number): Promise<string | null> {
  const row = await db
    .selectFrom('withdrawal_orders')
    .select('id')
    .where('player_id', '=', playerId)
    .where('status', 'in', IN_FLIGHT)
    .executeTakeFirst()
  return row?.id ?? null
}
