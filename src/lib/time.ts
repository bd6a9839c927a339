// Times as the app shows them: the player's language, the market's time zone, date
// and time to the second — true times from the server, never shifted.
const MARKET_TIME_ZONE = 'America/Sao_Paulo'

const formats = new Map<string, Intl.DateTimeFormat>()

export function formatTime(epochMs: number, locale: string): string {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: MARKET_TIME_ZONE })
    formats.set(locale, format)
  }
  return format.format(epochMs)
}

const minuteFormats = new Map<string, Intl.DateTimeFormat>()

/** Date and time to the minute, where seconds would only add noise (e.g. a device last seen). */
export function formatMinute(epochMs: number, locale: string): string {
  let format = minuteFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: MARKET_TIME_ZONE })
    minuteFormats.set(locale, format)
  }
  return format.format(epochMs)
}

const clockFormats = new Map<string, Intl.DateTimeFormat>()

/** The time of day alone (e.g. a deadline later today, "16:30"). */
export function formatClock(epochMs: number, locale: string): string {
  let format = clockFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: MARKET_TIME_ZONE })
    clockFormats.set(locale, format)
  }
  return format.format(epochMs)
}
