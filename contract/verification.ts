// Account details needed before the first deposit (SPEC 2): full name and a valid CPF.
import { z } from 'zod'
import { isValidCpf, normalizeCpf } from './cpf.ts'

export const saveAccountDetailsRequest = z.strictObject({
  fullName: z
    .string()
    .trim()
    .min(5)
    .max(80)
    .regex(/^[\p{L}' .-]+$/u)
    .refine((name) => name.includes(' '), { message: 'full_name_needed' }),
  cpf: z.string().max(20).transform(normalizeCpf).refine(isValidCpf, { message: 'invalid_cpf' }),
})

export interface AccountDetails {
  verified: boolean
  fullName: string | null
  /** Only the last digits, e.g. `***.***.*47-25`: the full CPF is never sent back. */
  cpfMasked: string | null
}
