import { describe, expect, it } from 'vitest'
import { periodEnd, periodStart } from './periods.ts'

const SP = 'America/Sao_Paulo'

describe('calendar periods in the market time zone', () => {
  // 2026-11-22 is a Sunday; 02:30 UTC is still 23:30 on Saturday the 21st in São Paulo (UTC−3).
  const now = Date.UTC(2026, 10, 22, 2, 30)

  it('starts the day at local midnight, not UTC midnight', () => {
    expect(new Date(periodStart('day', now, SP)).toISOString()).toBe('2026-11-21T03:00:00.000Z')
    expect(new Date(periodEnd('day', now, SP)).toISOString()).toBe('2026-11-22T03:00:00.000Z')
  })

  it('starts the week on Monday and the month on the 1st', () => {
    expect(new Date(periodStart('week', now, SP)).toISOString()).toBe('2026-11-16T03:00:00.000Z')
    expect(new Date(periodEnd('week', now, SP)).toISOString()).toBe('2026-11-23T03:00:00.000Z')
    expect(new Date(periodStart('month', now, SP)).toISOString()).toBe('2026-11-01T03:00:00.000Z')
    expect(new Date(periodEnd('month', now, SP)).toISOString()).toBe('2026-12-01T03:00:00.000Z')
  })

  it('handles a zone with daylight saving time (New York, March change)', () => {
    const march = Date.UTC(2026, 2, 8, 12) // 08:00 local on the day clocks go forward
    expect(new Date(periodStart('day', march, 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z')
    expect(new Date(periodEnd('day', march, 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z')
  })
})
