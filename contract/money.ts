// Money is integer minor units (centavos) everywhere; this formats it for display with Intl,
// per market.

export type Currency = 'BRL' | 'MXN' | 'INR' | 'NGN'

/** Minor units per major unit; every supported currency divides by 100. */
export const minorUnitsPerMajor: Record<Currency, number> = { BRL: 100, MXN: 100, INR: 100, NGN: 100 }

// Locale whose grouping and decimal marks the market expects: BRL `R$ 1.234,56`, MXN dot
// thousands with comma decimals, INR and NGN comma thousands.
const formatLocale: Record<Currency, string> = { BRL: 'pt-BR', MXN: 'es-ES', INR: 'en-US', NGN: 'en-US' }
const symbol: Record<Currency, string> = { BRL: 'R$', MXN: '$', INR: '₹', NGN: '₦' }

const numberFormats = new Map<Currency, Intl.NumberFormat>()

function numberFormat(currency: Currency): Intl.NumberFormat {
  let format = numberFormats.get(currency)
  if (!format) {
    format = new Intl.NumberFormat(formatLocale[currency], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // es-ES leaves four-digit numbers ungrouped by default; markets want 1.234,56.
      useGrouping: 'always',
    })
    numberFormats.set(currency, format)
  }
  return format
}

/**
 * `formatMoney(123456)` → `R$ 1.234,56`, with a no-break space after the symbol so an amount never
 * breaks across lines. Negative amounts keep the sign before the symbol.
 */
export function formatMoney(minor: number, currency: Currency = 'BRL'): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`money must be an integer of minor units: ${minor}`)
  const major = Math.abs(minor) / minorUnitsPerMajor[currency]
  const text = `${symbol[currency]}\u00a0${numberFormat(currency).format(major)}`
  return minor < 0 ? `-${text}` : text
}

/**
 * A percentage (`96.17` → `96,17%`) in the market's locale, whatever the player's language, so it
 * reads like the amounts beside it.
 */
export function formatPercent(percent: number, digits = 2, minDigits = digits, currency: Currency = 'BRL'): string {
  return new Intl.NumberFormat(formatLocale[currency], {
    style: 'percent',
    minimumFractionDigits: minDigits,
    maximumFractionDigits: digits,
  }).format(percent / 100)
}
