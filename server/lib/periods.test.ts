import { describe, expect, it } from 'vitest'
import { datesFromTo, daysFromTo, localDate, periodEnd, periodStart } from './periods.ts'

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

  it('answers each of many days asked in turn by its own bounds (more days than are kept)', () => {
    const DAY = 86_400_000
    for (let round = 0; round < 3; round++) {
      for (let back = 0; back < 12; back++) {
        const at = now - back * DAY
        const date = new Date(at - 3 * 3600_000).toISOString().slice(0, 10)
        expect(localDate(at, SP)).toBe(date)
        expect(new Date(periodStart('day', at, SP)).toISOString()).toBe(`${date}T03:00:00.000Z`)
        expect(periodEnd('day', at, SP) - periodStart('day', at, SP)).toBe(DAY)
      }
    }
  })
})

describe('days where daylight saving skips midnight', () => {
  // On these dates the clocks went from 23:59:59 to 01:00: the day begins at 01:00 local, the
  // first instant it has, and the day before ends there too.
  const cases = [
    { zone: 'America/Santiago', date: '2025-09-07', start: '2025-09-07T04:00:00.000Z' },
    { zone: 'America/Havana', date: '2025-03-09', start: '2025-03-09T05:00:00.000Z' },
    { zone: 'America/Asuncion', date: '2024-10-06', start: '2024-10-06T04:00:00.000Z' },
    { zone: 'America/Sao_Paulo', date: '2018-11-04', start: '2018-11-04T03:00:00.000Z' },
  ]
  for (const { zone, date, start } of cases) {
    it(`begins ${date} in ${zone} at 01:00 local`, () => {
      const noon = Date.parse(start) + 11 * 3600_000
      expect(new Date(periodStart('day', noon, zone)).toISOString()).toBe(start)
      expect(localDate(noon, zone)).toBe(date)
      // The evening before ends at the same instant (no hour counted twice or lost).
      const evening = Date.parse(start) - 3600_000
      expect(localDate(evening, zone)).not.toBe(date)
      expect(new Date(periodEnd('day', evening, zone)).toISOString()).toBe(start)
      // A limit's day reset never falls an hour before the day exists.
      expect(localDate(periodStart('day', noon, zone), zone)).toBe(date)
      expect(localDate(periodStart('day', noon, zone) - 1, zone)).not.toBe(date)
    })
  }

  it('ends the week at the next Monday, after a skipped midnight (São Paulo, 2018)', () => {
    // 2018-11-04 is a Sunday with no midnight; the next Monday's midnight exists, at UTC−2.
    const sunday = Date.parse('2018-11-04T15:00:00.000Z')
    expect(new Date(periodEnd('week', sunday, 'America/Sao_Paulo')).toISOString()).toBe('2018-11-05T02:00:00.000Z')
  })
})

describe("a period's length", () => {
  it('counts the dates from one to another, both included, without walking them (leap days too)', () => {
    for (const [from, to] of [
      ['2026-11-20', '2026-11-20'],
      ['2024-02-01', '2024-03-31'],
      ['2023-12-25', '2025-01-07'],
      ['2100-02-27', '2100-03-01'],
    ] as const)
      expect(daysFromTo(from, to)).toBe(datesFromTo(from, to).length)
    expect(daysFromTo('2026-11-21', '2026-11-20')).toBe(0)
    expect(daysFromTo('2000-01-01', '2999-12-31')).toBe(365_243)
    expect(daysFromTo('1000-01-01', '1999-12-31')).toBe(365_242)
  })
})
