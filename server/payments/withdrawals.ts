// Withdrawal orders: the rules, the hold, the payout through the provider, and the
// tracker's steps with the times things happened. An order is confirmed with the account's
// password and goes only to a PIX key the directory (DICT) says the player's own CPF holds
// (Portaria SPA/MF 615/2024). Cash is held (cash → withdrawal_hold) when the order is accepted;
// a paid payout posts the hold, a failed one voids it (money back at once) — also when the bank
// finds the key now belongs to someone else — and a rejected key waits for the player's
// correction (free) and is re-sent. Payouts the provider did not confirm are found again by
// polling, also after a restart.

import { type Kysely, type Selectable, sql } from 'kysely'
import { normalizeCpf } from '../../contract/cpf.ts'
import type { Language } from '../../contract/languages.ts'
import type { WithdrawalPhase } from '../../contract/ops.ts'
import { checkPixKey, normalizePixKey, type PixKeyType } from '../../contract/pix-keys.ts'
import {
  type HistoryStatus,
  type OrderPush,
  StepState,
  type StepStateCode,
  TrackerStep,
  type TrackerStepCode,
  type WithdrawInfo,
  type WithdrawOrdersPage,
  type WithdrawOrderView,
  type WithdrawProcess,
  type WithdrawStep,
} from '../../contract/withdrawals.ts'
import { accountHeld, refuseIfHeld } from '../accounts/account-holds.ts'
import { credentialsChangedAt, findById } from '../accounts/players.ts'
import { maskCpf, verifiedIdentity } from '../accounts/verification.ts'
import type { Config } from '../config.ts'
import type { Engine } from '../db/database.ts'
import type { PageRequest } from '../db/keyset.ts'
import { pageNewestFirst } from '../db/keyset.ts'
import type { Database, WithdrawalStatus } from '../db/schema.ts'
import { type StepArgs, stepMessage } from '../i18n/steps.ts'
import { createOnce } from '../idempotency.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { wageringProgress } from '../ledger/bonus.ts'
import { hold, postHold, voidHold } from '../ledger/holds.ts'
import type { Ledger } from '../ledger/ledger.ts'
import type { LedgerTx } from '../ledger/tx.ts'
import { periodEnd, periodStart } from '../lib/periods.ts'
import type { Metrics } from '../metrics/metrics.ts'
import { Refusal } from '../refusal.ts'
import { newOrderId } from './ids.ts'
import {
  openPayoutClocks,
  openPayoutStatuses,
  type PayoutAlert,
  type PayoutClock,
  PayoutClockWatch,
  payoutClock,
} from './payout-clock.ts'
import { cpfMatches } from './pix-api/schemas.ts'
import { type PaymentProvider, type Payout, ProviderUnavailable } from './provider.ts'
import { confirmWithdrawalPassword } from './withdrawal-password.ts'

export interface WithdrawalServiceOptions {
  db: Kysely<Database>
  engine: Engine
  ledger: Ledger
  provider: PaymentProvider
  config: Config
  now: () => number
  onError: (error: unknown, context: string) => void
  metrics?: Pick<Metrics, 'withdrawal' | 'payoutPaid'>
  /** An open payout passed the 120-minute rule (raised once per order). */
  onPayoutOverdue?: (alert: PayoutAlert) => void
  /** A withdrawal request was committed (also a replayed one): the money watch runs its rules. */
  onRequested?: (request: WithdrawalRequested) => Promise<void>
}

export interface WithdrawalRequested {
  orderId: string
  playerId: number
  amount: number
}

type OrderRow = Selectable<Database['withdrawal_orders']>

export const IN_FLIGHT: WithdrawalStatus[] = ['review', 'processing', 'key_rejected']
const RECONCILE_EVERY_MS = 5000
/** A change of credentials this recent puts a new key's first withdrawal in the cool-off. */
const CREDENTIALS_RECENT_MS = 24 * 3600_000

const historyStatus: Record<WithdrawalStatus, HistoryStatus> = {
  review: 1,
  processing: 1,
  key_rejected: 6,
  paid: 2,
  failed: 3,
}

const holdId = (orderId: string) => `withdrawal:${orderId}:hold`
/** The ledger transfer that pays a withdrawal out: its amount is the one the player asked for. */
export const postTransferId = (orderId: string) => `withdrawal:${orderId}:post`
const payoutId = (orderId: string, attempt: number) => `${orderId}-${attempt}`

export function maskPixKey(type: string, key: string): string {
  if (type === 'cpf') return maskCpf(key)
  if (type === 'phone') return `${key.slice(0, 5)} *****-${key.slice(-4)}`
  if (type === 'email') {
    const [user = '', domain = ''] = key.split('@')
    return `${user.slice(0, 1)}***@${domain}`
  }
  return `${key.slice(0, 4)}…${key.slice(-4)}`
}

/**
 * What is actually happening to an order: `processing` is held by a frozen account, held by the
 * cool-off, next in line, or at the bank (handed over) — never "sent" before the bank took it.
 */
export function withdrawalPhase(
  order: Pick<OrderRow, 'status' | 'attempt' | 'sent_attempt' | 'send_after'>,
  frozen: boolean,
  now: number,
): WithdrawalPhase {
  if (order.status !== 'processing') return order.status
  if (order.sent_attempt >= order.attempt) return 'at_bank'
  if (frozen) return 'frozen'
  if (order.send_after !== null && Number(order.send_after) > now) return 'cool_off'
  return 'queued'
}

/** When a step happened: a review step when it was decided, not when the order asked for it. */
export function stepTime(step: { created_at: number | string; args: string }): number {
  const args = JSON.parse(step.args) as StepArgs & { decidedAt?: number }
  return typeof args.decidedAt === 'number' ? args.decidedAt : Number(step.created_at)
}

export class WithdrawalService {
  readonly #o: WithdrawalServiceOptions
  #timer: NodeJS.Timeout | undefined

  readonly #watch: PayoutClockWatch

  constructor(options: WithdrawalServiceOptions) {
    this.#o = options
    this.#watch = new PayoutClockWatch(options.db, (alert) => options.onPayoutOverdue?.(alert))
  }

  async info(playerId: number): Promise<WithdrawInfo> {
    const { db, config } = this.#o
    const now = this.#o.now()
    const { min, dailyMax, reviewAbove, reviewMinutes } = config.withdrawals
    const [player, verification, balances, wagering, inFlight] = await Promise.all([
      findById(db, playerId),
      verifiedIdentity(db, playerId),
      readPlayerBalances(db, playerId),
      wageringProgress(db, playerId),
      this.#inFlight(db, playerId),
    ])
    const usedToday = await this.#usedToday(db, playerId, now)
    const dailyRemaining = Math.max(0, dailyMax - usedToday)
    const bound = player.user_name !== null
    const verified = verification !== null
    const state = inFlight
      ? 'withdraw_processing'
      : !bound || !verified
        ? 'needs_verification'
        : dailyRemaining < min
          ? 'daily_limit_reached'
          : balances.cash < min && balances.bonus > 0
            ? 'bonus_wagering_incomplete'
            : 'ok'
    return {
      state,
      orderId: inFlight?.id ?? null,
      withdrawable: balances.cash,
      bonus: balances.bonus,
      wagering,
      min,
      max: Math.min(balances.cash, dailyRemaining),
      dailyMax,
      dailyRemaining,
      resetsAt: periodEnd('day', now, config.market.timeZone),
      bound,
      verified,
      holderName: verification?.fullName ?? null,
      cpfMasked: verification ? maskCpf(verification.cpf) : null,
      reviewAbove,
      reviewMinutes,
      coolOffMinutes: config.withdrawals.coolOffMinutes,
    }
  }

  async create(
    playerId: number,
    input: {
      userName?: string | undefined
      accountNumber: string
      payType: PixKeyType
      amount: number
      requestId: string
      password?: string | undefined
    },
    language: Language,
  ): Promise<WithdrawProcess> {
    const { db, config } = this.#o
    const { min, dailyMax, reviewAbove, reviewMinutes } = config.withdrawals
    const problem = checkPixKey(input.payType, input.accountNumber)
    if (problem) throw new Refusal('invalid_pix_key', { problem })
    const key = normalizePixKey(input.payType, input.accountNumber)
    const player = await findById(db, playerId)
    const verification = await verifiedIdentity(db, playerId)
    if (player.user_name === null || !verification) {
      throw new Refusal('needs_verification', {
        bound: player.user_name !== null,
        verified: verification !== null,
      })
    }
    if (input.payType === 'cpf' && key !== normalizeCpf(verification.cpf)) throw new Refusal('cpf_key_mismatch')
    if (input.userName && sameName(input.userName, verification.fullName) === false) {
      throw new Refusal('holder_name_mismatch')
    }
    await confirmWithdrawalPassword(db, {
      playerId,
      passwordHash: player.password_hash ?? '',
      password: input.password,
      now: this.#o.now(),
    })
    await this.#requireOwnKey(key, verification)
    const coolOffUntil = await this.#coolOffUntil(playerId, key)

    const order = await this.#o.ledger.transact(async (tx) => {
      const { trx, now } = tx
      const { cash, bonus } = await tx.lockPlayer(playerId)
      return createOnce({
        find: () =>
          trx
            .selectFrom('withdrawal_orders')
            .selectAll()
            .where('player_id', '=', playerId)
            .where('request_id', '=', input.requestId)
            .executeTakeFirst(),
        sameRequest: (existing) => Number(existing.amount) === input.amount && existing.pix_key === key,
        replay: (existing) => existing,
        create: async () => {
          const inFlight = await this.#inFlight(trx, playerId)
          if (inFlight) throw new Refusal('exist_process_order', { orderId: inFlight.id })
          await refuseIfHeld(trx, playerId)
          if (input.amount < min) throw new Refusal('amount_below_minimum', { min })
          if (input.amount > cash) {
            if (cash < min && bonus > 0) {
              const { remaining } = await wageringProgress(trx, playerId)
              throw new Refusal('bonus_wagering_incomplete', { remaining, bonus })
            }
            throw new Refusal('amount_above_withdrawable', { withdrawable: cash })
          }
          const dailyRemaining = Math.max(0, dailyMax - (await this.#usedToday(trx, playerId, now)))
          if (input.amount > dailyRemaining) {
            throw new Refusal('daily_limit_reached', {
              dailyMax,
              remaining: dailyRemaining,
              resetsAt: periodEnd('day', now, config.market.timeZone),
            })
          }
          const review = input.amount > reviewAbove
          const row: OrderRow = {
            id: newOrderId('W'),
            player_id: playerId,
            request_id: input.requestId,
            amount: input.amount,
            key_type: input.payType,
            pix_key: key,
            holder_name: verification.fullName,
            status: review ? 'review' : 'processing',
            attempt: 1,
            sent_attempt: 0,
            end_to_end_id: null,
            fail_reason: null,
            created_at: now,
            updated_at: now,
            send_after: coolOffUntil,
          }
          // The partial unique index refuses a second order in flight even under a race; the ledger
          // then retries this transaction, which answers exist_process_order.
          await trx.insertInto('withdrawal_orders').values(row).execute()
          await hold(tx, { id: holdId(row.id), playerId, amount: input.amount, reference: row.id })
          await addStep(tx, row.id, TrackerStep.accepted, StepState.success, {}, now)
          if (review)
            await addStep(
              tx,
              row.id,
              TrackerStep.checks,
              StepState.waiting,
              { review: true, expectedMinutes: reviewMinutes },
              now,
            )
          else if (coolOffUntil !== null)
            await addStep(tx, row.id, TrackerStep.checks, StepState.waiting, { review: false, coolOffUntil }, now)
          else await addStep(tx, row.id, TrackerStep.checks, StepState.success, { review: false }, now)
          emitOrder(tx, row)
          return row
        },
      })
    })
    this.#o.metrics?.withdrawal('requested')
    // A watcher's failure is logged, never the player's: the order stands either way.
    await this.#o
      .onRequested?.({ orderId: order.id, playerId, amount: Number(order.amount) })
      .catch((error: unknown) => this.#o.onError(error, 'withdrawal watch'))
    if (order.status === 'processing') await this.dispatch(order.id)
    return this.#process(order.id, language)
  }

  async process(playerId: number, orderId: string, language: Language): Promise<WithdrawProcess> {
    const owner = await this.#o.db
      .selectFrom('withdrawal_orders')
      .select('player_id')
      .where('id', '=', orderId)
      .executeTakeFirst()
    // Another player's order answers exactly like one that does not exist.
    if (!owner || Number(owner.player_id) !== playerId) throw new Refusal('not_found')
    return this.#process(orderId, language)
  }

  /** How many of the player's withdrawals were paid. */
  async paidCount(playerId: number): Promise<number> {
    const row = await this.#o.db
      .selectFrom('withdrawal_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('player_id', '=', playerId)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  async page(playerId: number, request: PageRequest): Promise<WithdrawOrdersPage> {
    const { db } = this.#o
    const total = await db
      .selectFrom('withdrawal_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('player_id', '=', playerId)
      .executeTakeFirstOrThrow()
    const { rows, nextCursor } = await pageNewestFirst(
      db.selectFrom('withdrawal_orders').selectAll().where('player_id', '=', playerId),
      request,
    )
    const { pageNum, pageSize } = request
    return { total: Number(total.n), pageNum, pageSize, nextCursor, orders: rows.map(orderView) }
  }

  /** The player corrects a key the bank rejected (free); the payout is sent again. */
  async updateKey(
    playerId: number,
    input: { orderId: string; accountNumber: string; payType?: PixKeyType | undefined },
    language: Language,
  ): Promise<WithdrawProcess> {
    const order = await this.#owned(playerId, input.orderId)
    if (order.status !== 'key_rejected') throw new Refusal('order_not_correctable')
    const type = (input.payType ?? order.key_type) as PixKeyType
    const problem = checkPixKey(type, input.accountNumber)
    if (problem) throw new Refusal('invalid_pix_key', { problem })
    const key = normalizePixKey(type, input.accountNumber)
    const verification = await verifiedIdentity(this.#o.db, playerId)
    if (!verification) throw new Refusal('needs_verification', { bound: true, verified: false })
    if (type === 'cpf' && key !== verification.cpf) throw new Refusal('cpf_key_mismatch')
    await this.#requireOwnKey(key, verification)
    await this.#o.ledger.transact(async (tx) => {
      const current = await this.#lockOrder(tx, order.id)
      if (current.status !== 'key_rejected') throw new Refusal('order_not_correctable')
      await tx.trx
        .updateTable('withdrawal_orders')
        .set({ key_type: type, pix_key: key, attempt: current.attempt + 1, status: 'processing', updated_at: tx.now })
        .where('id', '=', order.id)
        .execute()
      emitOrder(tx, { ...current, status: 'processing' })
    })
    await this.dispatch(order.id)
    return this.#process(order.id, language)
  }

  /** At a rejected key the player may also give up: the money returns at once. */
  async cancel(playerId: number, orderId: string, language: Language): Promise<WithdrawProcess> {
    await this.#owned(playerId, orderId)
    await this.#o.ledger.transact(async (tx) => {
      const current = await this.#lockOrder(tx, orderId)
      if (current.status !== 'key_rejected') throw new Refusal('order_not_correctable')
      await this.#fail(tx, current, 'cancelled_by_player')
    })
    return this.#process(orderId, language)
  }

  /**
   * An operator's decision on an order waiting for review. The first decision wins: the order is
   * locked, and a later one is refused (`withdrawal_taken`). `record` runs in the decision's
   * transaction (the console's audit row), so a decision without its record cannot exist.
   */
  async review(
    orderId: string,
    decision: 'approve' | 'reject',
    options: { reason?: string | null; record?: (tx: LedgerTx, order: OrderRow) => Promise<void> } = {},
  ): Promise<OrderRow> {
    const order = await this.#o.ledger.transact(async (tx) => {
      const current = await this.#lockOrder(tx, orderId)
      if (current.status !== 'review') throw new Refusal('withdrawal_taken', { status: current.status })
      await options.record?.(tx, current)
      // Approved inside the cool-off: the step says so and stays waiting until the bank takes it.
      const coolOffUntil =
        decision === 'approve' && current.send_after !== null && Number(current.send_after) > tx.now
          ? Number(current.send_after)
          : undefined
      await tx.trx
        .updateTable('withdrawal_steps')
        .set({
          state: decision === 'reject' ? StepState.failed : coolOffUntil ? StepState.waiting : StepState.success,
          args: JSON.stringify({
            review: true,
            decision,
            decidedAt: tx.now,
            reason: options.reason ?? null,
            ...(coolOffUntil ? { coolOffUntil } : {}),
          }),
        })
        .where('order_id', '=', orderId)
        .where('code', '=', 1100)
        .execute()
      if (decision === 'reject') return this.#fail(tx, current, 'rejected_in_review')
      await tx.trx
        .updateTable('withdrawal_orders')
        .set({ status: 'processing', updated_at: tx.now })
        .where('id', '=', orderId)
        .execute()
      const next = { ...current, status: 'processing' as const }
      emitOrder(tx, next)
      return next
    })
    if (order.status === 'processing') await this.dispatch(orderId)
    return order
  }

  /** What the order is doing now (after a decision: at the bank, or held, and until when). */
  async phase(
    orderId: string,
  ): Promise<{ status: WithdrawalStatus; phase: WithdrawalPhase; sendAfter: number | null }> {
    const order = await this.#o.db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    const frozen = await accountHeld(this.#o.db, Number(order.player_id))
    const sendAfter = order.send_after === null ? null : Number(order.send_after)
    return { status: order.status, phase: withdrawalPhase(order, frozen, this.#o.now()), sendAfter }
  }

  /** Hands the order's current attempt to the provider (safe to repeat: same payout id). */
  async dispatch(orderId: string): Promise<void> {
    const order = await this.#o.db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirst()
    if (order?.status !== 'processing' || order.sent_attempt >= order.attempt) return
    // Still in its cool-off: the reconciliation poll sends it when the time comes.
    if (order.send_after !== null && Number(order.send_after) > this.#o.now()) return
    // A frozen (or closed) account's payout waits at home: nothing of theirs reaches the bank
    // until the freeze is lifted; the poll sends it then.
    if (await accountHeld(this.#o.db, Number(order.player_id))) return
    const owner = await verifiedIdentity(this.#o.db, Number(order.player_id))
    // A withdrawal exists only for a verified player, and verification is never undone.
    if (!owner) throw new Error(`withdrawal ${orderId} belongs to an unverified player`)
    let payout: Payout
    try {
      payout = await this.#o.provider.createPayout({
        id: payoutId(order.id, order.attempt),
        amount: Number(order.amount),
        keyType: order.key_type,
        key: order.pix_key,
        holderName: order.holder_name,
        ownerCpf: owner.cpf,
      })
    } catch (error) {
      // No answer: the payout may or may not exist; reconciliation asks the provider by its id.
      this.#o.onError(error, `payout ${order.id} not confirmed by the provider`)
      return
    }
    await this.applyPayout(payout)
  }

  /** Applies what the provider says of a payout: sent, paid, or failed (once each). */
  async applyPayout(payout: Payout): Promise<void> {
    const cut = payout.id.lastIndexOf('-')
    const orderId = payout.id.slice(0, cut)
    const attempt = Number(payout.id.slice(cut + 1))
    let settled: { outcome: 'paid' | 'key_rejected' | 'failed'; requestedAt: number; at: number } | null = null
    await this.#o.ledger.transact(async (tx) => {
      settled = null
      // Locked: the poll and a webhook (or two polls) applying the same answer at once must not
      // both record the hand-over (PostgreSQL; SQLite runs one writer at a time).
      let query = tx.trx.selectFrom('withdrawal_orders').selectAll().where('id', '=', orderId)
      if (this.#o.engine === 'postgres') query = query.forUpdate()
      const order = await query.executeTakeFirst()
      if (!order || order.attempt !== attempt || order.status !== 'processing') return
      const { now } = tx
      let current = order
      if (order.sent_attempt < attempt) {
        await tx.trx
          .updateTable('withdrawal_orders')
          .set({ sent_attempt: attempt, updated_at: now })
          .where('id', '=', orderId)
          .execute()
        await addStep(
          tx,
          orderId,
          attempt === 1 ? TrackerStep.sent : TrackerStep.resent,
          StepState.success,
          { payoutId: payout.id },
          now,
        )
        // A check that waited (cool-off) is over once the bank has the payout.
        await tx.trx
          .updateTable('withdrawal_steps')
          .set({ state: StepState.success })
          .where('order_id', '=', orderId)
          .where('code', '=', TrackerStep.checks)
          .where('state', '=', StepState.waiting)
          .execute()
        current = { ...order, sent_attempt: attempt }
        emitOrder(tx, current)
      }
      if (payout.status === 'paid') {
        await postHold(tx, { id: postTransferId(orderId), holdId: holdId(orderId) })
        // The poll and a dispatch can apply the same answer at once (the post above is idempotent):
        // only the one that moves the order on records the step.
        const moved = await tx.trx
          .updateTable('withdrawal_orders')
          .set({ status: 'paid', end_to_end_id: payout.endToEndId, updated_at: now })
          .where('id', '=', orderId)
          .where('status', '=', 'processing')
          .executeTakeFirst()
        if (moved.numUpdatedRows === 0n) return
        await addStep(tx, orderId, TrackerStep.paid, StepState.success, { endToEndId: payout.endToEndId }, now)
        emitOrder(tx, { ...current, status: 'paid' })
        settled = { outcome: 'paid', requestedAt: Number(order.created_at), at: now }
      } else if (payout.status === 'failed' && payout.failure === 'invalid_key') {
        await tx.trx
          .updateTable('withdrawal_orders')
          .set({ status: 'key_rejected', fail_reason: payout.reason, updated_at: now })
          .where('id', '=', orderId)
          .execute()
        await addStep(tx, orderId, TrackerStep.keyRejected, StepState.failed, { reason: payout.reason }, now)
        emitOrder(tx, { ...current, status: 'key_rejected' })
        settled = { outcome: 'key_rejected', requestedAt: Number(order.created_at), at: now }
      } else if (payout.status === 'failed' && payout.failure === 'key_not_owned') {
        await this.#fail(tx, current, 'pix_key_not_owned')
        settled = { outcome: 'failed', requestedAt: Number(order.created_at), at: now }
      } else if (payout.status === 'failed') {
        await this.#fail(tx, current, payout.reason ?? 'failed')
        settled = { outcome: 'failed', requestedAt: Number(order.created_at), at: now }
      }
    })
    this.#report(settled)
  }

  #report(settled: { outcome: 'paid' | 'key_rejected' | 'failed'; requestedAt: number; at: number } | null): void {
    if (!settled) return
    this.#o.metrics?.withdrawal(settled.outcome)
    if (settled.outcome === 'paid') this.#o.metrics?.payoutPaid((settled.at - settled.requestedAt) / 1000)
  }

  /**
   * When the first withdrawal to a key the player was never paid at must wait: only if the
   * account's credentials changed in the last 24 h (a device added to an account with money, a
   * device revoked; a new account's first password on its own device is no change) — a stolen
   * password then cannot empty the account at once. Null: no wait.
   */
  async #coolOffUntil(playerId: number, key: string): Promise<number | null> {
    const { db, config } = this.#o
    const now = this.#o.now()
    if (config.withdrawals.coolOffMinutes === 0) return null
    const changedAt = await credentialsChangedAt(db, playerId)
    if (changedAt === null || changedAt <= now - CREDENTIALS_RECENT_MS) return null
    const paidBefore = await db
      .selectFrom('withdrawal_orders')
      .select('id')
      .where('player_id', '=', playerId)
      .where('pix_key', '=', key)
      .where('status', '=', 'paid')
      .executeTakeFirst()
    return paidBefore ? null : now + config.withdrawals.coolOffMinutes * 60_000
  }

  /** Every open withdrawal against the 120-minute rule, oldest first (the console's worklist). */
  payoutClocks(): Promise<PayoutClock[]> {
    return openPayoutClocks(this.#o.db, this.#o.now())
  }

  /** Raises the operator alert for open payouts past the 120-minute rule (once each). */
  checkPayoutClocks(): Promise<PayoutAlert[]> {
    return this.#watch.check(this.#o.now())
  }

  /** Sends what was never handed over and asks the provider about what it never confirmed. */
  async reconcile(): Promise<void> {
    // The clock first: a PSP that does not answer must not hide a payout running late.
    await this.checkPayoutClocks()
    const open = await this.#o.db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('status', '=', 'processing')
      .orderBy('created_at')
      .limit(200)
      .execute()
    for (const order of open) {
      const payout = await this.#o.provider.getPayout(payoutId(order.id, order.attempt))
      if (payout) await this.applyPayout(payout)
      else await this.dispatch(order.id)
    }
  }

  start(): void {
    // Orders left half-way by a stop (held but never handed over) are picked up at once.
    void this.reconcile().catch((error) => this.#o.onError(error, 'withdrawal reconciliation'))
    this.#timer = setInterval(
      () => void this.reconcile().catch((error) => this.#o.onError(error, 'withdrawal reconciliation')),
      RECONCILE_EVERY_MS,
    )
    this.#timer.unref()
  }

  stop(): void {
    clearInterval(this.#timer)
  }

  /**
   * Money goes out only to a key the directory says the player holds: the CPF it shows (DICT
   * answers show six of its digits, which thousands of CPFs share) and the holder's name must both
   * be the verified ones. The payout then carries the full CPF, and the PSP refuses a key held by
   * another (the name alone cannot tell namesakes apart).
   */
  async #requireOwnKey(key: string, { cpf, fullName }: { cpf: string; fullName: string }): Promise<void> {
    const owner = await this.#o.provider.lookupKey(key).catch((error: unknown) => {
      // Nothing is held before the key is known to be the player's: a clear refusal, try again.
      if (error instanceof ProviderUnavailable) throw new Refusal('payment_provider_unavailable')
      throw error
    })
    if (!owner.found || !cpfMatches(owner.ownerCpf, normalizeCpf(cpf)) || !holderNameMatches(owner.ownerName, fullName))
      throw new Refusal('pix_key_not_owned')
  }

  async #fail(tx: LedgerTx, order: OrderRow, reason: string): Promise<OrderRow> {
    await voidHold(tx, { id: `withdrawal:${order.id}:void`, holdId: holdId(order.id) })
    await tx.trx
      .updateTable('withdrawal_orders')
      .set({ status: 'failed', fail_reason: reason, updated_at: tx.now })
      .where('id', '=', order.id)
      .execute()
    await addStep(tx, order.id, TrackerStep.failed, StepState.failed, { reason }, tx.now)
    const failed = { ...order, status: 'failed' as const, fail_reason: reason }
    emitOrder(tx, failed)
    return failed
  }

  async #owned(playerId: number, orderId: string): Promise<OrderRow> {
    const order = await this.#o.db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirst()
    if (!order || Number(order.player_id) !== playerId) throw new Refusal('not_found')
    return order
  }

  async #lockOrder(tx: LedgerTx, orderId: string): Promise<OrderRow> {
    let query = tx.trx.selectFrom('withdrawal_orders').selectAll().where('id', '=', orderId)
    if (this.#o.engine === 'postgres') query = query.forUpdate()
    const order = await query.executeTakeFirst()
    if (!order) throw new Refusal('not_found')
    return order
  }

  #inFlight(db: Kysely<Database>, playerId: number) {
    return db
      .selectFrom('withdrawal_orders')
      .select('id')
      .where('player_id', '=', playerId)
      .where('status', 'in', IN_FLIGHT)
      .executeTakeFirst()
  }

  async #usedToday(db: Kysely<Database>, playerId: number, now: number): Promise<number> {
    const since = periodStart('day', now, this.#o.config.market.timeZone)
    const row = await db
      .selectFrom('withdrawal_orders')
      .select(sql<string | number>`coalesce(sum(amount), 0)`.as('used'))
      .where('player_id', '=', playerId)
      .where('status', '<>', 'failed')
      .where('created_at', '>=', since)
      .executeTakeFirst()
    return Number(row?.used ?? 0)
  }

  async #process(orderId: string, language: Language): Promise<WithdrawProcess> {
    const { db, config } = this.#o
    const clock = new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: config.market.timeZone })
    const order = await db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    const steps = await db
      .selectFrom('withdrawal_steps')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
    const open = openPayoutStatuses.includes(order.status)
    const clockNow = payoutClock(order, this.#o.now())
    const review = steps.find((step) => step.code === TrackerStep.checks && JSON.parse(step.args).review === true)
    const reviewMinutes = review ? Number(JSON.parse(review.args).expectedMinutes) : null
    return {
      ...orderView(order),
      payoutClock: open
        ? {
            requestedAt: clockNow.requestedAt,
            dueBy: clockNow.dueBy,
            reviewBy:
              order.status === 'review' && review && reviewMinutes
                ? Number(review.created_at) + reviewMinutes * 60_000
                : null,
            overdue: clockNow.overdue,
          }
        : null,
      steps: steps.map(
        (step): WithdrawStep => ({
          processCode: step.code as TrackerStepCode,
          msg: stepMessage(step.code as TrackerStepCode, JSON.parse(step.args), language, (ms) => clock.format(ms)),
          createTime: stepTime(step),
          state: step.state as StepStateCode,
          argsJson: step.args,
        }),
      ),
    }
  }
}

const plainName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()

function sameName(a: string, b: string): boolean {
  return plainName(a) === plainName(b)
}

/**
 * Whether the holder's name a DICT lookup shows is the verified name: the same letters (accents,
 * case and spacing aside), where a PSP that masks part of a word (`Ana S**** Souza`) leaves any
 * letters of that word unseen.
 */
export function holderNameMatches(shown: string, verified: string): boolean {
  const pattern = plainName(shown)
    .split('')
    .map((c) => (c === '*' ? '\\S*' : c.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${pattern.replace(/(\\S\*)+/g, '\\S*')}$`).test(plainName(verified))
}

async function addStep(
  tx: LedgerTx,
  orderId: string,
  code: TrackerStepCode,
  state: StepStateCode,
  args: StepArgs,
  now: number,
) {
  await tx.trx
    .insertInto('withdrawal_steps')
    .values({ order_id: orderId, code, state, args: JSON.stringify(args), created_at: now })
    .execute()
}

function emitOrder(tx: LedgerTx, order: OrderRow): void {
  const push: OrderPush = { orderId: order.id, status: order.status }
  tx.emit(Number(order.player_id), 'order', push)
}

function orderView(row: OrderRow): WithdrawOrderView {
  return {
    orderId: row.id,
    amount: Number(row.amount),
    payType: row.key_type as PixKeyType,
    accountMasked: maskPixKey(row.key_type, row.pix_key),
    holderName: row.holder_name,
    status: row.status,
    historyStatus: historyStatus[row.status],
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    endToEndId: row.end_to_end_id,
    failReason: row.fail_reason,
  }
}
