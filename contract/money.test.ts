import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMoney, formatPercent } from './money.ts'

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
