// One transfer applied at once (`LedgerTx.transfer`, and `post` when it cannot be deferred):
// validated, replayed when its id was applied already, both balances moved in one conditional
// statement (a player's debit only where the balance covers it) and its row written with the
// balances after it.
import { sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { AccountDirectory } from './accounts.ts'
import { LedgerError, RepeatedTransferId } from './errors.ts'
import { type LockedPlayers, type TransferInput, validate } from './postings.ts'
import { checkResolvable, loadTransfer, replayOf } from './replay.ts'
import type { TransferResult } from './tx.ts'

/**
 * Applies `input` now. With `lookFirst` (a retry) an id already applied is looked up before
 * anything moves; otherwise the unique index catches it.
 */
export async function applyTransfer(
  accounts: AccountDirectory,
  trx: Transaction<Database>,
  input: TransferInput,
  now: number,
  touched: Set<number>,
  lookFirst: boolean,
  locked: LockedPlayers,
): Promise<TransferResult> {
  validate(input)
  const debitId = await accounts.resolve(trx, input.debit)
  const creditId = await accounts.resolve(trx, input.credit)
  if (debitId === creditId) throw new LedgerError('invalid_transfer', 'a transfer needs two different accounts')
  if (lookFirst || input.resolves) {
    const replay = await replayOf(trx, input, debitId, creditId)
    if (replay) return replay
  }
  if (input.resolves) {
    // Resolved meanwhile by this very transfer (a concurrent applier committed it after the look above): a replay.
    const replay = await checkResolvable(trx, input, debitId, creditId)
    if (replay) return replay
  }

  // Both balances in one conditional statement: the debit only where a player account covers
  // it. Fewer than two rows back means the debit was refused; throwing rolls the credit back.
  const { rows } = await sql<{ id: number; balance: number; player_id: number | null }>`
    update ledger_accounts
       set balance = balance + case when id = ${debitId} then cast(${-input.amount} as bigint) else cast(${input.amount} as bigint) end
     where id in (${debitId}, ${creditId})
       and (id <> ${debitId} or player_id is null or balance >= ${input.amount})
    returning id, balance, player_id`.execute(trx)
  const debited = rows.find((r) => Number(r.id) === debitId)
  const credited = rows.find((r) => Number(r.id) === creditId)
  if (!debited || !credited) {
    // An id seen before answers as a replay or conflict, whatever the balance is now; the
    // half-applied statement is undone by retrying the transaction, which looks first.
    if (!lookFirst && (await loadTransfer(trx, input.id))) throw new RepeatedTransferId()
    const account = await trx
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', debitId)
      .executeTakeFirst()
    const before = Number(account?.balance ?? 0) - (debited ? -input.amount : 0)
    throw new LedgerError('insufficient_funds', 'insufficient funds', { balance: before, amount: input.amount })
  }

  const row = await trx
    .insertInto('ledger_transfers')
    .values({
      id: input.id,
      debit_account_id: debitId,
      credit_account_id: creditId,
      amount: input.amount,
      kind: input.kind,
      reference: input.reference ?? null,
      resolves_id: input.resolves ?? null,
      debit_balance_after: Number(debited.balance),
      credit_balance_after: Number(credited.balance),
      created_at: now,
    })
    .returning('seq')
    .executeTakeFirstOrThrow()
  for (const moved of [debited, credited]) {
    if (moved.player_id === null) continue
    touched.add(Number(moved.player_id))
    // A player locked in this transaction keeps their balances current without a re-read.
    const held = locked.get(Number(moved.player_id))
    if (held && Number(moved.id) === held.ids.cash) held.cash = Number(moved.balance)
    if (held && Number(moved.id) === held.ids.bonus) held.bonus = Number(moved.balance)
  }
  return {
    id: input.id,
    seq: Number(row.seq),
    amount: input.amount,
    kind: input.kind,
    debitBalanceAfter: Number(debited.balance),
    creditBalanceAfter: Number(credited.balance),
    createdAt: now,
    replayed: false,
  }
}
