// Identity by face and the registration data, the constants the app needs without zod: the
// biometric consent's version, the largest picture, the genders and the states.

/** The version of the biometric consent text the app shows (a new text gets a new version). */
export const BIOMETRIC_CONSENT_VERSION = 'face-2026-11'

/** The largest picture accepted, as base64 characters (a 640×480 JPEG is far below it). */
export const FACE_IMAGE_MAX_CHARS = 700_000

/** Why the face is checked: `onboarding`, the step after name, CPF and date of birth; `step_up`, again before a sensitive action. */
export const facePurposes = ['onboarding', 'step_up'] as const
export type FacePurpose = (typeof facePurposes)[number]

/** What the player is told: `passed`, or `review` (an operator decides: onboarding only). */
export const faceAnswers = ['passed', 'review'] as const
export type FaceAnswerOutcome = (typeof faceAnswers)[number]

/** A check as recorded: passed, a face that does not match, a liveness failure, the provider down, or no camera. */
export const faceCheckOutcomes = ['passed', 'mismatch', 'liveness', 'unavailable', 'no_camera'] as const
export type FaceCheckOutcome = (typeof faceCheckOutcomes)[number]

/** Portaria SPA/MF 2.579/2025 asks the bettor's gender identification; "prefer not to say" is offered (docs/identity.md). */
export const genders = ['female', 'male', 'other', 'not_informed'] as const
export type Gender = (typeof genders)[number]

/** The Brazilian states' abbreviations (UF). */
export const states = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const
