// A sample of a seeded year's rounds replayed through contract/games/fair.ts from their seed pair:
// the committed hash is the server seed's SHA-256, and the stops, free spins and win are the ones
// the round recorded. Answers how many were sampled and the ids of those that differ.
import { createHash } from 'node:crypto'
import type { Kysely, RawBuilder } from 'kysely'
import { findGame } from '../../contract/games/catalog.ts'
import { spinOutcome } from '../../contract/games/fair.ts'
import type { Database } from '../../server/db/schema.ts'
import { hmacSha256 } from '../../server/games/seeds.ts'

export async function replaySample(
  k: Kysely<Database>,
  which: RawBuilder<boolean>,
): Promise<{ sampled: number; differing: string[] }> {
  const sample = await k
    .selectFrom('game_rounds')
    .innerJoin('fair_seeds', 'fair_seeds.id', 'game_rounds.seed_id')
    .select([
      'game_rounds.id',
      'game_rounds.game_id',
      'game_rounds.game_version',
      'game_rounds.bet',
      'game_rounds.stops',
      'game_rounds.free_spins',
      'game_rounds.win',
      'game_rounds.nonce',
      'game_rounds.server_seed_hash',
      'game_rounds.client_seed',
      'fair_seeds.server_seed',
    ])
    .where(which)
    .execute()
  const differing = sample.filter((round) => {
    const game = findGame(round.game_id, round.game_version)
    if (!game) return true
    const outcome = spinOutcome(
      game,
      Number(round.bet),
      { serverSeed: round.server_seed, clientSeed: round.client_seed, nonce: Number(round.nonce) },
      hmacSha256,
    )
    return (
      createHash('sha256').update(round.server_seed).digest('hex') !== round.server_seed_hash ||
      JSON.stringify(outcome.stops) !== round.stops ||
      JSON.stringify(outcome.freeSpins.map((spin) => spin.stops)) !== round.free_spins ||
      outcome.win !== Number(round.win)
    )
  })
  return { sampled: sample.length, differing: differing.map((round) => round.id) }
}
