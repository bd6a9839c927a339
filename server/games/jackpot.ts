// The progressive jackpot pool: a house ledger account seeded once from the game
// house; the rule (share, seed, odds) is the same one the games publish. Its true value is the
// account's balance, read here for the home meter and the push.
import type { Kysely } from 'kysely'
import type { JackpotView } from '../../contract/games/api.ts'
import { jackpotRule } from '../../contract/games/jackpot.ts'
import type { Database } from '../db/schema.ts'
import { houseBalance } from '../ledger/accounts.ts'
import type { Ledger } from '../ledger/ledger.ts'

/** Puts the seed in the pool the first time the app starts (the transfer id makes it once). */
export async function seedJackpot(ledger: Ledger): Promise<void> {
  await ledger.transfer({
    id: 'jackpot:seed:initial',
    debit: { house: 'game' },
    credit: { house: 'jackpot_pool' },
    amount: jackpotRule.seed,
    kind: 'jackpot_seed',
  })
}

export function jackpotPool(db: Kysely<Database>): Promise<number> {
  return houseBalance(db, 'jackpot_pool')
}

export async function jackpotView(db: Kysely<Database>): Promise<JackpotView | null> {
  const pool = await jackpotPool(db)
  // Before the first seed there is nothing real to show.
  if (pool <= 0) return null
  return {
    pool,
    seed: jackpotRule.seed,
    shareBps: jackpotRule.shareBps,
    oddsPerCentavo: jackpotRule.oddsPerCentavo,
  }
}
