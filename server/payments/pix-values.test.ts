import { describe, expect, it } from 'vitest'
import { fromPixValue, toPixValue } from './pix-values.ts'

describe('API Pix money strings', () => {
  it('writes centavos with two decimals and reads them back exactly', () => {
    expect(toPixValue(15000)).toBe('150.00')
    expect(toPixValue(5)).toBe('0.05')
    expect(toPixValue(123456789)).toBe('1234567.89')
    for (const cents of [1, 10, 99, 100, 101, 1999, 2010, 999999999])
      expect(fromPixValue(toPixValue(cents))).toBe(cents)
  })

  it('refuses anything that is not digits, a dot and two decimals', () => {
    for (const text of ['150', '150.0', '150.000', '1,50', '-1.00', '1e3.00', ' 1.00', '']) {
      expect(fromPixValue(text)).toBeNull()
    }
  })
})
