// Money is integer minor units (centavos) everywhere; this formats it for display per market
// (SPEC 11), with the marks Intl would use but without Intl (see `marks`).

export type Currency = 'BRL' | 'MXN' | 'INR' | 'NGN'

/** Minor units per major unit; every supported currency divides by 100. */
export const minorUnitsPerMajor: Record<Currency, number> = { BRL: 100, MXN: 100, INR: 100, NGN: 100 }

// The marks each market expects: BRL `R$ 1.234,56`, MXN dot thousands with comma decimals, INR and
// NGN comma thousands (the grouping of pt-BR, es-ES with `useGrouping: 'always'` and en-US).
// Written out rather than asked of Intl: a page's first Intl.NumberFormat loads ICU's number
// data, 20–90 ms of main thread on this machine and more on a cheap phone, before the header can
// show the balance. Percentages keep each locale's own form: es-ES puts a no-break space before
// `%` and groups only from five digits.
const marks: Record<Currency, { group: string; decimal: string; percent: string; percentGroupFrom: number }> = {
  BRL: { group: '.', decimal: ',', percent: '%', percentGroupFrom: 4 },
  MXN: { group: '.', decimal: ',', percent: '\u00a0%', percentGroupFrom: 5 },
  INR: { group: ',', decimal: '.', percent: '%', percentGroupFrom: 4 },
  NGN: { group: ',', decimal: '.', percent: '%', percentGroupFrom: 4 },
}
const symbol: Record<Currency, string> = { BRL: 'R$', MXN: '$', INR: '₹', NGN: '₦' }

/** `1234567` → `1.234.567` with the market's thousands mark. */
function grouped(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, group)
}

/**
 * `formatMoney(123456)` → `R$ 1.234,56`, with a no-break space after the symbol so an amount never
 * breaks across lines. Negative amounts keep the sign before the symbol.
 */
export function formatMoney(minor: number, currency: Currency = 'BRL'): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`money must be an integer of minor units: ${minor}`)
  const perMajor = minorUnitsPerMajor[currency]
  const abs = Math.abs(minor)
  const { group, decimal } = marks[currency]
  const fraction = String(abs % perMajor).padStart(String(perMajor).length - 1, '0')
  const text = `${symbol[currency]}\u00a0${grouped(String(Math.floor(abs / perMajor)), group)}${decimal}${fraction}`
  return minor < 0 ? `-${text}` : text
}

/**
 * A percentage (`96.17` → `96,17%`) in the market's marks, whatever the player's language, so it
 * reads like the amounts beside it: at most `digits` decimals (rounded half away from zero, as
 * Intl does), trailing zeros dropped down to `minDigits`.
 */
export function formatPercent(percent: number, digits = 2, minDigits = digits, currency: Currency = 'BRL'): string {
  const { group, decimal, percent: suffix, percentGroupFrom } = marks[currency]
  const scale = 10 ** digits
  // toPrecision(15) first drops the binary noise of the multiplication (96.1734 × 100 = 9617.339999…).
  const scaled = Math.round(Number((Math.abs(percent) * scale).toPrecision(15)))
  let fraction = digits > 0 ? String(scaled % scale).padStart(digits, '0') : ''
  while (fraction.length > minDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  const integer = String(Math.floor(scaled / scale))
  const whole = integer.length >= percentGroupFrom ? grouped(integer, group) : integer
  const sign = percent < 0 || Object.is(percent, -0) ? '-' : ''
  return `${sign}${whole}${fraction ? decimal + fraction : ''}${suffix}`
}
