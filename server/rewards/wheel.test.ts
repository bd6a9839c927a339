// The wheel's draw: weights map to prizes exactly, and the cryptographic draw follows the
// published probabilities (chi-square over 200 000 draws).
import { describe, expect, it } from 'vitest'
import { pickPrize } from './wheel.ts'

const prizes = [
  { amount: 100, weight: 80 },
  { amount: 300, weight: 15 },
  { amount: 700, weight: 5 },
]

describe('wheel draw', () => {
  it('maps each draw value to the prize whose weight covers it', () => {
    const counts = [0, 0, 0]
    for (let value = 0; value < 100; value++) {
      const index = pickPrize(prizes, () => value)
      counts[index] = (counts[index] ?? 0) + 1
    }
    expect(counts).toEqual([80, 15, 5])
  })

  it('draws with the published probabilities', () => {
    const draws = 200_000
    const counts = [0, 0, 0]
    for (let i = 0; i < draws; i++) {
      const index = pickPrize(prizes)
      counts[index] = (counts[index] ?? 0) + 1
    }
    const chiSquare = prizes.reduce((sum, prize, index) => {
      const expected = (draws * prize.weight) / 100
      return sum + ((counts[index] ?? 0) - expected) ** 2 / expected
    }, 0)
    // 2 degrees of freedom, p = 0.001
    expect(chiSquare).toBeLessThan(13.82)
  })
})
