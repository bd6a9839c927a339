// The round a plain spin path (SQLite's prepared statements, PostgreSQL's `ledger_spin`) works out
// from the player's seed pair and next nonce — unless it wins the jackpot or a win the feed
// announces: those the spin's LedgerTx path writes (NotDirect), on both engines alike.
import type { GameDef } from '../../contract/games/engine.ts'
import { spinOutcome } from '../../contract/games/fair.ts'
import { NotDirect } from '../ledger/direct.ts'
import { hmacSha256 } from './seeds.ts'

export function plainOutcome(
  game: GameDef,
  bet: number,
  seed: { server_seed: string; client_seed: string; next_nonce: number | string },
  winFeedMin: number,
) {
  const nonce = Number(seed.next_nonce)
  const outcome = spinOutcome(
    game,
    bet,
    { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce },
    hmacSha256,
  )
  if (outcome.jackpotWon || outcome.win >= winFeedMin) throw new NotDirect('jackpot or announced win')
  return { nonce, outcome }
}
