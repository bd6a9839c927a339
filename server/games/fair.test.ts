// The provably fair stream: the documented bytes (HMAC-SHA256 of `clientSeed:nonce:round`
// under the server seed), the same answer from node:crypto and @noble/hashes (what /verify uses
// in the browser), rejection sampling that never favours a stop, and a chi-square test of stops.

import { createHmac } from 'node:crypto'
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, it } from 'vitest'
import { findGame } from '../../contract/games/catalog.ts'
import type { GameDef } from '../../contract/games/engine.ts'
import { OutcomeStream, spinOutcome } from '../../contract/games/fair.ts'
import { sha256Hex } from '../lib/secrets.ts'
import { hmacSha256 } from './seeds.ts'

const encoder = new TextEncoder()
const nobleHmac = (key: string, message: string) => hmac(sha256, encoder.encode(key), encoder.encode(message))
const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'jogador', nonce: 7 }

describe('provably fair outcomes', () => {
  it('reads the documented bytes: HMAC-SHA256(serverSeed, "clientSeed:nonce:round"), big-endian 32-bit words', () => {
    const stream = new OutcomeStream(hmacSha256, seeds)
    const block0 = createHmac('sha256', seeds.serverSeed).update('jogador:7:0').digest()
    const block1 = createHmac('sha256', seeds.serverSeed).update('jogador:7:1').digest()
    for (let i = 0; i < 8; i++) expect(stream.nextUint32()).toBe(block0.readUInt32BE(i * 4))
    expect(stream.nextUint32()).toBe(block1.readUInt32BE(0))
  })

  it('gives the same spin with node:crypto and with @noble/hashes (the browser verifier)', () => {
    for (const id of ['fruta-fina', 'amazonia']) {
      const game = findGame(id) as GameDef
      for (let nonce = 0; nonce < 200; nonce++) {
        const a = spinOutcome(game, 100, { ...seeds, nonce }, hmacSha256)
        const b = spinOutcome(game, 100, { ...seeds, nonce }, nobleHmac)
        expect(b).toEqual(a)
      }
    }
    expect(sha256Hex(seeds.serverSeed)).toBe(Buffer.from(sha256(encoder.encode(seeds.serverSeed))).toString('hex'))
  })

  it('rejects draws at or above the largest multiple of n, so no stop is favoured', () => {
    const words = [2 ** 32 - 1, 2 ** 32 - 2, 2 ** 32 - 4, 5]
    const fake = () => {
      const bytes = new Uint8Array(32)
      const view = new DataView(bytes.buffer)
      for (const [i, w] of words.entries()) view.setUint32(i * 4, w)
      return bytes
    }
    // For n = 3 the limit is 2^32 − 1 (4294967295 % 3 = 0 → 2^32 % 3 = 1), so the first word is rejected.
    const stream = new OutcomeStream(fake, seeds)
    expect(stream.uniform(3)).toBe((2 ** 32 - 2) % 3)
    // For n = 10 the limit is 2^32 − 6: the next word (2^32 − 4) is rejected and 5 is taken.
    expect(stream.uniform(10)).toBe(5)
  })

  it('passes a chi-square test on 600 000 reel stops (every stop of every reel equally likely)', () => {
    const game = findGame('dragao-dourado') as GameDef
    const spins = 120_000
    const counts = game.reels.map((strip) => new Array<number>(strip.length).fill(0))
    for (let nonce = 0; nonce < spins; nonce++) {
      const { stops } = spinOutcome(game, 100, { serverSeed: 'b'.repeat(64), clientSeed: 'chi', nonce }, hmacSha256)
      stops.forEach((stop, reel) => {
        ;(counts[reel] as number[])[stop] = ((counts[reel] as number[])[stop] as number) + 1
      })
    }
    for (const [reel, observed] of counts.entries()) {
      const expected = spins / observed.length
      const chi = observed.reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0)
      // Critical value at p = 0.001 for k − 1 degrees of freedom (Wilson–Hilferty approximation).
      const k = observed.length - 1
      const critical = k * (1 - 2 / (9 * k) + 3.09 * Math.sqrt(2 / (9 * k))) ** 3
      expect(chi, `reel ${reel}: χ² ${chi.toFixed(1)} vs ${critical.toFixed(1)}`).toBeLessThan(critical)
    }
  })
})
