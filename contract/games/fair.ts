// Provably fair outcomes. The server commits to a random server seed by publishing
// SHA-256(serverSeed); the player sets a client seed; each spin has a nonce. The outcome bytes
// are the concatenation of HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${round}`)
// for round = 0, 1, 2, … read as big-endian unsigned 32-bit integers. Each reel stop is drawn
// in reel order by rejection sampling (a draw at or above the largest multiple of the strip
// length below 2^32 is discarded), so every stop is exactly equally likely. The next 32-bit
// draw after the stops decides the jackpot. Free spins, when the window awards them, draw their
// stops from the same stream after that, one spin after another, on the free-spin strips. Seeds
// are ASCII strings; the server seed is 64 hex characters, hashed and used as a key exactly as
// written.
import { type Evaluation, evaluate, evaluateFreeSpin, type GameDef, winAmount } from './engine.ts'
import { jackpotRule, jackpotTriggered } from './jackpot.ts'

/** HMAC-SHA256 of a UTF-8 message under a UTF-8 key (node:crypto on the server, @noble/hashes in the browser). */
export type HmacSha256 = (key: string, message: string) => Uint8Array

export interface SpinSeeds {
  serverSeed: string
  clientSeed: string
  nonce: number
}

const TWO_32 = 2 ** 32

export class OutcomeStream {
  #round = 0
  #block: Uint8Array = new Uint8Array(0)
  #offset = 0
  readonly #hmac: HmacSha256
  readonly #seeds: SpinSeeds

  constructor(hmac: HmacSha256, seeds: SpinSeeds) {
    this.#hmac = hmac
    this.#seeds = seeds
  }

  nextUint32(): number {
    if (this.#offset + 4 > this.#block.length) {
      const { serverSeed, clientSeed, nonce } = this.#seeds
      this.#block = this.#hmac(serverSeed, `${clientSeed}:${nonce}:${this.#round}`)
      this.#round++
      this.#offset = 0
    }
    const b = this.#block
    const o = this.#offset
    this.#offset += 4
    return (
      (((b[o] as number) << 24) | ((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number)) >>>
      0
    )
  }

  /** A uniform integer in [0, n) by rejection sampling. */
  uniform(n: number): number {
    const limit = TWO_32 - (TWO_32 % n)
    for (;;) {
      const draw = this.nextUint32()
      if (draw < limit) return draw % n
    }
  }
}

export interface FreeSpinOutcome {
  stops: number[]
  evaluation: Evaluation
  /** Centavos. */
  win: number
}

export interface SpinOutcome {
  stops: number[]
  evaluation: Evaluation
  /** The base spin's win in centavos. */
  baseWin: number
  /** The free spins the base window awarded, in play order. */
  freeSpins: FreeSpinOutcome[]
  /** The game's whole win in centavos: base spin and free spins (without the jackpot). */
  win: number
  /** The jackpot draw and whether it won at this bet. */
  jackpotDraw: number
  jackpotWon: boolean
}

export function spinOutcome(game: GameDef, bet: number, seeds: SpinSeeds, hmac: HmacSha256): SpinOutcome {
  const stream = new OutcomeStream(hmac, seeds)
  const stops = game.reels.map((strip) => stream.uniform(strip.length))
  const jackpotDraw = stream.nextUint32()
  const evaluation = evaluate(game, stops)
  const freeReels = game.freeSpins?.reels ?? []
  const freeSpins = Array.from({ length: evaluation.freeSpins }, (): FreeSpinOutcome => {
    const freeStops = freeReels.map((strip) => stream.uniform(strip.length))
    const freeEvaluation = evaluateFreeSpin(game, freeStops)
    return { stops: freeStops, evaluation: freeEvaluation, win: winAmount(game, bet, freeEvaluation.units) }
  })
  const baseWin = winAmount(game, bet, evaluation.units)
  return {
    stops,
    evaluation,
    baseWin,
    freeSpins,
    win: freeSpins.reduce((sum, spin) => sum + spin.win, baseWin),
    jackpotDraw,
    jackpotWon: jackpotTriggered(jackpotRule, bet, jackpotDraw),
  }
}
