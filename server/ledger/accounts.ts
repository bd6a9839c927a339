// The accounts money lives in: three per player (created at zero with the player) and the
// house accounts. Account ids never change once created, so they are cached.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'

export const playerAccountCodes = ['cash', 'bonus', 'withdrawal_hold'] as const
export type PlayerAccountCode = (typeof playerAccountCodes)[number]

export const houseAccountCodes = [
  'pix_clearing',
  'payouts',
  'game',
  'promotions',
  'jackpot_pool',
  'adjustments',
  // PIX received that the app must not credit (overpaid, refused): owed back to the payer.
  'pix_refunds',
] as const
export type HouseAccountCode = (typeof houseAccountCodes)[number]

/**
 * House accounts every spin moves money through. On PostgreSQL each is split into shards (rows
 * `game`, `game.1` … `game.15`) whose sum is the account, so concurrent spins lock different
 * rows; a spin names its shard, a reader sums them (`houseBalance`).
 */
export const shardedHouseCodes = ['game', 'jackpot_pool'] as const satisfies readonly HouseAccountCode[]
/** How many rows each sharded house account has on PostgreSQL (SQLite has one writer: 1). */
export const POSTGRES_HOUSE_SHARDS = 16

export type AccountRef =
  | { player: number; code: PlayerAccountCode }
  /** `shard` (any integer, e.g. the player's id) picks one row of a sharded account; without it, the first. */
  | { house: HouseAccountCode; shard?: number }

const shardCode = (code: string, shard: number) => (shard === 0 ? code : `${code}.${shard}`)

export async function openPlayerAccounts(trx: Transaction<Database>, playerId: number, now: number): Promise<void> {
  await trx
    .insertInto('ledger_accounts')
    .values(playerAccountCodes.map((code) => ({ player_id: playerId, code, balance: 0, created_at: now })))
    .execute()
}

export interface PlayerBalances {
  cash: number
  bonus: number
  withdrawalHold: number
  /** What the header shows: cash + bonus (money on hold for a withdrawal is not spendable). */
  total: number
}

export async function readPlayerBalances(db: Kysely<Database>, playerId: number): Promise<PlayerBalances> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['code', 'balance'])
    .where('player_id', '=', playerId)
    .execute()
  const byCode = new Map(rows.map((row) => [row.code, Number(row.balance)]))
  const cash = byCode.get('cash') ?? 0
  const bonus = byCode.get('bonus') ?? 0
  return { cash, bonus, withdrawalHold: byCode.get('withdrawal_hold') ?? 0, total: cash + bonus }
}

/** A house account's balance (e.g. the jackpot pool): the sum of its shards, 0 before it exists. */
export async function houseBalance(db: Kysely<Database>, code: HouseAccountCode): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.sum<number | string | null>('balance').as('balance'))
    .where('player_id', 'is', null)
    .where((eb) => eb.or([eb('code', '=', code), eb('code', 'like', `${code}.%`)]))
    .executeTakeFirst()
  return Number(row?.balance ?? 0)
}

/** What a player sees of their money: the total and its cash and bonus parts. */
export async function playerBalances(db: Kysely<Database>, playerId: number) {
  const { total, cash, bonus } = await readPlayerBalances(db, playerId)
  return { total, cash, bonus }
}

/** Resolves account references to ids, creating the house accounts on first use. */
export class AccountDirectory {
  readonly #players = new Map<number, Record<PlayerAccountCode, number>>()
  /** Each house account's row ids: one, or its shards in order. */
  readonly #house = new Map<HouseAccountCode, number[]>()
  readonly #db: Kysely<Database>
  readonly #shards: number

  /** `houseShards`: rows per sharded house account (`POSTGRES_HOUSE_SHARDS` on PostgreSQL). */
  constructor(db: Kysely<Database>, options: { houseShards?: number } = {}) {
    this.#db = db
    this.#shards = options.houseShards ?? 1
  }

  async ensureHouseAccounts(now: number): Promise<void> {
    const codes: string[] = [...houseAccountCodes]
    for (const code of shardedHouseCodes) for (let i = 1; i < this.#shards; i++) codes.push(shardCode(code, i))
    await this.#db
      .insertInto('ledger_accounts')
      .values(codes.map((code) => ({ player_id: null, code, balance: 0, created_at: now })))
      .onConflict((oc) => oc.column('code').where('player_id', 'is', null).doNothing())
      .execute()
    const rows = await this.#db
      .selectFrom('ledger_accounts')
      .select(['id', 'code'])
      .where('player_id', 'is', null)
      .execute()
    const ids = new Map(rows.map((row) => [row.code, Number(row.id)]))
    for (const code of houseAccountCodes) {
      const shards = (shardedHouseCodes as readonly string[]).includes(code) ? this.#shards : 1
      const shardIds = Array.from({ length: shards }, (_, i) => ids.get(shardCode(code, i)))
      if (shardIds.every((id) => id !== undefined)) this.#house.set(code, shardIds as number[])
    }
  }

  /** Every row of a house account, by shard: what a reader sums and a whole-pool payout locks. */
  houseIds(code: HouseAccountCode): number[] {
    const ids = this.#house.get(code)
    if (!ids) throw new Error(`house account ${code} missing: call ensureHouseAccounts first`)
    return ids
  }

  async resolve(db: Kysely<Database>, ref: AccountRef): Promise<number> {
    if ('house' in ref) {
      const ids = this.#house.get(ref.house)
      if (ids === undefined) throw new Error(`house account ${ref.house} missing: call ensureHouseAccounts first`)
      return ids[Math.abs(ref.shard ?? 0) % ids.length] as number
    }
    let accounts = this.#players.get(ref.player)
    if (!accounts) {
      const rows = await db
        .selectFrom('ledger_accounts')
        .select(['id', 'code'])
        .where('player_id', '=', ref.player)
        .execute()
      if (rows.length !== playerAccountCodes.length) throw new Error(`player ${ref.player} has no money accounts`)
      accounts = Object.fromEntries(rows.map((r) => [r.code, Number(r.id)])) as Record<PlayerAccountCode, number>
      this.#players.set(ref.player, accounts)
    }
    return accounts[ref.code]
  }

  /** An account's id when it is known without a look-up (a house account, a player's seen before). */
  known(ref: AccountRef): number | undefined {
    if ('house' in ref) {
      const ids = this.#house.get(ref.house)
      return ids === undefined ? undefined : ids[Math.abs(ref.shard ?? 0) % ids.length]
    }
    return this.#players.get(ref.player)?.[ref.code]
  }

  /** Remembers a player's accounts read by a caller (rows of `ledger_accounts` with their codes). */
  remember(
    playerId: number,
    rows: readonly { id: number | string; code: string }[],
  ): Record<PlayerAccountCode, number> {
    if (rows.length !== playerAccountCodes.length) throw new Error(`player ${playerId} has no money accounts`)
    const accounts = Object.fromEntries(rows.map((r) => [r.code, Number(r.id)])) as Record<PlayerAccountCode, number>
    this.#players.set(playerId, accounts)
    return accounts
  }

  async playerAccountIds(db: Kysely<Database>, playerId: number): Promise<Record<PlayerAccountCode, number>> {
    await this.resolve(db, { player: playerId, code: 'cash' })
    return this.#players.get(playerId) as Record<PlayerAccountCode, number>
  }
}
