// Withdrawal requests, the player's side: what the player may take out now, an order accepted
// and its cash held (cash → withdrawal_hold), the tracker's steps with the times things happened,
// a key the bank rejected corrected (free) or given up, and the order history. An order is
// confirmed with the account's password and goes only to a PIX key the directory (DICT) says the
// player's own CPF holds (Portaria SPA/MF 615/2024); the first withdrawal to a new key waits out a
// cool-off when the account's credentials changed lately.

import { type Kysely, sql } from 'kysely'
import { normalizeCpf } from '../../contract/cpf.ts'
import type { Language } from '../../contract/languages.ts'
import { checkPixKey, normalizePixKey, type PixKeyType } from '../../contract/pix-keys.ts'
import {
  StepState,
  type StepStateCode,
  TrackerStep,
  type TrackerStepCode,
  type WithdrawInfo,
  type WithdrawOrdersPage,
  type WithdrawProcess,
  type WithdrawStep,
} from '../../contract/withdrawals.ts'
import { refuseIfHeld } from '../accounts/account-holds.ts'
import { relyingParty } from '../accounts/passkeys.ts'
import { credentialsChangedAt, findById } from '../accounts/players.ts'
import { maskCpf, verifiedIdentity } from '../accounts/verification.ts'
import type { PageRequest } from '../db/keyset.ts'
import { pageNewestFirst } from '../db/keyset.ts'
import type { Database } from '../db/schema.ts'
import { stepMessage } from '../i18n/steps.ts'
import { createOnce } from '../idempotency.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { wageringProgress } from '../ledger/bonus.ts'
import { hold } from '../ledger/holds.ts'
import { periodEnd, periodStart } from '../lib/periods.ts'
import { Refusal } from '../refusal.ts'
import { newOrderId } from './ids.ts'
import { openPayoutStatuses, payoutClock } from './payout-clock.ts'
import { cpfMatches } from './pix-api/schemas.ts'
import { ProviderUnavailable } from './provider.ts'
import {
  addStep,
  emitOrder,
  failOrder,
  holdId,
  inFlightTerm,
  lockOrder,
  type OrderRow,
  orderView,
  stepTime,
  type WithdrawalServiceOptions,
} from './withdrawal-orders.ts'
import { confirmWithdrawalPassword } from './withdrawal-password.ts'
import type { WithdrawalPayouts } from './withdrawal-payouts.ts'

/** A change of credentials this recent puts a new key's first withdrawal in the cool-off. */
const CREDENTIALS_RECENT_MS = 24 * 3600_000

export class WithdrawalRequests {
  readonly #o: WithdrawalServiceOptions
  readonly #payouts: Pick<WithdrawalPayouts, 'dispatch'>

  constructor(options: WithdrawalServiceOptions, payouts: Pick<WithdrawalPayouts, 'dispatch'>) {
    this.#o = options
    this.#payouts = payouts
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
      holderName?: string | undefined
      keyType: PixKeyType
      key: string
      amount: number
      requestId: string
      password?: string | undefined
      /** A passkey's signature instead of the password (SimpleWebAuthn's authentication JSON). */
      passkey?: unknown
    },
    language: Language,
    /** The face step-up gate (accounts), told whether the key was never paid to. */
    stepUp?: (newKey: boolean) => Promise<void>,
  ): Promise<WithdrawProcess> {
    const { db, config } = this.#o
    const { min, dailyMax, reviewAbove, reviewMinutes } = config.withdrawals
    const problem = checkPixKey(input.keyType, input.key)
    if (problem) throw new Refusal('invalid_pix_key', { problem })
    const key = normalizePixKey(input.keyType, input.key)
    const player = await findById(db, playerId)
    const verification = await verifiedIdentity(db, playerId)
    if (player.user_name === null || !verification) {
      throw new Refusal('needs_verification', {
        bound: player.user_name !== null,
        verified: verification !== null,
      })
    }
    if (input.keyType === 'cpf' && key !== normalizeCpf(verification.cpf)) throw new Refusal('cpf_key_mismatch')
    if (input.holderName && sameName(input.holderName, verification.fullName) === false) {
      throw new Refusal('holder_name_mismatch')
    }
    await confirmWithdrawalPassword(db, {
      playerId,
      passwordHash: player.password_hash ?? '',
      password: input.password,
      now: this.#o.now(),
      passkey: input.passkey ? { response: input.passkey, rp: relyingParty(config.publicUrl) } : undefined,
    })
    if (stepUp) await stepUp(!(await this.#paidBefore(playerId, key)))
    await this.#requireOwnKey(key, verification)
    const coolOffUntil = await this.#coolOffUntil(playerId, key)
    const watchHold = (await this.#o.holdForReview?.({ playerId, amount: input.amount, pixKey: key })) ?? false

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
          // A held or closing account says so first (a closure's own payout may be the order in flight).
          await refuseIfHeld(trx, playerId)
          const inFlight = await this.#inFlight(trx, playerId)
          if (inFlight) throw new Refusal('exist_process_order', { orderId: inFlight.id })
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
          // Above the review threshold, or held by the money watch: an operator decides first.
          const review = input.amount > reviewAbove || watchHold
          const row: OrderRow = {
            id: newOrderId('W'),
            player_id: playerId,
            request_id: input.requestId,
            amount: input.amount,
            key_type: input.keyType,
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
            purpose: 'player',
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
    if (order.status === 'processing') await this.#payouts.dispatch(order.id)
    return this.#process(order.id, language)
  }

  /**
   * The player's own order made with this requestId, or null: after a create whose answer was
   * lost (the network dropped after the commit), the form finds the order it made.
   */
  async byRequest(playerId: number, requestId: string, language: Language): Promise<WithdrawProcess | null> {
    const row = await this.#o.db
      .selectFrom('withdrawal_orders')
      .select('id')
      .where('player_id', '=', playerId)
      .where('request_id', '=', requestId)
      .executeTakeFirst()
    return row ? this.#process(row.id, language) : null
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
    input: { orderId: string; key: string; keyType?: PixKeyType | undefined },
    language: Language,
  ): Promise<WithdrawProcess> {
    const order = await this.#owned(playerId, input.orderId)
    if (order.status !== 'key_rejected') throw new Refusal('order_not_correctable')
    const type = input.keyType ?? order.key_type
    const problem = checkPixKey(type, input.key)
    if (problem) throw new Refusal('invalid_pix_key', { problem })
    const key = normalizePixKey(type, input.key)
    const verification = await verifiedIdentity(this.#o.db, playerId)
    if (!verification) throw new Refusal('needs_verification', { bound: true, verified: false })
    if (type === 'cpf' && key !== verification.cpf) throw new Refusal('cpf_key_mismatch')
    await this.#requireOwnKey(key, verification)
    await this.#o.ledger.transact(async (tx) => {
      const current = await lockOrder(tx, this.#o.engine, order.id)
      if (current.status !== 'key_rejected') throw new Refusal('order_not_correctable')
      await tx.trx
        .updateTable('withdrawal_orders')
        .set({ key_type: type, pix_key: key, attempt: current.attempt + 1, status: 'processing', updated_at: tx.now })
        .where('id', '=', order.id)
        .execute()
      emitOrder(tx, { ...current, status: 'processing' })
    })
    await this.#payouts.dispatch(order.id)
    return this.#process(order.id, language)
  }

  /** At a rejected key the player may also give up: the money returns at once. */
  async cancel(playerId: number, orderId: string, language: Language): Promise<WithdrawProcess> {
    await this.#owned(playerId, orderId)
    await this.#o.ledger.transact(async (tx) => {
      const current = await lockOrder(tx, this.#o.engine, orderId)
      if (current.status !== 'key_rejected') throw new Refusal('order_not_correctable')
      await failOrder(tx, current, 'cancelled_by_player')
    })
    return this.#process(orderId, language)
  }

  /**
   * When the first withdrawal to a key the player was never paid at must wait: only if the
   * account's credentials changed in the last 24 h (a device added to an account with money, a
   * device revoked; a new account's first password on its own device is no change) — a stolen
   * password then cannot empty the account at once. Null: no wait.
   */
  async #paidBefore(playerId: number, key: string): Promise<boolean> {
    const paid = await this.#o.db
      .selectFrom('withdrawal_orders')
      .select('id')
      .where('player_id', '=', playerId)
      .where('pix_key', '=', key)
      .where('status', '=', 'paid')
      .executeTakeFirst()
    return paid !== undefined
  }

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

  async #owned(playerId: number, orderId: string): Promise<OrderRow> {
    const order = await this.#o.db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirst()
    if (!order || Number(order.player_id) !== playerId) throw new Refusal('not_found')
    return order
  }

  #inFlight(db: Kysely<Database>, playerId: number) {
    return db
      .selectFrom('withdrawal_orders')
      .select('id')
      .where('player_id', '=', playerId)
      .where(inFlightTerm)
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
