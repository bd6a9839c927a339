import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCpf, groupCpfInput, isValidCpf, randomCpf } from './cpf.ts'

describe('CPF', () => {
  it('accepts numbers with correct check digits, with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true)
    expect(isValidCpf('52998224725')).toBe(true)
    expect(isValidCpf('123.456.789-09')).toBe(true)
  })

  it('refuses wrong check digits, wrong lengths and all-same-digit numbers', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false)
    expect(isValidCpf('5299822472')).toBe(false)
    expect(isValidCpf('529982247250')).toBe(false)
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false)
  })

  it('has exactly one valid pair of check digits for every base', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (base) => {
        fc.pre(!/^(\d)\1{8}$/.test(base))
        const valid = Array.from({ length: 100 }, (_, n) => `${base}${String(n).padStart(2, '0')}`).filter(isValidCpf)
        expect(valid).toHaveLength(1)
      }),
      { numRuns: 50 },
    )
  })

  it('formats in groups', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25')
  })

  it('groups a CPF as it is typed', () => {
    expect(groupCpfInput('')).toBe('')
    expect(groupCpfInput('123')).toBe('123')
    expect(groupCpfInput('1234')).toBe('123.4')
    expect(groupCpfInput('1234567')).toBe('123.456.7')
    expect(groupCpfInput('5299822472')).toBe('529.982.247-2')
    expect(groupCpfInput('529.982.247-25 99')).toBe('529.982.247-25')
  })

  it('makes random CPFs that pass the check', () => {
    for (let i = 0; i < 200; i++) expect(isValidCpf(randomCpf())).toBe(true)
  })
})
