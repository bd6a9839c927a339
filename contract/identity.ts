// Know your customer, as both sides name it: a player's verification status, why a verification
// waits for an operator, and the categories of people barred from betting (Lei 14.790/2023
// art. 26). Plain constants (no zod), so the app and the console import them as they are.

/** `face`: name, CPF and date of birth were accepted; the face step is still to come. */
export const verificationStatuses = ['none', 'face', 'verified', 'review', 'rejected'] as const

/**
 * Why a verification went to the console's queue: the bureau's registered name or date of birth
 * differs from the player's, the player is a politically exposed person, the bureau did not
 * answer, a verified player's CPF is on a newly uploaded barred list, or another account's
 * unsettled review claims the same CPF (an operator tells the real holder apart); or the face
 * step was doubtful — another face than the CPF's, a liveness too low, no answer from the face
 * provider, or no camera on the phone (the review carries the scores, never the picture); or the
 * player's name and date of birth match a person on the UN Security Council's sanctions list
 * (server/aml).
 */
export const verificationReviewReasons = [
  'name_mismatch',
  'birth_date_mismatch',
  'pep',
  'bureau_unavailable',
  'barred_list',
  'cpf_contested',
  'face_mismatch',
  'face_liveness',
  'face_unavailable',
  'face_no_camera',
  'sanctions',
] as const
export type VerificationReviewReason = (typeof verificationReviewReasons)[number]

/**
 * How long the verification queue gives an operator (the same clocks as the withdrawal review):
 * the console's clock counts it down and the player is told it.
 */
export const VERIFICATION_REVIEW_MINUTES = 240

/** Who the barred list names: the operator's owners, its staff, or others the law bars. */
export const barredCategories = ['owner', 'staff', 'other'] as const
export type BarredCategory = (typeof barredCategories)[number]

/** The adult age: betting is for 18 and over (Lei 14.790/2023 art. 26). */
export const ADULT_AGE = 18
