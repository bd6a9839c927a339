import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMoney } from './money.ts'

describe('formatMoney', () => {
  it('formats reais as R$ 1.234,56', () => {
    expect(formatMoney(123456)).toBe('R$ 1.234,56')
    expect(formatMoney(0)).toBe('R$ 0,00')
    expect(formatMoney(5)).toBe('R$ 0,05')
    expect(formatMoney(100_000_000)).toBe('R$ 1.000.000,00')
    expect(formatMoney(-2500)).toBe('-R$ 25,00')
  })

  it('formats the other markets per SPEC 11', () => {
    expect(formatMoney(123456, 'MXN')).toBe('$ 1.234,56')
    expect(formatMoney(123456, 'INR')).toBe('₹ 1,234.56')
    expect(formatMoney(123456, 'NGN')).toBe('₦ 1,234.56')
    expect(formatMoney(100, 'NGN')).toBe('₦ 1.00')
  })

  it('refuses amounts that are not whole centavos', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError)
  })

  it('never loses a centavo: the digits always read back to the same amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        const text = formatMoney(minor)
        const digits = Number(text.replace(/[^\d]/g, ''))
        expect(digits).toBe(Math.abs(minor))
      }),
    )
  })
})
