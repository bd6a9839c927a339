import { describe, expect, it } from 'vitest'
import { checkPixKey, normalizePixKey } from './pix-keys.ts'

describe('PIX keys', () => {
  it('strips whitespace and normalises each type', () => {
    expect(normalizePixKey('cpf', ' 529.982.247-25 ')).toBe('52998224725')
    expect(normalizePixKey('phone', '(11) 98765 4321')).toBe('+5511987654321')
    expect(normalizePixKey('phone', '+55 11 98765-4321')).toBe('+5511987654321')
    expect(normalizePixKey('email', ' Ana@Exemplo.com.br ')).toBe('ana@exemplo.com.br')
    expect(normalizePixKey('random', 'E2B1C3D4-0A1B-4C2D-8E3F-123456789ABC')).toBe(
      'e2b1c3d4-0a1b-4c2d-8e3f-123456789abc',
    )
  })

  it('accepts valid keys and names the problem with invalid ones', () => {
    expect(checkPixKey('cpf', '529.982.247-25')).toBeNull()
    expect(checkPixKey('cpf', '111.111.111-11')).toBe('invalid_cpf')
    expect(checkPixKey('phone', '11987654321')).toBeNull()
    expect(checkPixKey('phone', '1198765432')).toBe('invalid_phone')
    expect(checkPixKey('email', 'ana@exemplo.com')).toBeNull()
    expect(checkPixKey('email', 'ana@exemplo')).toBe('invalid_email')
    expect(checkPixKey('random', '123e4567-e89b-42d3-a456-426614174000')).toBeNull()
    expect(checkPixKey('random', '123e4567')).toBe('invalid_random')
    expect(checkPixKey('email', '   ')).toBe('empty')
  })
})
