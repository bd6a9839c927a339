// Times as the app shows them: the player's language, the market's time zone (SPEC 11), date
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
