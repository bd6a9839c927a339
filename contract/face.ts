// Identity by face and the registration data the rules ask for, as both sides name them: the face
// check's request and answer, the biometric consent's version, the genders Portaria SPA/MF
// 2.579/2025 lists, and the address with its CEP.
import { z } from 'zod'
import {
  BIOMETRIC_CONSENT_VERSION,
  FACE_IMAGE_MAX_CHARS,
  faceAnswers,
  facePurposes,
  genders,
  states,
} from './face-values.ts'

export { BIOMETRIC_CONSENT_VERSION, FACE_IMAGE_MAX_CHARS, type Gender, genders, states } from './face-values.ts'

export const faceCheckRequest = z.strictObject({
  /** The picture from the front camera, base64 (JPEG or PNG), without a data: prefix. */
  image: z
    .string()
    .min(100)
    .max(FACE_IMAGE_MAX_CHARS)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
  /** `onboarding`: the step after name, CPF and date of birth; `step_up`: again before a sensitive action. */
  purpose: z.enum(facePurposes),
  /** The player agreed to the biometric consent of this version (asked before the camera opens). */
  consentVersion: z.literal(BIOMETRIC_CONSENT_VERSION),
})

export const faceFallbackRequest = z.strictObject({
  /** No camera on this phone: the verification goes to an operator instead. */
  reason: z.literal('no_camera'),
})

export const faceCheckAnswer = z.object({
  /** `passed`; `review` (an operator decides: onboarding only). A failed step-up is a refusal. */
  outcome: z.enum(faceAnswers),
})

export const faceStatus = z.object({
  /** The face step is switched on here. */
  enabled: z.boolean(),
  /** The identity waits for the face step (name, CPF and date of birth were accepted). */
  pending: z.boolean(),
  /** A face step-up is due on this device before the next withdrawal. */
  stepUpDue: z.boolean(),
})

/** A CEP as typed ("01310-100" or "01310100"), normalised to its 8 digits. */
export const cepField = z
  .string()
  .trim()
  .regex(/^\d{5}-?\d{3}$/, { message: 'invalid_cep' })
  .transform((value) => value.replace('-', ''))
  .refine((value) => value !== '00000000', { message: 'invalid_cep' })

const text = (max: number) => z.string().trim().min(1).max(max)

export const registrationDataRequest = z.strictObject({
  cep: cepField,
  street: text(120),
  number: text(12),
  complement: z.string().trim().max(60).optional(),
  district: text(80),
  city: text(80),
  state: z.enum(states),
  gender: z.enum(genders),
})

export const registrationData = z.object({
  cep: z.string().nullable(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  complement: z.string().nullable(),
  district: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  gender: z.enum(genders).nullable(),
})
export type RegistrationData = z.infer<typeof registrationData>
