import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCount, formatMoney, formatPercent } from './money.ts'

describe('formatMoney', () => {
  it('formats reais as R$ 1.234,56', () => {
    expect(formatMoney(123456)).toBe('R$\u00a01.234,56')
    expect(formatMoney(0)).toBe('R$\u00a00,00')
    expect(formatMoney(5)).toBe('R$\u00a00,05')
    expect(formatMoney(100_000_000)).toBe('R$\u00a01.000.000,00')
    expect(formatMoney(-2500)).toBe('-R$\u00a025,00')
  })

  it('joins symbol and number with a no-break space, so "R$" never ends a line', () => {
    for (const minor of [50, 123456, -2500]) {
      expect(formatMoney(minor)).toContain('R$\u00a0')
      for (const currency of ['BRL', 'MXN', 'INR', 'NGN'] as const)
        expect(formatMoney(minor, currency)).not.toMatch(/\s(?<!\u00a0)/)
    }
  })

  it("formats percentages in the player's language", () => {
    expect(formatPercent(96.17)).toBe('96,17%')
    expect(formatPercent(1.5, 2, 0)).toBe('1,5%')
    expect(formatPercent(96.1734, 4)).toBe('96,1734%')
    expect(formatPercent(96.0375, 4, 4, 'en')).toBe('96.0375%')
    expect(formatPercent(96.17, 2, 2, 'hi')).toBe('96.17%')
  })

  it("formats each market's currency as Intl does in its locale (es-MX, en-IN lakh grouping)", () => {
    expect(formatMoney(123456, 'MXN')).toBe('$1,234.56')
    expect(formatMoney(-2500, 'MXN')).toBe('-$25.00')
    expect(formatMoney(123456, 'INR')).toBe('₹1,234.56')
    expect(formatMoney(12345678, 'INR')).toBe('₹1,23,456.78')
    expect(formatMoney(100_000_000, 'INR')).toBe('₹10,00,000.00')
    expect(formatMoney(123456, 'NGN')).toBe('₦1,234.56')
    expect(formatMoney(100, 'NGN')).toBe('₦1.00')
    // The same as Intl's own currency format for the market's locale, spaces made no-break.
    for (const [currency, locale] of [
      ['BRL', 'pt-BR'],
      ['MXN', 'es-MX'],
      ['INR', 'en-IN'],
    ] as const) {
      const intl = new Intl.NumberFormat(locale, { style: 'currency', currency }).format(98765.43)
      expect(formatMoney(9876543, currency)).toBe(intl.replace(/\s/g, '\u00a0'))
    }
  })

  it('refuses amounts that are not whole centavos', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError)
  })

  it('never loses a centavo: the digits always read back to the same amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        for (const currency of ['BRL', 'MXN', 'INR'] as const) {
          const digits = Number(formatMoney(minor, currency).replace(/[^\d]/g, ''))
          expect(digits).toBe(Math.abs(minor))
        }
      }),
    )
  })
})

describe('hand-written numbers', () => {
  // Reais, and percentages and counts in Portuguese and English, are written without Intl (its
  // first use costs a slow phone's first render); they must come out exactly as Intl writes them.
  const intlPercent = (percent: number, digits: number, minDigits: number, locale: string) =>
    new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: minDigits,
      maximumFractionDigits: digits,
    }).format(percent / 100)
  const intlReais = (minor: number) => {
    const digits = String(Math.abs(minor)).padStart(3, '0')
    const major = `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`
    return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 })
      .format(major as unknown as number)
      .replace(/\s/g, '\u00a0')
  }

  it('writes reais as Intl does, for any amount', () => {
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.integer({ min: -1_000_000, max: 1_000_000 })), (minor) => {
        expect(formatMoney(minor)).toBe(intlReais(minor))
      }),
      { numRuns: 2000 },
    )
  })

  it('writes percentages in Portuguese and English as Intl does, halves and carries included', () => {
    const locale = fc.constantFrom('pt-BR', 'en')
    const precision = fc
      .integer({ min: 0, max: 4 })
      .chain((digits) => fc.tuple(fc.constant(digits), fc.integer({ min: 0, max: digits })))
    const percent = fc.oneof(
      fc.double({ min: -1e9, max: 1e9, noNaN: true }),
      // Halves at the rounding digit, nines that carry, and the small and huge (exponent notation).
      fc.integer({ min: -200_000, max: 200_000 }).map((n) => n / 1000 + 0.0005),
      fc.integer({ min: 0, max: 20 }).map((n) => 99.99 + n * 0.0001),
      fc.double({ min: 1e-12, max: 1e-6, noNaN: true }),
      fc.double({ min: 1e15, max: 1e25, noNaN: true }),
    )
    fc.assert(
      fc.property(percent, precision, locale, (value, [digits, minDigits], lang) => {
        expect(formatPercent(value, digits, minDigits, lang)).toBe(intlPercent(value, digits, minDigits, lang))
      }),
      { numRuns: 5000 },
    )
    for (const [value, digits] of [
      [96.17, 2],
      [0.005, 2],
      [1.005, 2],
      [99.995, 2],
      [-0.0001, 2],
      [-0, 0],
      [0.5, 0],
      [2.5, 0],
    ] as const) {
      for (const lang of ['pt-BR', 'en'])
        expect(formatPercent(value, digits, 0, lang)).toBe(intlPercent(value, digits, 0, lang))
    }
  })

  it('writes counts in Portuguese and English as Intl does, and other languages through Intl', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), fc.constantFrom('pt-BR', 'en', 'hi'), (count, lang) => {
        expect(formatCount(count, lang)).toBe(new Intl.NumberFormat(lang).format(count))
      }),
      { numRuns: 2000 },
    )
    expect(formatCount(12345)).toBe('12.345')
    expect(formatCount(1234567, 'en')).toBe('1,234,567')
  })
})
