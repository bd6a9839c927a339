// Payments' records as the harm watch (server/harm) reads them: the deposits a player had paid
// and the withdrawals that came back (failed or refused), the money deposited over a span (the
// interventions' measured effect), and which players' payments changed over a span.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/** The player's paid deposits since `since`, oldest first. */
export async function paidDepositsSince(db: Kysely<Database>, playerId: number, since: number) {
  return (await paidDepositsSinceFor(db, [playerId], since)).get(playerId) ?? []
}

/** Each of the players' paid deposits since `since`, oldest first (one query for a batch of players). */
export async function paidDepositsSinceFor(db: Kysely<Database>, playerIds: readonly number[], since: number) {
  const byPlayer = new Map<number, { at: number; amount: number }[]>()
  if (playerIds.length === 0) return byPlayer
  const rows = await db
    .selectFrom('deposit_orders')
    .select(['player_id', 'status', 'paid_at', 'paid_amount', 'amount'])
    .where('player_id', 'in', playerIds)
    .where('paid_at', '>=', since)
    .orderBy('paid_at')
    .execute()
  for (const row of rows) {
    // The status is checked here, not in the query: asked for it there, SQLite's planner (with no
    // statistics) walks the index of every paid deposit instead of each player's own.
    if (row.status !== 'paid') continue
    const id = Number(row.player_id)
    const list = byPlayer.get(id) ?? []
    list.push({ at: Number(row.paid_at), amount: Number(row.paid_amount ?? row.amount) })
    byPlayer.set(id, list)
  }
  return byPlayer
}

/** Withdrawals since `since` whose money came back to the player: failed, or the key refused. */
export async function reversedWithdrawalsSince(db: Kysely<Database>, playerId: number, since: number) {
  return (await reversedWithdrawalsSinceFor(db, [playerId], since)).get(playerId) ?? 0
}

/** How many withdrawals came back to each of the players since `since` (absent: none). */
export async function reversedWithdrawalsSinceFor(db: Kysely<Database>, playerIds: readonly number[], since: number) {
  if (playerIds.length === 0) return new Map<number, number>()
  const rows = await db
    .selectFrom('withdrawal_orders')
    .select(['player_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('player_id', 'in', playerIds)
    .where('status', 'in', ['failed', 'key_rejected'])
    .where('updated_at', '>=', since)
    .groupBy('player_id')
    .execute()
  return new Map(rows.map((row) => [Number(row.player_id), Number(row.n)]))
}

/** Money deposited (paid) in [from, to). */
export async function depositedBetween(db: Kysely<Database>, playerId: number, from: number, to: number) {
  const row = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.sum<number | string | null>(eb.fn.coalesce('paid_amount', 'amount')).as('total'))
    .where('player_id', '=', playerId)
    .where('status', '=', 'paid')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .executeTakeFirstOrThrow()
  return Number(row.total ?? 0)
}

/** Players with a deposit paid or a withdrawal changed in [from, to). */
export async function playersWithPaymentsBetween(db: Kysely<Database>, from: number, to: number): Promise<number[]> {
  const [deposits, withdrawals] = await Promise.all([
    db
      .selectFrom('deposit_orders')
      .select('player_id')
      .distinct()
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to)
      .execute(),
    db
      .selectFrom('withdrawal_orders')
      .select('player_id')
      .distinct()
      .where('updated_at', '>=', from)
      .where('updated_at', '<', to)
      .execute(),
  ])
  return [...deposits, ...withdrawals].map((row) => Number(row.player_id))
}
