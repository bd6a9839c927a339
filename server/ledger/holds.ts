// Two-phase transfers for withdrawals: hold (cash → withdrawal_hold), then post (to the
// payouts account) when the payout is paid, or void (back to cash) when it fails — each at
// most once (the ledger's unique `resolves_id`).
import { LedgerError } from './errors.ts'
import type { LedgerTx, TransferResult } from './tx.ts'

export function hold(tx: LedgerTx, input: { id: string; playerId: number; amount: number; reference?: string }) {
  return tx.transfer({
    id: input.id,
    debit: { player: input.playerId, code: 'cash' },
    credit: { player: input.playerId, code: 'withdrawal_hold' },
    amount: input.amount,
    kind: 'withdrawal_hold',
    reference: input.reference ?? null,
  })
}

async function holdOf(tx: LedgerTx, holdId: string) {
  const row = await tx.trx
    .selectFrom('ledger_transfers')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_transfers.credit_account_id')
    .select([
      'ledger_transfers.amount',
      'ledger_transfers.reference',
      'ledger_transfers.kind',
      'ledger_accounts.player_id',
    ])
    .where('ledger_transfers.id', '=', holdId)
    .executeTakeFirst()
  if (row?.kind !== 'withdrawal_hold' || row.player_id === null)
    throw new LedgerError('hold_not_found', `no hold ${holdId}`)
  return { amount: Number(row.amount), playerId: Number(row.player_id), reference: row.reference }
}

/** Resolves a hold for its whole amount, once: to the payouts account or back to cash. */
async function resolveHold(
  tx: LedgerTx,
  input: { id: string; holdId: string },
  outcome: 'post' | 'void',
  postKind: PostKind = 'withdrawal_post',
) {
  const held = await holdOf(tx, input.holdId)
  return tx.transfer({
    id: input.id,
    debit: { player: held.playerId, code: 'withdrawal_hold' },
    credit: outcome === 'post' ? { house: 'payouts' } : { player: held.playerId, code: 'cash' },
    amount: held.amount,
    kind: outcome === 'post' ? postKind : 'withdrawal_void',
    reference: held.reference,
    resolves: input.holdId,
  })
}

/**
 * What a paid hold is: a withdrawal the player asked for, or the balance paid out when the
 * account closes (its own kind, so reports and the statement can tell them apart).
 */
export type PostKind = 'withdrawal_post' | 'closure_payout'

export function postHold(
  tx: LedgerTx,
  input: { id: string; holdId: string; kind?: PostKind },
): Promise<TransferResult> {
  return resolveHold(tx, input, 'post', input.kind)
}

export function voidHold(tx: LedgerTx, input: { id: string; holdId: string }): Promise<TransferResult> {
  return resolveHold(tx, input, 'void')
}
