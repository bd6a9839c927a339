import { describe, expect, it } from 'vitest'
import { checkConfirmation, checkLoginPassword, checkPassword, checkUserName, cleanEntryParam } from './credentials.ts'
import { pickLanguage } from './languages.ts'

describe('credential rules', () => {
  it('accepts names of 9 to 15 letters, digits, dot or underscore', () => {
    expect(checkUserName('')).toBe('required')
    expect(checkUserName('abcdefgh')).toBe('too_short')
    expect(checkUserName('abcdefghi')).toBeNull()
    expect(checkUserName('abcdefghijklmno')).toBeNull()
    expect(checkUserName('abcdefghijklmnop')).toBe('too_long')
    expect(checkUserName('jogador 123')).toBe('characters')
  })

  it('accepts new passwords of 8 to 64 characters and needs an equal confirmation', () => {
    expect(checkPassword('')).toBe('required')
    expect(checkPassword('1234567')).toBe('too_short')
    expect(checkPassword('12345678')).toBeNull()
    expect(checkPassword('x'.repeat(64))).toBeNull()
    expect(checkPassword('x'.repeat(65))).toBe('too_long')
    expect(checkConfirmation('abcdef', '')).toBe('required')
    expect(checkConfirmation('abcdef', 'abcdeg')).toBe('mismatch')
    expect(checkConfirmation('abcdef', 'abcdef')).toBeNull()
  })

  it('lets older, shorter passwords log in', () => {
    expect(checkLoginPassword('')).toBe('required')
    expect(checkLoginPassword('abc123')).toBeNull()
    expect(checkLoginPassword('x'.repeat(65))).toBe('too_long')
  })
})

describe('entry parameters and languages', () => {
  it('cuts entry parameters at the first slash', () => {
    expect(cleanEntryParam('ABC123/share/x')).toBe('ABC123')
    expect(cleanEntryParam('  zn9 ')).toBe('zn9')
    expect(cleanEntryParam('/only-after')).toBeUndefined()
    expect(cleanEntryParam(null)).toBeUndefined()
  })

  it('picks the first supported language from Accept-Language', () => {
    expect(pickLanguage('en-US,en;q=0.9')).toBe('en')
    expect(pickLanguage('pt-PT')).toBe('pt-BR')
    expect(pickLanguage('fr, hi;q=0.5')).toBe('hi')
    expect(pickLanguage('fr')).toBeUndefined()
    expect(pickLanguage(undefined)).toBeUndefined()
  })
})
