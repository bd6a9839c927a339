// Rules for entry parameters and bind credentials, without zod so the PWA's first route stays
// small; the server's zod schemas use the same numbers.

export const userNameRule = { min: 9, max: 15, pattern: /^[A-Za-z0-9_.]+$/ } as const
// OWASP ASVS 5.0: at least 8, and at least 64 allowed; no composition rules.
export const passwordRule = { min: 8, max: 64 } as const

// Entry parameters: text after a `/` is cut off.
export function cleanEntryParam(value: string | null | undefined): string | undefined {
  const cut = value?.split('/')[0]?.trim()
  return cut ? cut.slice(0, 64) : undefined
}

export type CredentialProblem = 'required' | 'too_short' | 'too_long' | 'characters' | 'mismatch'

export function checkUserName(value: string): CredentialProblem | null {
  const name = value.trim()
  if (!name) return 'required'
  if (name.length < userNameRule.min) return 'too_short'
  if (name.length > userNameRule.max) return 'too_long'
  if (!userNameRule.pattern.test(name)) return 'characters'
  return null
}

export function checkPassword(value: string): CredentialProblem | null {
  if (!value) return 'required'
  if (value.length < passwordRule.min) return 'too_short'
  if (value.length > passwordRule.max) return 'too_long'
  return null
}

/** A password typed to log in: older accounts may have shorter ones than new passwords need. */
export function checkLoginPassword(value: string): CredentialProblem | null {
  if (!value) return 'required'
  if (value.length > passwordRule.max) return 'too_long'
  return null
}

export function checkConfirmation(password: string, confirmation: string): CredentialProblem | null {
  if (!confirmation) return 'required'
  return confirmation === password ? null : 'mismatch'
}
