// Calendar periods in the market's time zone: the day starts at local midnight, the week on
// Monday, the month on the 1st. Limits count within these periods and say when they reset.
import { Temporal } from '@js-temporal/polyfill'
import type { LimitPeriod } from '../../contract/limits.ts'

// Local dates come from the time-zone database through Temporal, not from offsets worked out by
// hand: where daylight saving skips midnight (Santiago, Havana, Asunción, São Paulo before 2019)
// the day begins at the first instant that exists, 01:00, not an hour early.
function localDay(epochMs: number, timeZone: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone).toPlainDate()
}

/** The instant a local calendar date begins in the zone (its first existing instant). */
function dayStart(date: Temporal.PlainDate, timeZone: string): number {
  return date.toZonedDateTime(timeZone).epochMilliseconds
}

function firstDay(period: LimitPeriod, now: number, timeZone: string): Temporal.PlainDate {
  const today = localDay(now, timeZone)
  if (period === 'day') return today
  if (period === 'month') return today.with({ day: 1 })
  return today.subtract({ days: today.dayOfWeek - 1 })
}

function computeStart(period: LimitPeriod, now: number, timeZone: string): number {
  return dayStart(firstDay(period, now, timeZone), timeZone)
}

function computeEnd(period: LimitPeriod, now: number, timeZone: string): number {
  const first = firstDay(period, now, timeZone)
  const next =
    period === 'day' ? first.add({ days: 1 }) : period === 'week' ? first.add({ weeks: 1 }) : first.add({ months: 1 })
  return dayStart(next, timeZone)
}

/** Every period's bounds around one local day, worked out once for all the instants in it. */
interface DayBounds {
  date: string
  start: Record<LimitPeriod, number>
  /** The local date each period starts on (the day rows' key). */
  startDate: Record<LimitPeriod, string>
  end: Record<LimitPeriod, number>
}

// The days last asked about, per zone, the latest first: every spin asks about today several
// times, and working it out through the time-zone database is a visible share of a spin's CPU. A
// few are kept so that a look back (the harm watch's first day of seven) does not evict today.
const KEPT_DAYS = 8
const knownDays = new Map<string, DayBounds[]>()

function knownDay(now: number, timeZone: string): DayBounds | undefined {
  const days = knownDays.get(timeZone)
  if (!days) return undefined
  for (const day of days) if (day.start.day <= now && now < day.end.day) return day
  return undefined
}

function boundsOf(now: number, timeZone: string): DayBounds {
  const known = knownDay(now, timeZone)
  if (known) return known
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
  knownDays.set(timeZone, [bounds, ...(knownDays.get(timeZone) ?? [])].slice(0, KEPT_DAYS))
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
  // Only a hit is taken from the kept days: dating many old instants (a recount) must not churn them.
  return knownDay(epochMs, timeZone)?.date ?? computeDate(epochMs, timeZone)
}

const clocks = new Map<string, Intl.DateTimeFormat>()

/** The zone's wall-clock time at an instant, as `YYYY-MM-DD HH:mm:ss` (no locale's punctuation). */
export function localDateTime(epochMs: number, timeZone: string): string {
  let clock = clocks.get(timeZone)
  if (!clock) {
    // en-CA writes the date as YYYY-MM-DD; the parts are reassembled so nothing else leaks in.
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    clocks.set(timeZone, clock)
  }
  const part = Object.fromEntries(clock.formatToParts(epochMs).map((p) => [p.type, p.value]))
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`
}

function computeDate(epochMs: number, timeZone: string): string {
  return localDay(epochMs, timeZone).toString()
}

/** The instants a local calendar date (YYYY-MM-DD) runs between in the zone: [start, end). */
export function localDayBounds(date: string, timeZone: string): { start: number; end: number } {
  const day = Temporal.PlainDate.from(date)
  return { start: dayStart(day, timeZone), end: dayStart(day.add({ days: 1 }), timeZone) }
}

/**
 * How many local dates run from `from` to `to`, both included (0 or less when `to` is before
 * `from`), worked out from the two dates alone: a period's length is known before any day of it is
 * walked, however far apart they are.
 */
export function daysFromTo(from: string, to: string): number {
  const epochDay = (date: string) =>
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000
  return epochDay(to) - epochDay(from) + 1
}

/** Every local date from `from` to `to`, both included (YYYY-MM-DD, in order; empty when `to` is before `from`). */
export function datesFromTo(from: string, to: string): string[] {
  const dates: string[] = []
  const last = Temporal.PlainDate.from(to)
  for (let day = Temporal.PlainDate.from(from); Temporal.PlainDate.compare(day, last) <= 0; day = day.add({ days: 1 }))
    dates.push(day.toString())
  return dates
}

/**
 * Whole years from a date of birth ('YYYY-MM-DD') to a local date: a birthday counts from its own
 * day, and 29 February's from 1 March in years without one.
 */
export function completedYears(birthDate: string, onDate: string): number {
  const years = Number(onDate.slice(0, 4)) - Number(birthDate.slice(0, 4))
  return onDate.slice(5) >= birthDate.slice(5) ? years : years - 1
}
