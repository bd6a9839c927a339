// A round's id: unique, and in the order the rounds were made, so the indexes on it grow at one edge.
import { describe, expect, it } from 'vitest'
import { newRoundId } from './round-views.ts'

describe('newRoundId', () => {
  it('sorts ids made later after ids made earlier, and never repeats one', () => {
    const start = Date.UTC(2026, 10, 29, 12)
    const ids = Array.from({ length: 5000 }, (_, i) => newRoundId(start + Math.floor(i / 50)))
    expect(new Set(ids).size).toBe(ids.length)
    for (let i = 50; i < ids.length; i += 50) expect((ids[i - 1] as string) < (ids[i] as string)).toBe(true)
    expect(ids[0]).toMatch(/^r[0-9a-f]{11}[0-9a-f]{12}$/)
    // Far in the future the time still takes 11 hex digits (to the year 2527).
    expect(newRoundId(Date.UTC(2500, 0, 1))).toHaveLength(24)
  })
})
