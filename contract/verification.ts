// Account details needed before the first deposit: full name, a valid CPF and the date of birth
// (18+ is computed on the server from it and from the identity bureau's record, never declared).
import { z } from 'zod'
import { isValidCpf, normalizeCpf } from './cpf.ts'
import { verificationReviewReasons, verificationStatuses } from './identity.ts'

/** 'YYYY-MM-DD', a real calendar date from 1900 on. */
export const birthDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_birth_date' })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01'
    },
    { message: 'invalid_birth_date' },
  )

/** A CPF as typed (dots and dash allowed), normalised to its 11 digits and checked. */
export const cpfField = z.string().max(20).transform(normalizeCpf).refine(isValidCpf, { message: 'invalid_cpf' })

export const saveAccountDetailsRequest = z.strictObject({
  fullName: z
    .string()
    .trim()
    .min(5)
    .max(80)
    .regex(/^[\p{L}' .-]+$/u)
    .refine((name) => name.includes(' '), { message: 'full_name_needed' }),
  cpf: cpfField,
  birthDate: birthDate.optional().meta({
    description:
      "The date of birth, 'YYYY-MM-DD' (the app always sends it; 18+ is computed from it in the market's time " +
      "zone). Without it (the legacy client's form has none) age is computed from the identity bureau's record alone.",
  }),
})

export const accountDetails = z.object({
  verified: z.boolean(),
  fullName: z.string().nullable(),
  cpfMasked: z
    .string()
    .nullable()
    .meta({ description: 'Only the last digits, e.g. `***.***.*47-25`: the full CPF is never sent back.' }),
  status: z.enum(verificationStatuses).meta({
    description:
      '`none` (nothing given yet), `verified`, `review` (the identity bureau could not settle it: an operator ' +
      'decides) or `rejected` (an operator refused it: `rejection` says why; the player may try again).',
  }),
  /** Why an operator is looking at it (status `review`). */
  reviewReason: z.enum(verificationReviewReasons).nullable(),
  /** The operator's reason (status `rejected`). */
  rejection: z.string().nullable(),
  reviewDueAt: z
    .number()
    .int()
    .nullable()
    .meta({
      description:
        "Status `review`: when the operator's clock for it runs out (epoch ms; the queue gives an operator " +
        'VERIFICATION_REVIEW_MINUTES from the moment the details were given); otherwise null.',
    }),
})
export type AccountDetails = z.infer<typeof accountDetails>
