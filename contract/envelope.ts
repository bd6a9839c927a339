// The response envelope every API route answers with, and the business msgCodes; as
// zod schemas too, so that the OpenAPI document describes each reply and a refusal.
import { z } from 'zod'

export const MsgCode = {
  /** Success: the legacy client tests `msgCode === 'success'`. */
  ok: 'success',
  invalidRequest: 'invalid_request',
  tokenInvalid: 'token_invalid',
  userExist: 'user_exist',
  alreadyBound: 'already_bound',
  cpfTaken: 'cpf_taken',
  alreadyVerified: 'already_verified',
  loginFailed: 'login_failed',
  verificationRequired: 'verification_required',
  ageNotConfirmed: 'age_not_confirmed',
  selfExcluded: 'self_excluded',
  depositLimitReached: 'deposit_limit_reached',
  lossLimitReached: 'loss_limit_reached',
  sessionLimitReached: 'session_limit_reached',
  realityCheckDue: 'reality_check_due',
  exclusionNotExtended: 'exclusion_not_extended',
  caseDecided: 'case_decided',
  registrationLimitsRequired: 'registration_limits_required',
  limitRequired: 'limit_required',
  amountOutOfRange: 'amount_out_of_range',
  requestIdReused: 'request_id_reused',
  webhookRefused: 'webhook_refused',
  needsVerification: 'needs_verification',
  existProcessOrder: 'exist_process_order',
  amountBelowMinimum: 'amount_below_minimum',
  amountAboveWithdrawable: 'amount_above_withdrawable',
  dailyLimitReached: 'daily_limit_reached',
  bonusWageringIncomplete: 'bonus_wagering_incomplete',
  invalidPixKey: 'invalid_pix_key',
  cpfKeyMismatch: 'cpf_key_mismatch',
  holderNameMismatch: 'holder_name_mismatch',
  orderNotCorrectable: 'order_not_correctable',
  notFound: 'not_found',
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  serverError: 'server_error',
  insufficientBalance: 'insufficient_balance',
  gameNotFound: 'game_not_found',
  snapshotNotFound: 'snapshot_not_found',
  liabilityProofNotFound: 'liability_proof_not_found',
  invalidBet: 'invalid_bet',
  launchTokenInvalid: 'launch_token_invalid',
  gameSessionClosed: 'game_session_closed',
  seedNotSet: 'seed_not_set',
  seedCommitmentChanged: 'seed_commitment_changed',
  promotionsOff: 'promotions_off',
  promotionOff: 'promotion_off',
  promotionForbidden: 'promotion_forbidden',
  rewardClaimed: 'reward_claimed',
  signInDone: 'sign_in_done',
  wheelWait: 'wheel_wait',
  pushEndpointRefused: 'push_endpoint_refused',
  taskIncomplete: 'task_incomplete',
  nothingToClaim: 'nothing_to_claim',
  installNotReported: 'install_not_reported',
  opsTokenInvalid: 'ops_token_invalid',
  playerNotFound: 'player_not_found',
  pixKeyNotOwned: 'pix_key_not_owned',
  passwordRequired: 'password_required',
  passwordWrong: 'password_wrong',
  withdrawLocked: 'withdraw_locked',
  chargeAlreadyPaid: 'charge_already_paid',
  chargeExpired: 'charge_expired',
  paymentProviderUnavailable: 'payment_provider_unavailable',
  loginLocked: 'login_locked',
  deviceLoginFailed: 'device_login_failed',
  busy: 'busy',
  /** The database connection was lost under the request (a restart, a failover): try again shortly. */
  serviceUnavailable: 'service_unavailable',
  requestIdRequired: 'request_id_required',
  prizeNotFromClient: 'prize_not_from_client',
  notCpfKey: 'not_cpf_key',
  opsSessionInvalid: 'ops_session_invalid',
  opsLoginFailed: 'ops_login_failed',
  opsTotpRequired: 'ops_totp_required',
  /** Too many failed logins on the account or from the address: `{ retryAt, seconds }` (429); the password with a valid TOTP code still gets in. */
  opsLoginThrottled: 'ops_login_throttled',
  /** Too many wrong TOTP codes after the right password: `{ retryAt, seconds }` (429). */
  opsTotpLocked: 'ops_totp_locked',
  opsTotpEnrolmentRequired: 'ops_totp_enrolment_required',
  opsForbidden: 'ops_forbidden',
  opsSetupLinkInvalid: 'ops_setup_link_invalid',
  opsOperatorExists: 'ops_operator_exists',
  withdrawalTaken: 'withdrawal_taken',
  fourEyesRequired: 'four_eyes_required',
  fourEyesSameOperator: 'four_eyes_same_operator',
  fourEyesNotIndependent: 'four_eyes_not_independent',
  /** The pending adjustment was already approved or rejected (the first decision wins). */
  adjustmentTaken: 'adjustment_taken',
  /** The harm watch's intervention was already answered (or is not the player's to answer). */
  harmInterventionAnswered: 'harm_intervention_answered',
  /** A score can only be lowered below what it is now. */
  harmScoreNotLower: 'harm_score_not_lower',
  /** The request to lower a harm score was already approved or rejected (the first decision wins). */
  harmReviewTaken: 'harm_review_taken',
  weakPassword: 'weak_password',
  accountFrozen: 'account_frozen',
  /** An operator switched the game off; `reason` says why (players read it in their language). */
  gameSwitchedOff: 'game_switched_off',
  /** Disabling, demoting or resetting the last active admin would leave no one to manage the console. */
  opsLastAdmin: 'ops_last_admin',
  /** The market's rules forbid this reward (`{ promotion, rule }`): it cannot be switched on (403). */
  marketRuleForbids: 'market_rule_forbids',
  /** An operator may not change their own role, disable or reset their own account. */
  opsOwnAccount: 'ops_own_account',
  accountClosed: 'account_closed',
  /** A closure is under way: play, deposits, withdrawals and rewards stopped; the balance is being paid out. */
  accountClosing: 'account_closing',
  /** The account was closed because the barred-person register named the player (their login hears why). */
  accountClosedBarred: 'account_closed_barred',
  /** The player closed the account themselves. */
  accountClosedSelf: 'account_closed_self',
  /** The CPF belongs to a closed account (`{ reopenFrom }`): no new account, reopened only by an operator. */
  cpfAccountClosed: 'cpf_account_closed',
  /** The closure is not open any more (already closed or reopened). */
  closureNotOpen: 'closure_not_open',
  /** The account is not closed (nothing to reopen). */
  accountNotClosed: 'account_not_closed',
  accountHasBalance: 'account_has_balance',
  reportPeriodInvalid: 'report_period_invalid',
  regulatoryFileNotFound: 'regulatory_file_not_found',
  regulatoryFileNotRejected: 'regulatory_file_not_rejected',
  identityUnderAge: 'identity_under_age',
  identityBarred: 'identity_barred',
  /**
   * The barred-person register has not cleared the player (it named them, or has not answered
   * yet): play, deposits and rewards wait. One neutral sentence for both, so no answer tells
   * anyone what the register says about a CPF.
   */
  regulatoryCheck: 'regulatory_check',
  /**
   * Deposits, withdrawals and play only from inside the market's country, by the client's address:
   * `{ country, market }` (ISO 3166-1 codes; country `unknown` when no database places the address).
   */
  outsideMarket: 'outside_market',
  identityCpfSuspended: 'identity_cpf_suspended',
  identityCpfDeceased: 'identity_cpf_deceased',
  verificationPending: 'verification_pending',
  verificationReviewLimit: 'verification_review_limit',
  verificationTaken: 'verification_taken',
  rewardVerificationRequired: 'reward_verification_required',
  barredListInvalid: 'barred_list_invalid',
  /** The sanctions list given is not the UN consolidated list's XML (nothing changed). */
  sanctionsListInvalid: 'sanctions_list_invalid',
  /** Another operator already decided this sanctions-screening match. */
  sanctionsMatchTaken: 'sanctions_match_taken',
  /** The annual AML report is made for a year that is over. */
  amlReportYearOpen: 'aml_report_year_open',
  /** Changing the password: the current password given is not the account's. */
  currentPasswordWrong: 'current_password_wrong',
  /**
   * A forgotten password, or an operator's reset: the CPF and date of birth given are not the
   * verified ones (one answer, whichever of them is wrong, so it tells nothing about either).
   */
  identityNotConfirmed: 'identity_not_confirmed',
  /** Too many wrong current passwords or identities for a password change: wait until `retryAt`. */
  passwordChangeLocked: 'password_change_locked',
  /** A password reset code that is unknown, used, replaced or expired (one answer for all). */
  resetCodeInvalid: 'reset_code_invalid',
  /** A contact code that is wrong, expired, or for which no code was sent (one answer for all). */
  contactCodeInvalid: 'contact_code_invalid',
  /** The contact code took its 5 wrong tries: a new code is needed. */
  contactCodeLocked: 'contact_code_locked',
  /** Too many contact codes sent within an hour (to this player or this address): wait until `retryAt`. */
  contactSendLimited: 'contact_send_limited',
  /** The account has no name and password yet: there is none to change or reset. */
  passwordNotSet: 'password_not_set',
  /** No face step waits: name, CPF and date of birth come first (or the face step is off). */
  faceNotPending: 'face_not_pending',
  /** The face provider did not answer a step-up: try again in a moment. */
  faceUnavailable: 'face_unavailable',
  /** The step-up picture did not pass (another face, or not a live one). */
  faceStepUpFailed: 'face_step_up_failed',
  /** A withdrawal waits for a face step-up (`why`: `new_device` or `new_key`). */
  faceStepUpRequired: 'face_step_up_required',
  /** This device's session ended for want of activity: log in again with a passkey or the password. */
  sessionIdle: 'session_idle',
  /** The passkey did not sign what was asked (unknown, revoked, another account, or an expired challenge). */
  passkeyFailed: 'passkey_failed',
  /** The passkey could not be enrolled (the authenticator's answer did not check out). */
  passkeyNotEnrolled: 'passkey_not_enrolled',
  /** withdrawInfo's state for the legacy client: a withdrawal is in flight (a success). */
  withdrawProcessing: 'withdrawProcessing',
  /** withdrawInfo's state for the legacy client: bonus still to be wagered (a success). */
  needPlayGame: 'needPlayGame',
} as const

export type MsgCode = (typeof MsgCode)[keyof typeof MsgCode]

export interface Envelope<T> {
  success: boolean
  msgCode: MsgCode
  msg: string
  data: T | null
  /** Version of the language packs; the client refetches its pack when this changes. */
  languageVersion: string
}

const msgCodes = Object.values(MsgCode) as [MsgCode, ...MsgCode[]]

/** The fields every answer carries besides its data; the API layer adds `msg` and `languageVersion`. */
const envelopeFields = {
  msg: z.string().meta({ description: "The outcome in the player's language (Accept-Language)." }),
  languageVersion: z
    .string()
    .meta({ description: 'Version of the language packs; the client refetches its pack when this changes.' }),
}

/** An answer that did what was asked, with its data. */
export function okEnvelope<Data extends z.ZodType>(data: Data) {
  return z.object({ success: z.literal(true), msgCode: z.literal(MsgCode.ok), ...envelopeFields, data })
}

/**
 * A success whose msgCode also names a state, for the legacy client that reads the state there
 * (withdrawInfo): `success` or one of `codes`.
 */
export function okEnvelopeWithState<Data extends z.ZodType, const Codes extends readonly [MsgCode, ...MsgCode[]]>(
  data: Data,
  codes: Codes,
) {
  return z.object({ success: z.literal(true), msgCode: z.enum(codes), ...envelopeFields, data })
}

/**
 * A refusal: nothing was changed. `data` carries what the client may act on (a limit's figures, when
 * to retry, the field at fault) or null.
 */
/** The codes a refusal may carry: every business code but the successes (`success` and the legacy client's states). */
const refusalCodes = msgCodes.filter(
  (code) => code !== MsgCode.ok && code !== MsgCode.withdrawProcessing && code !== MsgCode.needPlayGame,
) as [MsgCode, ...MsgCode[]]

export const refusalEnvelope = z
  .object({
    success: z.literal(false),
    msgCode: z.enum(refusalCodes).meta({
      description:
        'What was refused, in words a program can test. `token_invalid` (the access token is missing, expired or revoked) ' +
        'is HTTP 200 like every business refusal: the legacy client reads it there.',
    }),
    ...envelopeFields,
    data: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({
        id: 'RefusalData',
        description:
          "null, or what the client may act on: a limit's figures (`limit`, `used`, `remaining`, `resetsAt`), when to " +
          'retry (`retryAt`, `seconds`), the field at fault (`field`), attempts left (`attemptsLeft`).',
      }),
  })
  .meta({ id: 'Refusal' })
