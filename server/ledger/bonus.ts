// The bonus model: promotional credit lands in `bonus` with a wagering requirement
// (multiplier × amount). Bets count towards it; once it is met, the bonus balance converts to
// cash by a transfer. A bonus balance that reaches zero clears the requirement.

import type { Kysely } from 'kysely'
import type { BonusGrantKind } from '../../contract/transfers.ts'
import type { Database } from '../db/schema.ts'
import type { HouseAccountCode } from './accounts.ts'
import type { LedgerTx, TransferResult } from './tx.ts'

export interface BonusGrant {
  id: string
  playerId: number
  amount: number
  wageringMultiplier: number
  /** Only a kind the finance report counts as a bonus granted (the kind table says which). */
  kind: BonusGrantKind
  reference?: string
  from?: HouseAccountCode
}

/**
 * Transactions that found the player without a wagering row: a spin asks twice (its bet, its
 * win) and most players have none. Forgotten when a grant writes one.
 */
const noWagering = new WeakMap<object, Set<number>>()

async function wageringRow(tx: LedgerTx, playerId: number) {
  if (noWagering.get(tx)?.has(playerId)) return undefined
  const row = await wageringQuery(tx, playerId).executeTakeFirst()
  knowWagering(tx, playerId, row ? [row] : [])
  return row
}

/** Whether this transaction knows the player has no wagering row (so no step of theirs reads their bets). */
export function knownWithoutWagering(tx: LedgerTx, playerId: number): boolean {
  return noWagering.get(tx)?.has(playerId) ?? false
}

/** The player's wagering row, for a caller that reads it together with others (`knowWagering`). */
export function wageringQuery(tx: LedgerTx, playerId: number) {
  return tx.trx.selectFrom('bonus_wagering').selectAll().where('player_id', '=', playerId)
}

/**
 * Tells this transaction what `wageringQuery` found: none means the wagering steps of its bets
 * and wins need not read again. Answers whether the player has a requirement in play.
 */
export function knowWagering(tx: LedgerTx, playerId: number, rows: readonly unknown[]): boolean {
  if (rows.length > 0) return true
  const known = noWagering.get(tx) ?? new Set<number>()
  known.add(playerId)
  noWagering.set(tx, known)
  return false
}

export async function grantBonus(tx: LedgerTx, grant: BonusGrant): Promise<TransferResult> {
  const result = await tx.transfer({
    id: grant.id,
    debit: { house: grant.from ?? 'promotions' },
    credit: { player: grant.playerId, code: 'bonus' },
    amount: grant.amount,
    kind: grant.kind,
    reference: grant.reference ?? null,
  })
  if (!result.replayed) {
    noWagering.get(tx)?.delete(grant.playerId)
    const required = Math.round(grant.amount * grant.wageringMultiplier)
    await tx.trx
      .insertInto('bonus_wagering')
      .values({ player_id: grant.playerId, required, wagered: 0 })
      .onConflict((oc) =>
        oc
          .column('player_id')
          .doUpdateSet((eb) => ({ required: eb('bonus_wagering.required', '+', eb.ref('excluded.required')) })),
      )
      .execute()
    await settleBonus(tx, grant.playerId, grant.id)
  }
  return result
}

/** Adds a bet to the wagering progress (negative to take a rolled-back bet out again). */
export async function recordWager(tx: LedgerTx, playerId: number, amount: number, triggerId: string): Promise<void> {
  const row = await wageringRow(tx, playerId)
  if (!row || Number(row.required) === 0) return
  await tx.trx
    .updateTable('bonus_wagering')
    .set({ wagered: Math.max(0, Number(row.wagered) + amount) })
    .where('player_id', '=', playerId)
    .execute()
  await settleBonus(tx, playerId, triggerId)
}

/** Converts the bonus to cash once the requirement is met; clears it when the bonus is gone. */
export async function settleBonus(tx: LedgerTx, playerId: number, triggerId: string): Promise<void> {
  const row = await wageringRow(tx, playerId)
  if (!row) return
  const { bonus } = await tx.lockPlayer(playerId)
  // Bonus staked in a round that has not settled yet may still come back as a bonus win.
  const open = await tx.trx
    .selectFrom('wallet_bets')
    .select('transaction_id')
    .where('player_id', '=', playerId)
    .where('state', '=', 'placed')
    .where('win_transaction_id', 'is', null)
    .where('bonus_part', '>', 0)
    .executeTakeFirst()
  const met = Number(row.wagered) >= Number(row.required)
  if (bonus === 0 && open) return
  if (bonus > 0 && met) {
    await tx.post({
      id: `${triggerId}:bonus-to-cash`,
      debit: { player: playerId, code: 'bonus' },
      credit: { player: playerId, code: 'cash' },
      amount: bonus,
      kind: 'bonus_conversion',
      reference: triggerId,
    })
  }
  if (bonus === 0 || met) {
    await tx.trx
      .updateTable('bonus_wagering')
      .set({ required: 0, wagered: 0 })
      .where('player_id', '=', playerId)
      .execute()
  }
}

/**
 * The whole bonus balance goes back to the promotions account and its wagering requirement ends:
 * what a closing account loses (a bonus is credit to play with, not the player's money — the
 * bonus's own rules). Answers the amount forfeited (0 when there was none; once per `id`).
 */
export async function forfeitBonus(tx: LedgerTx, input: { id: string; playerId: number; reference?: string }) {
  const { bonus } = await tx.lockPlayer(input.playerId)
  if (bonus === 0) return 0
  await tx.transfer({
    id: input.id,
    debit: { player: input.playerId, code: 'bonus' },
    credit: { house: 'promotions' },
    amount: bonus,
    kind: 'bonus_forfeit',
    reference: input.reference ?? null,
  })
  await tx.trx
    .updateTable('bonus_wagering')
    .set({ required: 0, wagered: 0 })
    .where('player_id', '=', input.playerId)
    .execute()
  return bonus
}

export interface WageringProgress {
  required: number
  wagered: number
  remaining: number
}

export async function wageringProgress(db: Kysely<Database>, playerId: number): Promise<WageringProgress> {
  const row = await db.selectFrom('bonus_wagering').selectAll().where('player_id', '=', playerId).executeTakeFirst()
  const required = Number(row?.required ?? 0)
  const wagered = Math.min(Number(row?.wagered ?? 0), required)
  return { required, wagered, remaining: required - wagered }
}
