// The balance of an account being closed, paid out automatically: the whole withdrawable cash goes
// to a PIX key the directory says the player's own CPF holds (their CPF itself as a key first, then
// keys they were paid at before), as a withdrawal order of purpose `closure` — held, handed to the
// provider and settled by the same payout worker as any withdrawal, and posted with the ledger's own
// kind `closure_payout`. The closure (server/closure) asks `payOut` again until it answers
// `settled`; each answer is read from the orders and the ledger, so a restart loses nothing and a
// repeated call never pays twice (one order in flight per player, a request id per attempt).

import type { Kysely } from 'kysely'
import { normalizeCpf } from '../../contract/cpf.ts'
import type { PixKeyType } from '../../contract/pix-keys.ts'
import { StepState, TrackerStep } from '../../contract/withdrawals.ts'
import { verifiedIdentity } from '../accounts/verification.ts'
import type { Database } from '../db/schema.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { hold } from '../ledger/holds.ts'
import { newOrderId } from './ids.ts'
import { cpfMatches } from './pix-api/schemas.ts'
import { ProviderUnavailable } from './provider.ts'
import {
  addStep,
  emitOrder,
  failOrder,
  holdId,
  inFlightTerm,
  lockOrder,
  maskPixKey,
  type OrderRow,
  type WithdrawalServiceOptions,
} from './withdrawal-orders.ts'
import type { WithdrawalPayouts } from './withdrawal-payouts.ts'
import { holderNameMatches } from './withdrawal-requests.ts'

/** Why a closure's balance cannot be paid without an operator. */
export type ClosureStuckReason = 'not_verified' | 'no_own_key' | 'payout_refused'

export type ClosurePayoutState =
  /** A closure payout is on its way to the bank. */
  | { state: 'paying'; orderId: string; amount: number; keyMasked: string }
  /** A withdrawal the player asked for before is still open: it goes on, the rest is paid after. */
  | { state: 'waiting'; orderId: string }
  /** The provider did not answer a key lookup: asked again at the next pass. */
  | { state: 'retry' }
  | { state: 'stuck'; reason: ClosureStuckReason }
  /** Nothing left to pay and nothing in flight: `paid` is what this closure's payouts paid. */
  | { state: 'settled'; paid: number; keyMasked: string | null }

export const closureRequestId = (closureId: number, attempt: number) => `closure:${closureId}:${attempt}`

export class ClosurePayouts {
  readonly #o: WithdrawalServiceOptions
  readonly #payouts: Pick<WithdrawalPayouts, 'dispatch'>

  constructor(options: WithdrawalServiceOptions, payouts: Pick<WithdrawalPayouts, 'dispatch'>) {
    this.#o = options
    this.#payouts = payouts
  }

  /**
   * Moves the closure's payout on one step: answers what stands now. `attempts` is how many
   * payouts the closure may try (an operator's retry allows one more after a refusal).
   */
  async payOut(input: { playerId: number; closureId: number; attempts: number }): Promise<ClosurePayoutState> {
    const { db } = this.#o
    const { playerId, closureId } = input
    const orders = await this.#ordersOf(playerId, closureId)
    const open = await db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('player_id', '=', playerId)
      .where(inFlightTerm)
      .executeTakeFirst()
    if (open) {
      // A rejected key waits for a correction the closing player cannot make: it fails, the money
      // is back in cash at once and the closure pays it to a key that works.
      if (open.status === 'key_rejected') {
        await this.#o.ledger.transact(async (tx) => {
          const current = await lockOrder(tx, this.#o.engine, open.id)
          if (current.status === 'key_rejected') await failOrder(tx, current, 'account_closing')
        })
        return this.payOut(input)
      }
      if (open.purpose === 'closure')
        return { state: 'paying', orderId: open.id, amount: Number(open.amount), keyMasked: mask(open) }
      return { state: 'waiting', orderId: open.id }
    }
    const { cash } = await readPlayerBalances(db, playerId)
    const paidOrders = orders.filter((o) => o.status === 'paid')
    const lastPaid = paidOrders.at(-1)
    if (cash === 0) {
      return {
        state: 'settled',
        paid: paidOrders.reduce((sum, o) => sum + Number(o.amount), 0),
        keyMasked: lastPaid ? mask(lastPaid) : null,
      }
    }
    const failed = orders.filter((o) => o.status === 'failed').length
    if (failed >= input.attempts) return { state: 'stuck', reason: 'payout_refused' }
    const owner = await verifiedIdentity(db, playerId)
    if (!owner) return { state: 'stuck', reason: 'not_verified' }
    let key: { type: PixKeyType; key: string } | null
    try {
      key = await this.#ownKey(playerId, owner)
    } catch (error) {
      if (error instanceof ProviderUnavailable) return { state: 'retry' }
      throw error
    }
    if (!key) return { state: 'stuck', reason: 'no_own_key' }
    const chosen = key
    const made = await this.#o.ledger.transact(async (tx): Promise<ClosurePayoutState | OrderRow> => {
      const { trx, now } = tx
      const locked = await tx.lockPlayer(playerId)
      // Read again under the player's lock: a spin, a deposit or another instance's pass may have
      // moved the balance or made the order since.
      const inFlight = await trx
        .selectFrom('withdrawal_orders')
        .select(['id', 'purpose'])
        .where('player_id', '=', playerId)
        .where(inFlightTerm)
        .executeTakeFirst()
      if (inFlight) return { state: 'retry' }
      if (locked.cash === 0) return { state: 'retry' }
      const row: OrderRow = {
        id: newOrderId('W'),
        player_id: playerId,
        request_id: closureRequestId(closureId, orders.length + 1),
        amount: locked.cash,
        key_type: chosen.type,
        pix_key: chosen.key,
        holder_name: owner.fullName,
        status: 'processing',
        attempt: 1,
        sent_attempt: 0,
        end_to_end_id: null,
        fail_reason: null,
        created_at: now,
        updated_at: now,
        send_after: null,
        purpose: 'closure',
      }
      await trx.insertInto('withdrawal_orders').values(row).execute()
      await hold(tx, { id: holdId(row.id), playerId, amount: row.amount, reference: row.id })
      await addStep(tx, row.id, TrackerStep.accepted, StepState.success, {}, now)
      await addStep(tx, row.id, TrackerStep.checks, StepState.success, { review: false }, now)
      emitOrder(tx, row)
      return row
    })
    if ('state' in made) return made.state === 'retry' ? this.payOut(input) : made
    await this.#payouts.dispatch(made.id)
    return { state: 'paying', orderId: made.id, amount: Number(made.amount), keyMasked: mask(made) }
  }

  /** The closure's orders, oldest first (their request ids name the closure). */
  #ordersOf(playerId: number, closureId: number) {
    return this.#o.db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('purpose', '=', 'closure')
      .where('request_id', 'like', `closure:${closureId}:%`)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  }

  /**
   * A key the directory says the player's own CPF holds, under the verified name: the CPF as a key
   * first, then keys a payout of theirs was paid to, newest first. Null: none (the worklist).
   */
  async #ownKey(
    playerId: number,
    owner: { cpf: string; fullName: string },
  ): Promise<{ type: PixKeyType; key: string } | null> {
    const cpf = normalizeCpf(owner.cpf)
    const paid = await this.#o.db
      .selectFrom('withdrawal_orders')
      .select(['key_type', 'pix_key'])
      .where('player_id', '=', playerId)
      .where('status', '=', 'paid')
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute()
    const candidates: { type: PixKeyType; key: string }[] = [{ type: 'cpf', key: cpf }]
    for (const row of paid)
      if (!candidates.some((c) => c.key === row.pix_key)) candidates.push({ type: row.key_type, key: row.pix_key })
    for (const candidate of candidates) {
      const found = await this.#o.provider.lookupKey(candidate.key)
      if (found.found && cpfMatches(found.ownerCpf, cpf) && holderNameMatches(found.ownerName, owner.fullName))
        return candidate
    }
    return null
  }
}

const mask = (order: Pick<OrderRow, 'key_type' | 'pix_key'>) => maskPixKey(order.key_type, order.pix_key)

/** The closure payout on its way for the player, or null (the app's closure screen). */
export async function closurePayoutInFlight(
  db: Kysely<Database>,
  playerId: number,
): Promise<{ amount: number; keyMasked: string } | null> {
  const order = await db
    .selectFrom('withdrawal_orders')
    .select(['amount', 'key_type', 'pix_key'])
    .where('player_id', '=', playerId)
    .where('purpose', '=', 'closure')
    .where('status', '=', 'processing')
    .executeTakeFirst()
  return order ? { amount: Number(order.amount), keyMasked: mask(order) } : null
}

/** What a closure's payouts paid so far (centavos). */
export async function closurePaid(db: Kysely<Database>, playerId: number, closureId: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('paid'))
    .where('player_id', '=', playerId)
    .where('purpose', '=', 'closure')
    .where('status', '=', 'paid')
    .where('request_id', 'like', `closure:${closureId}:%`)
    .executeTakeFirst()
  return Number(row?.paid ?? 0)
}
