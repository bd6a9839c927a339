// Reading balances inside a ledger transaction: a player's spendable accounts and a house
// account's shards, locked until commit on PostgreSQL (always in id order, so two lockers cannot
// deadlock) so a read-then-transfer decision stays true; a locked player's balances are kept in
// the transaction from then on.
import type { Transaction } from 'kysely'
import type { Engine } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { AccountDirectory, HouseAccountCode } from './accounts.ts'
import { holdPlayer, type LockedPlayers } from './postings.ts'
import { type Queries, type RowsOf, readTogether, readTogetherPostgres } from './together.ts'

/** What the locks need of the ledger. */
export interface LockContext {
  engine: Engine
  accounts: AccountDirectory
}

export async function lockPlayer(o: LockContext, trx: Transaction<Database>, playerId: number, locked: LockedPlayers) {
  // Locked already in this transaction: the lock holds until commit and the transfers since
  // kept the balances current.
  const held = locked.get(playerId)
  if (held) return { cash: held.cash, bonus: held.bonus }
  const ids = await o.accounts.playerAccountIds(trx, playerId)
  return holdPlayer(locked, playerId, ids, await playerLock(o, trx, ids).execute())
}

/** The player's spendable accounts, locked until commit on PostgreSQL (in id order, as every locker of several rows). */
function playerLock(o: LockContext, trx: Transaction<Database>, ids: { cash: number; bonus: number }) {
  const query = trx
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where('id', 'in', [ids.cash, ids.bonus])
    .orderBy('id')
  return o.engine === 'postgres' ? query.forUpdate() : query
}

export async function lockPlayerWith<Q extends Queries>(
  o: LockContext,
  trx: Transaction<Database>,
  playerId: number,
  alongside: Q,
  locked: LockedPlayers,
): Promise<{ balance: { cash: number; bonus: number }; rows: RowsOf<Q> }> {
  if (o.engine === 'sqlite' || locked.has(playerId)) {
    const balance = await lockPlayer(o, trx, playerId, locked)
    return { balance, rows: await readTogether(o.engine, trx, alongside) }
  }
  const ids = await o.accounts.playerAccountIds(trx, playerId)
  const { [LOCK]: lock = [], ...rows } = await readTogetherPostgres(trx, {
    ...alongside,
    [LOCK]: playerLock(o, trx, ids),
  })
  const balance = holdPlayer(locked, playerId, ids, lock as { id: number; balance: number }[])
  return { balance, rows: rows as RowsOf<Q> }
}

export async function lockHouse(o: LockContext, trx: Transaction<Database>, code: HouseAccountCode) {
  const ids = o.accounts.houseIds(code)
  // In id order, as every locker of several rows does, so two payouts cannot deadlock.
  let query = trx.selectFrom('ledger_accounts').select(['id', 'balance']).where('id', 'in', ids).orderBy('id')
  if (o.engine === 'postgres') query = query.forUpdate()
  const rows = await query.execute()
  const byId = new Map(rows.map((row) => [Number(row.id), Number(row.balance)]))
  return ids.map((id, shard) => ({ shard, balance: byId.get(id) ?? 0 }))
}

export function houseSum(o: LockContext, trx: Transaction<Database>, code: HouseAccountCode) {
  return balanceSum(trx, o.accounts.houseIds(code))
}

/** The key `lockPlayerWith` reads the lock's rows under, beside the caller's own (never an identifier). */
const LOCK = '#lock'

/** The sum of these accounts' balances, as the transaction sees them. */
export async function balanceSum(trx: Transaction<Database>, ids: readonly number[]): Promise<number> {
  const row = await trx
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.sum<number | string | null>('balance').as('total'))
    .where('id', 'in', ids)
    .executeTakeFirst()
  return Number(row?.total ?? 0)
}
