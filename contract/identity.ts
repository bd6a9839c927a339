// Know your customer, as both sides name it: a player's verification status, why a verification
// waits for an operator, and the categories of people barred from betting (Lei 14.790/2023
// art. 26). Plain constants (no zod), so the app and the console import them as they are.

export const verificationStatuses = ['none', 'verified', 'review', 'rejected'] as const
export type VerificationStatus = (typeof verificationStatuses)[number]

/**
 * Why a verification went to the console's queue: the bureau's registered name or date of birth
 * differs from the player's, the player is a politically exposed person, the bureau did not
 * answer, or a verified player's CPF is on a newly uploaded barred list.
 */
export const verificationReviewReasons = [
  'name_mismatch',
  'birth_date_mismatch',
  'pep',
  'bureau_unavailable',
  'barred_list',
] as const
export type VerificationReviewReason = (typeof verificationReviewReasons)[number]

/** Who the barred list names: the operator's owners, its staff, or others the law bars. */
export const barredCategories = ['owner', 'staff', 'other'] as const
export type BarredCategory = (typeof barredCategories)[number]

/** The adult age: betting is for 18 and over (Lei 14.790/2023 art. 26). */
export const ADULT_AGE = 18
