// The postings a ledger transaction queued (`LedgerTx.post`) and its deferred writes
// (`LedgerTx.defer`), applied at the end of the work or before a read that must see them: each
// account moved once by its net amount, then the transfer rows in order with their balances
// after; on PostgreSQL all of it, with the sums asked for, in one statement.
import { CompiledQuery, type Transaction } from 'kysely'
import type { Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { AccountDirectory, AccountRef } from './accounts.ts'
import { LedgerError, StaleRead } from './errors.ts'
import { balanceSum } from './locks.ts'
import {
  type Deferred,
  type LockedPlayers,
  movedOn,
  netMoves,
  type PendingSum,
  type Posting,
  type Postings,
  type TransferInput,
  validate,
} from './postings.ts'
import { renumbered } from './together.ts'

/**
 * Queues `input` as a posting when each side is a house account or a locked player's cash or
 * bonus; answers false (nothing done) otherwise. A player debit is checked against the locked
 * balance now, as the conditional update would; the balances kept in `locked` move at once.
 */
export async function deferPosting(
  accounts: AccountDirectory,
  trx: Transaction<Database>,
  input: TransferInput,
  touched: Set<number>,
  locked: LockedPlayers,
  postings: Postings,
): Promise<boolean> {
  const side = (ref: AccountRef) => {
    if ('house' in ref) return { held: null }
    const held = locked.get(ref.player)
    return held && (ref.code === 'cash' || ref.code === 'bonus')
      ? { held, code: ref.code, player: ref.player }
      : undefined
  }
  const debit = side(input.debit)
  const credit = side(input.credit)
  if (!debit || !credit) return false
  validate(input)
  const debitId = await accounts.resolve(trx, input.debit)
  const creditId = await accounts.resolve(trx, input.credit)
  if (debitId === creditId) throw new LedgerError('invalid_transfer', 'a transfer needs two different accounts')
  if (debit.held && debit.held[debit.code] < input.amount) {
    throw new LedgerError('insufficient_funds', 'insufficient funds', {
      balance: debit.held[debit.code],
      amount: input.amount,
    })
  }
  if (debit.held) {
    debit.held[debit.code] -= input.amount
    touched.add(debit.player)
  }
  if (credit.held) {
    credit.held[credit.code] += input.amount
    touched.add(credit.player)
  }
  postings.add(input, debitId, creditId)
  return true
}

/**
 * Applies the queued postings: each account moved once by its net amount, then the transfer
 * rows in order, each with its accounts' balances after it (the final balance less what later
 * postings moved). On PostgreSQL both in one statement.
 */
export async function flush(
  engine: Engine,
  trx: Transaction<Database>,
  postings: Postings,
  now: number,
  final: boolean,
): Promise<void> {
  const taken = postings.take(final)
  if (!taken) return
  const { queued, deferred, sums } = taken
  if (engine === 'postgres') return flushPostgres(trx, queued, deferred, sums, now)
  const moves = netMoves(queued)
  const finals = new Map<number, number>()
  for (const id of [...moves.keys()].sort((a, b) => a - b)) {
    const row = await trx
      .updateTable('ledger_accounts')
      .set((eb) => ({ balance: eb('balance', '+', moves.get(id) as number) }))
      .where('id', '=', id)
      .returning('balance')
      .executeTakeFirst()
    if (!row) throw new Error(`ledger: account ${id} does not exist`)
    finals.set(id, Number(row.balance))
  }
  if (queued.length > 0) {
    await trx
      .insertInto('ledger_transfers')
      .values(
        queued.map((q) => ({
          id: q.input.id,
          debit_account_id: q.debitId,
          credit_account_id: q.creditId,
          amount: q.input.amount,
          kind: q.input.kind,
          reference: q.input.reference ?? null,
          resolves_id: null,
          debit_balance_after: (finals.get(q.debitId) as number) - q.debitLater,
          credit_balance_after: (finals.get(q.creditId) as number) - q.creditLater,
          created_at: now,
        })),
      )
      .execute()
  }
  for (const { query, expectRows } of deferred) {
    const result = await trx.executeQuery(query.compile())
    if (expectRows !== null && result.rows.length !== expectRows) throw new StaleRead()
  }
  for (const sum of sums) sum.resolve(await balanceSum(trx, sum.ids))
}

/**
 * PostgreSQL: the postings, the deferred writes and the sums asked for in one statement, each
 * write a WITH part (they all run; none sees another's rows). The sums read the snapshot from
 * before the statement, so this transaction's postings on those accounts are added here.
 */
async function flushPostgres(
  trx: Transaction<Database>,
  queued: Posting[],
  deferred: Deferred[],
  sums: PendingSum[],
  now: number,
): Promise<void> {
  const parts: string[] = []
  const selects: string[] = []
  const parameters: unknown[] = []
  const param = (value: unknown, cast: string) => {
    parameters.push(value)
    return `$${parameters.length}::${cast}`
  }
  const moves = netMoves(queued)
  if (queued.length > 0) {
    const ids = [...moves.keys()].sort((a, b) => a - b)
    const deltas = ids.map((id) => moves.get(id))
    parts.push(`moved as (
        update ledger_accounts a set balance = a.balance + m.delta
          from unnest(${param(ids, 'bigint[]')}, ${param(deltas, 'bigint[]')}) as m(id, delta)
         where a.id = m.id
        returning a.id, a.balance)`)
    // One array per column, unnested into the transfer rows in their order.
    const column = (cast: string, value: (q: Posting, i: number) => unknown) => param(queued.map(value), cast)
    const columns = [
      column('text[]', (q) => q.input.id),
      column('bigint[]', (q) => q.debitId),
      column('bigint[]', (q) => q.creditId),
      column('bigint[]', (q) => q.input.amount),
      column('text[]', (q) => q.input.kind),
      column('text[]', (q) => q.input.reference ?? null),
      column('bigint[]', (q) => q.debitLater),
      column('bigint[]', (q) => q.creditLater),
      column('int[]', (_, i) => i),
    ]
    parts.push(`posted as (
        insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, reference, debit_balance_after, credit_balance_after, created_at)
        select t.id, t.debit, t.credit, t.amount, t.kind, t.reference, d.balance - t.debit_later, c.balance - t.credit_later, ${param(now, 'bigint')}
          from unnest(${columns.join(', ')}) as t(id, debit, credit, amount, kind, reference, debit_later, credit_later, ord)
          join moved d on d.id = t.debit
          join moved c on c.id = t.credit
         order by t.ord
        returning 1)`)
    selects.push('(select count(*) from posted) as posted')
  }
  deferred.forEach(({ query, expectRows }, i) => {
    parts.push(`d${i} as (${renumbered(query.compile(), parameters)})`)
    if (expectRows !== null) selects.push(`(select count(*) from d${i}) = ${expectRows} as d${i}_ok`)
  })
  sums.forEach((sum, i) => {
    selects.push(
      `(select coalesce(sum(balance), 0) from ledger_accounts where id = any(${param(sum.ids, 'bigint[]')})) as sum${i}`,
    )
  })
  if (selects.length === 0) selects.push('1 as done')
  const text = `${parts.length > 0 ? `with ${parts.join(',\n')}\n` : ''}select ${selects.join(', ')}`
  const { rows } = await trx.executeQuery<Record<string, number>>(CompiledQuery.raw(text, parameters))
  const row = rows[0] as Record<string, number>
  if (queued.length > 0 && Number(row.posted) !== queued.length) {
    throw new Error('ledger: a posting named an account that does not exist')
  }
  deferred.forEach(({ expectRows }, i) => {
    if (expectRows !== null && row[`d${i}_ok`] !== (true as unknown)) throw new StaleRead()
  })
  sums.forEach((sum, i) => {
    sum.resolve(Number(row[`sum${i}`]) + movedOn(moves, sum.ids))
  })
}
