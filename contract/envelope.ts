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
  invalidBet: 'invalid_bet',
  launchTokenInvalid: 'launch_token_invalid',
  gameSessionClosed: 'game_session_closed',
  seedNotSet: 'seed_not_set',
  seedCommitmentChanged: 'seed_commitment_changed',
  promotionsOff: 'promotions_off',
  promotionOff: 'promotion_off',
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
  requestIdRequired: 'request_id_required',
  prizeNotFromClient: 'prize_not_from_client',
  notCpfKey: 'not_cpf_key',
  opsSessionInvalid: 'ops_session_invalid',
  opsLoginFailed: 'ops_login_failed',
  opsTotpRequired: 'ops_totp_required',
  opsTotpEnrolmentRequired: 'ops_totp_enrolment_required',
  opsForbidden: 'ops_forbidden',
  opsSetupLinkInvalid: 'ops_setup_link_invalid',
  opsOperatorExists: 'ops_operator_exists',
  withdrawalTaken: 'withdrawal_taken',
  fourEyesRequired: 'four_eyes_required',
  fourEyesSameOperator: 'four_eyes_same_operator',
  /** The pending adjustment was already approved or rejected (the first decision wins). */
  adjustmentTaken: 'adjustment_taken',
  weakPassword: 'weak_password',
  accountFrozen: 'account_frozen',
  /** An operator switched the game off; `reason` says why (players read it in their language). */
  gameSwitchedOff: 'game_switched_off',
  /** Disabling, demoting or resetting the last active admin would leave no one to manage the console. */
  opsLastAdmin: 'ops_last_admin',
  /** An operator may not change their own role, disable or reset their own account. */
  opsOwnAccount: 'ops_own_account',
  accountClosed: 'account_closed',
  accountHasBalance: 'account_has_balance',
  reportPeriodInvalid: 'report_period_invalid',
  identityUnderAge: 'identity_under_age',
  identityBarred: 'identity_barred',
  identityCpfSuspended: 'identity_cpf_suspended',
  identityCpfDeceased: 'identity_cpf_deceased',
  verificationPending: 'verification_pending',
  verificationTaken: 'verification_taken',
  rewardVerificationRequired: 'reward_verification_required',
  barredListInvalid: 'barred_list_invalid',
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
export const refusalEnvelope = z
  .object({
    success: z.literal(false),
    msgCode: z.enum(msgCodes),
    ...envelopeFields,
    data: z.unknown(),
  })
  .meta({ id: 'Refusal' })
export type RefusalEnvelope = z.infer<typeof refusalEnvelope>
