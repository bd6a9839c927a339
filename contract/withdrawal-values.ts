// A withdrawal's codes, zod-free so both apps import them: the order's statuses and purposes,
// the tracker's steps and their states (the legacy client's numbers), and why an order failed.
// The schemas (contract/withdrawals.ts), the server's writes and both apps' labels use these.

export const orderStatuses = ['review', 'processing', 'key_rejected', 'paid', 'failed'] as const
export type OrderStatus = (typeof orderStatuses)[number]

/** History status icon: 1 waiting, 2 success, 3 failed, 6 needs the player's action. */
export const historyStatuses = [1, 2, 3, 6] as const
export type HistoryStatus = (typeof historyStatuses)[number]

/** The tracker's steps, named once: the codes are the legacy client's. */
export const TrackerStep = {
  /** Funds reserved from the balance. */
  accepted: 1000,
  /** Automatic checks, or operator review with the expected time. */
  checks: 1100,
  /** Handed to the PIX network. */
  sent: 1200,
  /** The bank rejected the key; the player corrects it (free). */
  keyRejected: 2000,
  /** Sent again with the corrected key. */
  resent: 2100,
  /** Paid, with the end-to-end id as receipt. */
  paid: 2200,
  /** Failed for good: the reserved funds are back in the balance. */
  failed: 2300,
} as const
export type TrackerStepCode = (typeof TrackerStep)[keyof typeof TrackerStep]

/** A step's state: 1 success, 2 failed, 3 exception, 4 waiting. */
export const StepState = { success: 1, failed: 2, exception: 3, waiting: 4 } as const
export type StepStateCode = (typeof StepState)[keyof typeof StepState]

/**
 * Why a withdrawal failed, as the server records it (`failReason`): refused in an operator's
 * review, cancelled by the player at a rejected key, the bank saying the key is not on the
 * player's CPF, the account closing (its balance is paid out by the closure instead), or the bank
 * refusing without words. A bank that gives its own words has them recorded as they are.
 */
export const withdrawalFailReasons = [
  'rejected_in_review',
  'cancelled_by_player',
  'pix_key_not_owned',
  'account_closing',
  'failed',
] as const
export type WithdrawalFailReason = (typeof withdrawalFailReasons)[number]

export const isWithdrawalFailReason = (reason: string): reason is WithdrawalFailReason =>
  (withdrawalFailReasons as readonly string[]).includes(reason)

/** Why a withdrawal order was made: the player asked, or the account closed with money in it. */
export const withdrawalPurposes = ['player', 'closure'] as const
export type WithdrawalPurpose = (typeof withdrawalPurposes)[number]
