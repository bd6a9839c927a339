// Times as the app shows them: the player's language, the market's time zone, date
// and time to the second — true times from the server, never shifted. The zone is the server's
// MARKET_TIME_ZONE, which the app learns from /cache/appConfig (lib/appConfig.ts).

// Until the server has named it (the first start, offline), Intl's own zone: the device's.
let marketTimeZone: string | undefined

const formats = new Map<string, Intl.DateTimeFormat>()
const minuteFormats = new Map<string, Intl.DateTimeFormat>()
const clockFormats = new Map<string, Intl.DateTimeFormat>()

/** The market's time zone, as the server's configuration names it. */
export function setMarketTimeZone(timeZone: string): void {
  if (timeZone === marketTimeZone) return
  marketTimeZone = timeZone
  for (const cache of [formats, minuteFormats, clockFormats]) cache.clear()
}

export function getMarketTimeZone(): string | undefined {
  return marketTimeZone
}

export function formatTime(epochMs: number, locale: string): string {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: marketTimeZone })
    formats.set(locale, format)
  }
  return format.format(epochMs)
}

/** Date and time to the minute, where seconds would only add noise (e.g. a device last seen). */
export function formatMinute(epochMs: number, locale: string): string {
  let format = minuteFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: marketTimeZone })
    minuteFormats.set(locale, format)
  }
  return format.format(epochMs)
}

/** The time of day alone (e.g. a deadline later today, "16:30"). */
export function formatClock(epochMs: number, locale: string): string {
  let format = clockFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: marketTimeZone })
    clockFormats.set(locale, format)
  }
  return format.format(epochMs)
}
