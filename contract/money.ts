// Money is integer minor units (centavos) everywhere; this formats it for display with Intl's
// currency format in the market's locale.

export type Currency = 'BRL' | 'MXN' | 'INR' | 'NGN'

/** Minor units per major unit; every supported currency divides by 100. */
export const minorUnitsPerMajor: Record<Currency, number> = { BRL: 100, MXN: 100, INR: 100, NGN: 100 }

/**
 * The market's locale for each currency: Intl's own currency format for it gives the symbol, its
 * place, the grouping (India's lakh: ₹1,23,456.78) and the decimal mark (R$ 1.234,56; $1,234.56).
 */
export const marketLocale: Record<Currency, string> = { BRL: 'pt-BR', MXN: 'es-MX', INR: 'en-IN', NGN: 'en-NG' }

const moneyFormats = new Map<Currency, Intl.NumberFormat>()

function moneyFormat(currency: Currency): Intl.NumberFormat {
  let format = moneyFormats.get(currency)
  if (!format) {
    format = new Intl.NumberFormat(marketLocale[currency], {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    moneyFormats.set(currency, format)
  }
  return format
}

/**
 * `formatMoney(123456)` → `R$ 1.234,56` in the market's locale. Any space Intl puts between
 * symbol and number is a no-break space, so an amount never breaks across lines.
 */
export function formatMoney(minor: number, currency: Currency = 'BRL'): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`money must be an integer of minor units: ${minor}`)
  // Centavos become an exact decimal string, which Intl formats as written (a float division
  // could round a huge amount); the TypeScript library in use types format() for numbers only.
  const sign = minor < 0 ? '-' : ''
  const digits = String(Math.abs(minor)).padStart(3, '0')
  const major = `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`
  return moneyFormat(currency)
    .format(major as unknown as number)
    .replace(/\s/g, '\u00a0')
}

const percentFormats = new Map<string, Intl.NumberFormat>()

/**
 * A percentage (`96.17` → `96,17%` in pt-BR, `96.17%` in English) in the player's language, like
 * every other number beside it (multipliers, counts); amounts of money keep the market's marks.
 */
export function formatPercent(percent: number, digits = 2, minDigits = digits, locale = 'pt-BR'): string {
  // One format per locale and precision: a lobby of game cards asks for the same one many times.
  const key = `${locale} ${digits} ${minDigits}`
  let format = percentFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: minDigits,
      maximumFractionDigits: digits,
    })
    percentFormats.set(key, format)
  }
  return format.format(percent / 100)
}
