// Money is integer minor units (centavos) everywhere; this formats it for display with Intl's
// currency format in the market's locale. Reais, and percentages and counts in Portuguese and
// English, are written by hand in exactly Intl's form (a property test compares them): the first
// Intl.NumberFormat a page makes loads ICU's number data, a slice of a slow phone's first render
// of the lobby that the lobby then does without.

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
  if (currency === 'BRL') {
    const digits = String(Math.abs(minor)).padStart(3, '0')
    return `${minor < 0 ? '-' : ''}R$\u00a0${grouped(digits.slice(0, -2), '.')},${digits.slice(-2)}`
  }
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
  const marks = handWritten[locale]
  if (marks && Number.isFinite(percent)) {
    // Intl formats the fraction (percent / 100) a hundred times over, in decimal.
    const fraction = percent / 100
    const [whole, decimals] = decimalDigits(fraction, 2, digits, minDigits)
    const sign = fraction < 0 || Object.is(fraction, -0) ? '-' : ''
    return `${sign}${grouped(whole, marks.group)}${decimals ? marks.decimal + decimals : ''}%`
  }
  // One format per locale and precision for the other languages.
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

/**
 * A whole count (rounds played, players) in the player's language: `12345` → `12.345` in
 * Portuguese, `12,345` in English — as Intl writes it, which other languages still use.
 */
export function formatCount(count: number, locale = 'pt-BR'): string {
  const marks = handWritten[locale]
  if (marks && Number.isSafeInteger(count))
    return `${count < 0 ? '-' : ''}${grouped(String(Math.abs(count)), marks.group)}`
  return new Intl.NumberFormat(locale).format(count)
}

/** The languages whose numbers are written by hand, and their marks. */
const handWritten: Record<string, { group: string; decimal: string }> = {
  'pt-BR': { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
}

/** Whole digits in groups of three: `1234567` → `1.234.567`. */
function grouped(whole: string, mark: string): string {
  return whole.replace(/\B(?=(\d{3})+$)/g, mark)
}

/**
 * |value| × 10^shift as Intl writes it before its marks: from the shortest decimal that reads
 * back as `value`, rounded half away from zero to `maxDigits` decimals, trailing zeros dropped
 * down to `minDigits`. Returns the whole digits and the decimals.
 */
function decimalDigits(value: number, shift: number, maxDigits: number, minDigits: number): [string, string] {
  const [mantissa = '0', exponent = '0'] = String(Math.abs(value)).split('e')
  const [head = '0', tail = ''] = mantissa.split('.')
  let digits = head + tail
  let point = head.length + Number(exponent) + shift
  if (point < 0) {
    digits = '0'.repeat(-point) + digits
    point = 0
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length)
  let kept = digits.slice(0, point + maxDigits).padEnd(point + maxDigits, '0')
  if ((digits[point + maxDigits] ?? '0') >= '5') kept = String(BigInt(kept) + 1n).padStart(kept.length, '0')
  const whole = kept.slice(0, kept.length - maxDigits).replace(/^0+(?=\d)/, '') || '0'
  let decimals = kept.slice(kept.length - maxDigits)
  while (decimals.length > minDigits && decimals.endsWith('0')) decimals = decimals.slice(0, -1)
  return [whole, decimals]
}
