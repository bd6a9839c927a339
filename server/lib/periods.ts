// Calendar periods in the market's time zone: the day starts at local midnight, the week on
// Monday, the month on the 1st. Limits count within these periods and say when they reset.
import type { LimitPeriod } from '../../contract/limits.ts'

const partsFormats = new Map<string, Intl.DateTimeFormat>()

function localParts(epochMs: number, timeZone: string) {
  let format = partsFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    })
    partsFormats.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(epochMs).map((p) => [p.type, p.value]))
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday as string),
  }
}

/** The zone's offset from UTC (ms) at an instant. */
function offsetAt(epochMs: number, timeZone: string): number {
  const p = localParts(epochMs, timeZone)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return asUtc - Math.floor(epochMs / 1000) * 1000
}

/** The instant a local calendar date's midnight happens in the zone. */
function localMidnight(year: number, month: number, day: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day)
  // Two passes settle the offset even when the guess falls on the other side of a DST change.
  let instant = guess - offsetAt(guess, timeZone)
  instant = guess - offsetAt(instant, timeZone)
  return instant
}

function computeStart(period: LimitPeriod, now: number, timeZone: string): number {
  const p = localParts(now, timeZone)
  if (period === 'day') return localMidnight(p.year, p.month, p.day, timeZone)
  if (period === 'month') return localMidnight(p.year, p.month, 1, timeZone)
  const monday = new Date(Date.UTC(p.year, p.month - 1, p.day - p.weekday))
  return localMidnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), timeZone)
}

function computeEnd(period: LimitPeriod, now: number, timeZone: string): number {
  const p = localParts(computeStart(period, now, timeZone) + 12 * 3600_000, timeZone)
  const next =
    period === 'day'
      ? new Date(Date.UTC(p.year, p.month - 1, p.day + 1))
      : period === 'week'
        ? new Date(Date.UTC(p.year, p.month - 1, p.day + 7))
        : new Date(Date.UTC(p.year, p.month, 1))
  return localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone)
}

/** Every period's bounds around one local day, worked out once for all the instants in it. */
interface DayBounds {
  date: string
  start: Record<LimitPeriod, number>
  /** The local date each period starts on (the day rows' key). */
  startDate: Record<LimitPeriod, string>
  end: Record<LimitPeriod, number>
}

// The day last asked about, per zone: every spin asks about today several times, and working it
// out through Intl is a visible share of a spin's CPU.
const currentDay = new Map<string, DayBounds>()

function boundsOf(now: number, timeZone: string): DayBounds {
  const known = currentDay.get(timeZone)
  if (known && known.start.day <= now && now < known.end.day) return known
  const periods = ['day', 'week', 'month'] as const
  const start = Object.fromEntries(periods.map((p) => [p, computeStart(p, now, timeZone)])) as Record<
    LimitPeriod,
    number
  >
  const bounds: DayBounds = {
    date: computeDate(now, timeZone),
    start,
    startDate: Object.fromEntries(periods.map((p) => [p, computeDate(start[p], timeZone)])) as Record<
      LimitPeriod,
      string
    >,
    end: Object.fromEntries(periods.map((p) => [p, computeEnd(p, now, timeZone)])) as Record<LimitPeriod, number>,
  }
  currentDay.set(timeZone, bounds)
  return bounds
}

export function periodStart(period: LimitPeriod, now: number, timeZone: string): number {
  return boundsOf(now, timeZone).start[period]
}

/** The local date (YYYY-MM-DD) the period containing `now` starts on. */
export function periodStartDate(period: LimitPeriod, now: number, timeZone: string): string {
  return boundsOf(now, timeZone).startDate[period]
}

export function periodEnd(period: LimitPeriod, now: number, timeZone: string): number {
  return boundsOf(now, timeZone).end[period]
}

/** The zone's calendar date at an instant, as YYYY-MM-DD (the key of a local day). */
export function localDate(epochMs: number, timeZone: string): string {
  const known = currentDay.get(timeZone)
  // Only a hit is taken from the cache: dating many old instants (a recount) must not churn it.
  if (known && known.start.day <= epochMs && epochMs < known.end.day) return known.date
  return computeDate(epochMs, timeZone)
}

function computeDate(epochMs: number, timeZone: string): string {
  const p = localParts(epochMs, timeZone)
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
}
