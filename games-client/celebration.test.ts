// A loss disguised as a win is never celebrated: for every bet level and every win below the
// bet there is no sound, no count-up and no show; the bet back is not celebrated either; every
// win above the bet is, growing with its multiple.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { games } from '../contract/games/catalog.ts'
import { presentation } from './celebration.ts'

const betLevels = [...new Set(games.flatMap((game) => game.betLevels))]

describe('win presentation', () => {
  it('never celebrates a win smaller than the bet (a loss disguised as a win)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...betLevels).chain((bet) => fc.tuple(fc.constant(bet), fc.integer({ min: 1, max: bet - 1 }))),
        ([bet, win]) => {
          expect(presentation(win, bet)).toEqual({
            tier: 'partial',
            celebrate: false,
            show: false,
            sound: null,
            countUpMs: 0,
          })
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('is silent for a loss and for the bet back', () => {
    for (const bet of betLevels) {
      expect(presentation(0, bet)).toMatchObject({ tier: 'loss', celebrate: false, sound: null, countUpMs: 0 })
      expect(presentation(bet, bet)).toMatchObject({ tier: 'returned', celebrate: false, sound: null, countUpMs: 0 })
    }
  })

  it('celebrates every win above the bet, more the bigger the multiple', () => {
    const cases: [number, string, boolean][] = [
      [1.02, 'win', false],
      [4.99, 'win', false],
      [5, 'big', true],
      [19.9, 'big', true],
      [20, 'mega', true],
      [100, 'epic', true],
      [5000, 'epic', true],
    ]
    for (const [multiple, tier, show] of cases) {
      const result = presentation(Math.round(multiple * 100), 100)
      expect(result, `${multiple}×`).toMatchObject({ tier, celebrate: true, show, sound: tier })
      expect(result.countUpMs).toBeGreaterThan(0)
    }
    const lengths = [1.5, 5, 20, 100].map((m) => presentation(m * 100, 100).countUpMs)
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b))
  })
})
