// CPF (Brazilian tax id): 11 digits whose last two are check digits (mod 11). All-same-digit
// numbers pass the arithmetic but are not issued, so they are refused too.

export function normalizeCpf(value: string): string {
  return value.replace(/\D/g, '')
}

function checkDigit(digits: number[], weightStart: number): number {
  const sum = digits.reduce((total, digit, i) => total + digit * (weightStart - i), 0)
  const rest = (sum * 10) % 11
  return rest === 10 ? 0 : rest
}

export function isValidCpf(value: string): boolean {
  const cpf = normalizeCpf(value)
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false
  const digits = [...cpf].map(Number)
  return checkDigit(digits.slice(0, 9), 10) === digits[9] && checkDigit(digits.slice(0, 10), 11) === digits[10]
}

/** `12345678909` → `123.456.789-09`, the way the CPF is shown in groups. */
export function formatCpf(value: string): string {
  const cpf = normalizeCpf(value)
  return cpf.length === 11 ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : value
}

/** Groups a CPF as it is typed: `1234` → `123.4`, `123456789012` → `123.456.789-01` (11 digits at most). */
export function groupCpfInput(value: string): string {
  const d = normalizeCpf(value).slice(0, 11)
  const groups = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join('.')
  return d.length > 9 ? `${groups}-${d.slice(9)}` : groups
}

/** The CPF whose first nine digits are `base`, with its two check digits. */
export function withCheckDigits(base: string): string {
  const digits = [...base].map(Number)
  const first = checkDigit(digits, 10)
  return `${base}${first}${checkDigit([...digits, first], 11)}`
}

/** A random CPF with valid check digits (the sandbox and tests need many distinct ones). */
export function randomCpf(random: () => number = Math.random): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => Math.floor(random() * 10))
    if (base.every((d) => d === base[0])) continue
    const first = checkDigit(base, 10)
    return [...base, first, checkDigit([...base, first], 11)].join('')
  }
}
