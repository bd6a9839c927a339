// How the console writes money, times and durations: money with the contract's formatter (the
// same no-break space as the player app), times in the market's time zone — the server's
// MARKET_TIME_ZONE, read from /api/cache/appConfig when the console starts.
import { formatMoney } from '../../contract/money.ts'
import { read } from './api.ts'
import { i18n } from './i18n.ts'

export const money = (minor: number) => formatMoney(minor)

// Until the server has named it, Intl's own zone: the device's.
let TIME_ZONE: string | undefined

/** Asks the server for the market's time zone (once, at start); a failure leaves the device's. */
export async function loadMarketTimeZone(): Promise<void> {
  try {
    const config = await read<{ timeZone?: string }>('/cache/appConfig')
    if (config.timeZone) TIME_ZONE = config.timeZone
  } catch {
    // Offline or the server down: the console shows nothing else either.
  }
}

export const marketTimeZone = () => TIME_ZONE

export const dateTime = (epochMs: number) =>
  new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: TIME_ZONE }).format(epochMs)

/** "1 h 05 min", "12 min", "-3 min" (late). */
export function minutesLeft(ms: number): string {
  const sign = ms < 0 ? '−' : ''
  const minutes = Math.floor(Math.abs(ms) / 60_000)
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return hours > 0 ? `${sign}${hours} h ${String(rest).padStart(2, '0')} min` : `${sign}${rest} min`
}

/** A duration that may be under a minute: "45 s", "12 min", "1 h 05 min". */
export const duration = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : minutesLeft(ms))

export const clockTime = (epochMs: number) =>
  new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'medium', timeZone: TIME_ZONE }).format(epochMs)
