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

export type AccountRef = { player: number; code: PlayerAccountCode } | { house: HouseAccountCode }

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

/** A house account's balance (e.g. the jackpot pool), 0 before it exists. */
export async function houseBalance(db: Kysely<Database>, code: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('player_id', 'is', null)
    .where('code', '=', code)
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
  readonly #house = new Map<HouseAccountCode, number>()
  readonly #db: Kysely<Database>

  constructor(db: Kysely<Database>) {
    this.#db = db
  }

  async ensureHouseAccounts(now: number): Promise<void> {
    await this.#db
      .insertInto('ledger_accounts')
      .values(houseAccountCodes.map((code) => ({ player_id: null, code, balance: 0, created_at: now })))
      .onConflict((oc) => oc.column('code').where('player_id', 'is', null).doNothing())
      .execute()
    const rows = await this.#db
      .selectFrom('ledger_accounts')
      .select(['id', 'code'])
      .where('player_id', 'is', null)
      .execute()
    for (const row of rows) this.#house.set(row.code as HouseAccountCode, Number(row.id))
  }

  async resolve(db: Kysely<Database>, ref: AccountRef): Promise<number> {
    if ('house' in ref) {
      const id = this.#house.get(ref.house)
      if (id === undefined) throw new Error(`house account ${ref.house} missing: call ensureHouseAccounts first`)
      return id
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

  async playerAccountIds(db: Kysely<Database>, playerId: number): Promise<Record<PlayerAccountCode, number>> {
    await this.resolve(db, { player: playerId, code: 'cash' })
    return this.#players.get(playerId) as Record<PlayerAccountCode, number>
  }
}
