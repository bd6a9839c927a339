// Idempotency of transfers: a transfer id already applied answers its first result again when
// the content is the same and is refused (`idempotency_conflict`) when it differs; a post or void
// resolves a withdrawal hold at most once, for its whole amount.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { LedgerError } from './errors.ts'
import type { TransferInput } from './postings.ts'
import type { TransferResult } from './tx.ts'

type TransferRow = Awaited<ReturnType<typeof loadTransfer>>

export function loadTransfer(trx: Kysely<Database>, id: string) {
  return trx.selectFrom('ledger_transfers').selectAll().where('id', '=', id).executeTakeFirst()
}

function resultOf(row: NonNullable<TransferRow>, replayed: boolean): TransferResult {
  return {
    id: row.id,
    seq: Number(row.seq),
    amount: Number(row.amount),
    kind: row.kind,
    debitBalanceAfter: Number(row.debit_balance_after),
    creditBalanceAfter: Number(row.credit_balance_after),
    createdAt: Number(row.created_at),
    replayed,
  }
}

/** The first result for an id already applied with the same content; refuses other content. */
export async function replayOf(trx: Transaction<Database>, input: TransferInput, debitId: number, creditId: number) {
  const existing = await loadTransfer(trx, input.id)
  if (!existing) return undefined
  const same =
    Number(existing.debit_account_id) === debitId &&
    Number(existing.credit_account_id) === creditId &&
    Number(existing.amount) === input.amount &&
    existing.kind === input.kind &&
    (existing.reference ?? null) === (input.reference ?? null) &&
    (existing.resolves_id ?? null) === (input.resolves ?? null)
  if (!same)
    throw new LedgerError('idempotency_conflict', `transfer ${input.id} was already applied with other content`)
  return resultOf(existing, true)
}

/**
 * Checks that `input` may resolve its hold (a `withdrawal_hold` of the same amount, not resolved
 * yet); answers the replay when this very transfer resolved it already.
 */
export async function checkResolvable(
  trx: Transaction<Database>,
  input: TransferInput,
  debitId: number,
  creditId: number,
) {
  const hold = await loadTransfer(trx, input.resolves as string)
  if (hold?.kind !== 'withdrawal_hold') {
    throw new LedgerError('hold_not_found', `no hold ${input.resolves}`)
  }
  if (Number(hold.amount) !== input.amount) {
    throw new LedgerError('invalid_transfer', 'a hold is posted or voided for its whole amount')
  }
  const resolved = await trx
    .selectFrom('ledger_transfers')
    .select('id')
    .where('resolves_id', '=', input.resolves as string)
    .executeTakeFirst()
  if (resolved?.id === input.id) return replayOf(trx, input, debitId, creditId)
  if (resolved)
    throw new LedgerError('hold_already_resolved', `hold ${input.resolves} was already resolved by ${resolved.id}`)
  return undefined
}
