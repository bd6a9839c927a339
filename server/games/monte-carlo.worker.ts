// A worker thread of the Monte-Carlo test (rtp.test.ts): plays `spins` provably fair spins of a
// game through the real spin path (HMAC-SHA256 stream, rejection sampling, engine, free spins)
// and sums what they return per unit bet.
import { parentPort, workerData } from 'node:worker_threads'
import { findGame } from '../../contract/games/catalog.ts'
import { spinOutcome } from '../../contract/games/fair.ts'
import { hmacSha256 } from './seeds.ts'

export interface MonteCarloResult {
  /** Sum over spins of the game's win ÷ bet (base and free spins, no jackpot). */
  returned: number
  /** Sum of its squares (the sample's own deviation). */
  returnedSquares: number
  /** The free spins' part of it. */
  freeReturned: number
  /** Sum of the free spins' part's squares. */
  freeSquares: number
  /** Spins that awarded free spins. */
  triggers: number
}

const { gameId, spins, serverSeed } = workerData as { gameId: string; spins: number; serverSeed: string }
const game = findGame(gameId)
if (!game) throw new Error(`no game ${gameId}`)
const bet = game.betLevels[0] as number
const result: MonteCarloResult = { returned: 0, returnedSquares: 0, freeReturned: 0, freeSquares: 0, triggers: 0 }
for (let nonce = 0; nonce < spins; nonce++) {
  const outcome = spinOutcome(game, bet, { serverSeed, clientSeed: 'monte-carlo', nonce }, hmacSha256)
  const returned = outcome.win / bet
  result.returned += returned
  result.returnedSquares += returned * returned
  if (outcome.freeSpins.length > 0) {
    result.triggers++
    const free = (outcome.win - outcome.baseWin) / bet
    result.freeReturned += free
    result.freeSquares += free * free
  }
}
parentPort?.postMessage(result)
