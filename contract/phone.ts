// Brazilian mobile numbers, without zod so the PWA can check a number as it is typed; the
// server's schema (contract/contacts.ts) uses the same rule.

/**
 * A Brazilian mobile number in E.164 (+55, a two-digit area code, 9 and eight digits), from what
 * a person types: with or without +55, spaces, dots, dashes or the area code in parentheses.
 * Null when it is not one.
 */
export function normalizeBrazilianMobile(input: string): string | null {
  if (!/^[\d\s().+-]+$/.test(input)) return null
  let digits = input.replace(/\D/g, '')
  if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2)
  if (!/^[1-9][1-9]9\d{8}$/.test(digits)) return null
  return `+55${digits}`
}

/** E.164 as people read it: +55 11 98765-4321. */
export function formatBrazilianMobile(e164: string): string {
  return `${e164.slice(0, 3)} ${e164.slice(3, 5)} ${e164.slice(5, 10)}-${e164.slice(10)}`
}
