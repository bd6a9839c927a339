// Account details needed before the first deposit: full name and a valid CPF.
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

export const accountDetails = z.object({
  verified: z.boolean(),
  fullName: z.string().nullable(),
  cpfMasked: z
    .string()
    .nullable()
    .meta({ description: 'Only the last digits, e.g. `***.***.*47-25`: the full CPF is never sent back.' }),
})
export type AccountDetails = z.infer<typeof accountDetails>
