// PIX keys a withdrawal can go to: CPF (the account's own), phone (+55 and 11
// digits), e-mail, or a random key (UUID). Whitespace is stripped; each type is normalised to
// the form the PIX directory uses. Zod-free, so the withdraw screen can check as the player types.
import { isValidCpf, normalizeCpf } from './cpf.ts'

export const pixKeyTypes = ['cpf', 'phone', 'email', 'random'] as const
export type PixKeyType = (typeof pixKeyTypes)[number]

export type PixKeyProblem = 'empty' | 'invalid_cpf' | 'invalid_phone' | 'invalid_email' | 'invalid_random'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The key as stored and sent: CPF 11 digits, phone `+55` + 11 digits, e-mail lower case, UUID lower case. */
export function normalizePixKey(type: PixKeyType, raw: string): string {
  const value = raw.replace(/\s+/g, '')
  switch (type) {
    case 'cpf':
      return normalizeCpf(value)
    case 'phone': {
      const digits = value.replace(/\D/g, '')
      return `+55${digits.length === 13 && digits.startsWith('55') ? digits.slice(2) : digits}`
    }
    case 'email':
    case 'random':
      return value.toLowerCase()
  }
}

export function checkPixKey(type: PixKeyType, raw: string): PixKeyProblem | null {
  if (raw.replace(/\s+/g, '') === '') return 'empty'
  const key = normalizePixKey(type, raw)
  switch (type) {
    case 'cpf':
      return isValidCpf(key) ? null : 'invalid_cpf'
    case 'phone':
      return /^\+55\d{11}$/.test(key) ? null : 'invalid_phone'
    case 'email':
      return EMAIL.test(key) && key.length <= 77 ? null : 'invalid_email'
    case 'random':
      return UUID.test(key) ? null : 'invalid_random'
  }
}
