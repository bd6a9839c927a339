// Request and response schemas of a player's contact channels (an e-mail address and a Brazilian
// mobile phone, each confirmed with a 6-digit code), shared by server and client.
import { z } from 'zod'
import { normalizeBrazilianMobile } from './phone.ts'

export { normalizeBrazilianMobile }

export const contactKinds = ['email', 'phone'] as const
export type ContactKind = (typeof contactKinds)[number]

export const contactEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((value) => value.toLowerCase())
export const contactPhone = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const normalized = normalizeBrazilianMobile(value)
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: 'not a Brazilian mobile number' })
      return z.NEVER
    }
    return normalized
  })

export const setEmailRequest = z.strictObject({ email: contactEmail })
export const setPhoneRequest = z.strictObject({ phone: contactPhone })
export const confirmContactRequest = z.strictObject({
  kind: z.enum(contactKinds),
  code: z.string().regex(/^\d{6}$/),
})

export const codeSentResponse = z.object({
  kind: z.enum(contactKinds),
  /** Where the code went (the owner's own value, in full). */
  sentTo: z.string(),
  expiresAt: z.number().int(),
})
export type CodeSentResponse = z.infer<typeof codeSentResponse>

export const contactState = z.object({
  /** The confirmed value; null when none is confirmed yet. */
  value: z.string().nullable(),
  confirmedAt: z.number().int().nullable(),
  /** A value a code was sent to and that is not confirmed yet. */
  pending: z.string().nullable(),
})
export type ContactState = z.infer<typeof contactState>

export const contactsResponse = z.object({ email: contactState, phone: contactState })
export type ContactsResponse = z.infer<typeof contactsResponse>
