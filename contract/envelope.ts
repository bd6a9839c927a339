// The response envelope every API route answers with (SPEC 9), and the business msgCodes.

export const MsgCode = {
  ok: 'ok',
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
  taskIncomplete: 'task_incomplete',
  nothingToClaim: 'nothing_to_claim',
  opsTokenInvalid: 'ops_token_invalid',
  playerNotFound: 'player_not_found',
  pixKeyNotOwned: 'pix_key_not_owned',
  passwordRequired: 'password_required',
  passwordWrong: 'password_wrong',
  withdrawLocked: 'withdraw_locked',
  chargeAlreadyPaid: 'charge_already_paid',
  chargeExpired: 'charge_expired',
  loginLocked: 'login_locked',
  deviceLoginFailed: 'device_login_failed',
  busy: 'busy',
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
