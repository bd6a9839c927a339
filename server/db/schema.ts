// Table types for Kysely. Times are epoch milliseconds (bigint columns) on both engines.

import type { ColumnType, Generated } from 'kysely'
import type { ClosureStateCode, ClosureStuckReasonCode } from '../../contract/closure.ts'
import type { RefundReason } from '../../contract/deposits.ts'
import type { FaceCheckOutcome, FacePurpose } from '../../contract/face-values.ts'
import type { BarredCategory, VerificationReviewReason } from '../../contract/identity.ts'
import type { LimitActor, LimitEventKind, LimitSettingKind, RealityCheckChoice } from '../../contract/limit-values.ts'
import type { OperatorRole } from '../../contract/ops.ts'
import type { PasskeyPurpose } from '../../contract/passkeys.ts'
import type { PixKeyType } from '../../contract/pix-keys.ts'
import type { MessageAuthor } from '../../contract/support.ts'
import type { BonusGrantKind, TransferKind } from '../../contract/transfers.ts'
import type {
  OrderStatus,
  StepStateCode,
  TrackerStepCode,
  WithdrawalPurpose,
} from '../../contract/withdrawal-values.ts'

export interface PlayersTable {
  id: Generated<number>
  device_id: string
  user_name: string | null
  password_hash: string | null
  language: string
  invite_code: string | null
  channel: string | null
  adult_confirmed_at: number | null
  created_at: number
  install_accepted_at: number | null
  /** When a password was bound or changed, or a device added to or revoked from the account. */
  credentials_changed_at: number | null
  /** An operator's risk freeze: play, deposits, new withdrawals and rewards are refused. */
  frozen_at: number | null
  /** Closed by an operator: logins are refused; every record is kept, its personal data anonymised once the retention period is over (server/retention). */
  closed_at: number | null
  /** A closure began (server/closure): play, deposits, new withdrawals and rewards stop at once (0053). */
  closing_at: Generated<number | null>
  /** Why it was closed — `barred`, `self` or `operator` — what a refused login says (0053). */
  closed_reason: Generated<string | null>
  /** When its personal data was replaced by placeholders, its retention period over (0050). */
  anonymised_at: Generated<number | null>
  /** Until when one instance's retention job holds it (0050). */
  anonymise_lease_until: Generated<number | null>
}

export interface DevicesTable {
  id: Generated<number>
  player_id: number
  /** The UUID the client keeps in IndexedDB. */
  device_id: string
  /** SHA-256 of the device secret; null for a legacy device not yet given one. */
  secret_hash: string | null
  /** A summary of the browser and system ("Chrome · Android"), for the player's device list. */
  label: string
  created_at: number
  last_seen_at: number
  revoked_at: number | null
  /** Set at a password login on an account whose face was checked: the face step-up is due on this device. */
  face_step_up_due: number | null
  /**
   * Set when this device's session ended for want of activity: its id and secret no longer log in
   * alone until a passkey or the password does (then cleared).
   */
  idle_ended_at: number | null
}

export interface LoginThrottlesTable {
  /** `name:<user name>` or `device:<device id>`. */
  key: string
  failures: number
  window_started_at: number
  last_attempt_at: number
  locked_until: number | null
  /** Raised by every change: an attempt is counted by compare-and-set on it (0076). */
  version: Generated<number>
}

/** A password reset an operator started: a one-time code (its SHA-256 only) that expires. */
export interface PasswordResetsTable {
  id: Generated<number>
  player_id: number
  code_hash: string
  operator_id: number | null
  operator_name: string
  created_at: number
  expires_at: number
  /** When the player set a new password with it. */
  used_at: number | null
  /** When a newer reset, or a password change, made it void unused. */
  voided_at: number | null
}

export interface SessionTokensTable {
  token_hash: string
  player_id: number
  /** The device the token was issued to (revoking the device revokes its tokens). */
  device_id: number | null
  created_at: number
  expires_at: number
  revoked_at: number | null
  /** When the session ends for want of activity (SESSION_IDLE_MINUTES after the last); null: never. */
  idle_at: number | null
}

export interface PlayerPasskeysTable {
  id: Generated<number>
  player_id: number
  /** base64url, as the authenticator names it. */
  credential_id: string
  /** The COSE public key, base64url. */
  public_key: string
  counter: number
  /** JSON array of the authenticator's transports. */
  transports: string
  label: string
  created_at: number
  last_used_at: number | null
  revoked_at: number | null
}

export interface PasskeyChallengesTable {
  challenge: string
  player_id: number | null
  purpose: PasskeyPurpose
  expires_at: number
}

export interface LedgerAccountsTable {
  id: Generated<number>
  player_id: number | null
  code: string
  balance: number
  created_at: number
}

/**
 * PostgreSQL only (migration 0082): written by a trigger with each transfer, so a transfer's id
 * and the hold a post or void resolves stay unique across the monthly partitions. Nothing in the
 * app reads them; the database refuses a repeat through them.
 */
export interface LedgerTransferKeysTable {
  id: string
}
export interface LedgerTransferResolutionsTable {
  resolves_id: string
}

/**
 * PostgreSQL only (migration 0083): per month of transfers outside the clock's, the lowest and
 * highest `seq` in it and the highest account id it moves (null while empty), kept true by a trigger on that month — the months a
 * statement page may skip (server/db/partitions.ts keeps which months have one).
 */
export interface LedgerTransferMonthsTable {
  partition: string
  min_seq: number | null
  max_seq: number | null
  max_account_id: number | null
}

export interface LedgerTransfersTable {
  seq: Generated<number>
  id: string
  debit_account_id: number
  credit_account_id: number
  amount: number
  kind: TransferKind
  reference: string | null
  resolves_id: string | null
  debit_balance_after: number
  credit_balance_after: number
  created_at: number
}

export interface WalletBetsTable {
  transaction_id: string
  player_id: number
  round_id: string
  amount: number
  cash_part: number
  bonus_part: number
  state: 'placed' | 'rolled_back'
  win_transaction_id: string | null
  win_amount: number | null
  created_at: number
}

export interface BonusWageringTable {
  player_id: number
  required: number
  wagered: number
}

export interface OutboxTable {
  id: Generated<number>
  topic: string
  player_id: number | null
  payload: string
  created_at: number
}

export interface PushSubscriptionsTable {
  id: Generated<number>
  player_id: number
  endpoint: string
  p256dh: string
  auth: string
  language: string
  created_at: number
}

export interface PlayerVerificationsTable {
  player_id: number
  full_name: string
  cpf: string
  verified_at: number
  /** 'YYYY-MM-DD'; null for identities verified before the date of birth was asked. */
  birth_date: string | null
}

export interface VerificationReviewsTable {
  id: Generated<number>
  player_id: number
  cpf: string
  full_name: string
  birth_date: string | null
  reason: VerificationReviewReason
  /** The bureau's registered name and date of birth, when it answered. */
  bureau_name: string | null
  bureau_birth_date: string | null
  status: 'open' | 'approved' | 'rejected'
  created_at: number
  decided_at: number | null
  decided_by: string | null
  decision_reason: string | null
  /** The client address the submission came from (null for barred-list holds and older rows). */
  address: string | null
  /** A face review's scores from the face provider, in basis points (0–10000); null otherwise. */
  face_match_bp: number | null
  face_liveness_bp: number | null
}

/** An identity the bureau accepted, waiting for the face step before it is verified. */
export interface FacePendingTable {
  player_id: number
  cpf: string
  full_name: string
  birth_date: string | null
  created_at: number
}

/** One face check: its outcome, the provider's reference and scores, and the image's SHA-256 (never the image). */
export interface FaceChecksTable {
  id: Generated<number>
  player_id: number
  purpose: FacePurpose
  /** The device row of the session that sent it. */
  device_row_id: number | null
  outcome: FaceCheckOutcome
  match_bp: number | null
  liveness_bp: number | null
  provider: string
  provider_ref: string | null
  image_sha256: string | null
  created_at: number
}

/** The player's consent to the processing of their face (LGPD art. 11), per text version. */
export interface BiometricConsentsTable {
  id: Generated<number>
  player_id: number
  version: string
  given_at: number
}

/** Registration data the rules ask for: address with CEP, gender, the sign-up address and device. */
export interface PlayerRegistrationTable {
  player_id: number
  cep: string | null
  street: string | null
  number: string | null
  complement: string | null
  district: string | null
  city: string | null
  state: string | null
  gender: string | null
  /** The client address of the first login (the sign-up). */
  signup_address: string | null
  /** The device summary of the first login ("Chrome · Android"). */
  signup_device: string | null
  updated_at: number
}

/** Lei 14.790/2023 art. 26: people barred from betting here, uploaded by the operator. */
export interface BarredCpfsTable {
  cpf: string
  category: BarredCategory
  added_at: number
}

export type DepositStatus = 'pending' | 'paid' | 'expired'

export interface DepositOrdersTable {
  id: string
  player_id: number
  request_id: string
  amount: number
  txid: string
  pay_code: string
  status: DepositStatus
  /** 0 or 1 (integers on both engines). */
  accept_offer: number
  created_at: number
  expires_at: number
  paid_at: number | null
  paid_amount: number | null
  amount_mismatch: Generated<number>
  bonus_amount: Generated<number>
  /** Set when the order was withdrawn unpaid (its status stays `expired`): a pause began. */
  cancelled_at: Generated<number | null>
  cancel_reason: Generated<'self_excluded' | null>
}

export interface PixPaymentsTable {
  end_to_end_id: string
  txid: string
  amount: number
  paid_at: number
  order_id: string | null
  late: number
  received_at: number
  /** The payer's CPF as their bank reported it (null: not reported; rows before migration 0025). */
  payer_cpf: string | null
}

export type SandboxChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP'

export interface SandboxChargesTable {
  txid: string
  amount: number
  status: SandboxChargeStatus
  pay_code: string
  payer_name: string
  payer_cpf: string
  created_at: number
  expires_seconds: number
  end_to_end_id: string | null
  paid_amount: number | null
  paid_at: number | null
  webhook_status: Generated<string>
  /** API Pix `revisao`: 0 when created, one more for every change (migration 0033). */
  revisao: Generated<number>
  /** API Pix fields kept as given (`devedor`, `solicitacaoPagador`, `infoAdicionais`, `modalidadeAlteracao`), JSON (0064). */
  details: string | null
  /** The payload location (`sandbox_locations.id`) the charge is served at; null: at its txid (0064). */
  loc_id: number | null
}

/** Every revision of a sandbox charge as API Pix shows it, JSON (0064). */
export interface SandboxChargeRevisionsTable {
  txid: string
  revisao: number
  snapshot: string
  created_at: number
}

/** The sandbox PSP's payload locations (API Pix `/loc`): the capability token in the URL, and the charge it serves. */
export interface SandboxLocationsTable {
  id: Generated<number>
  token: string
  tipo_cob: string
  txid: string | null
  created_at: number
}

export interface PlayerLimitsTable {
  player_id: number
  kind: LimitSettingKind
  amount: number | null
  pending_amount: number | null
  pending_from: number | null
  updated_at: number
}

export interface SelfExclusionsTable {
  player_id: number
  started_at: number
  until: number | null
}

export interface LimitEventsTable {
  id: Generated<number>
  player_id: number
  kind: LimitEventKind
  detail: string
  actor: LimitActor
  created_at: number
}

/** An account signed in from a device id and a client address (0048; '' when not sent). */
export interface LoginSightingsTable {
  player_id: number
  device_id: string
  address: string
  first_at: number
  last_at: number
}

export interface RealityChecksTable {
  id: Generated<number>
  player_id: number
  session_id: string
  answer: RealityCheckChoice
  played_ms: number
  net: number
  answered_at: number
}

export type WithdrawalStatus = OrderStatus

export interface WithdrawalOrdersTable {
  id: string
  player_id: number
  request_id: string
  amount: number
  key_type: PixKeyType
  pix_key: string
  holder_name: string
  status: WithdrawalStatus
  attempt: number
  sent_attempt: number
  end_to_end_id: string | null
  fail_reason: string | null
  created_at: number
  updated_at: number
  /** Not handed to the PIX network before this time (the cool-off); null: at once. */
  send_after: Generated<number | null>
  /** `player` (asked for) or `closure` (the balance paid out when the account closes; 0053). */
  purpose: Generated<WithdrawalPurpose>
}

export type ClosureCause = 'barred' | 'self' | 'operator'
export type ClosureState = ClosureStateCode

export interface AccountClosuresTable {
  id: Generated<number>
  player_id: number
  cause: ClosureCause
  state: ClosureState
  /** Why the payout cannot go on without an operator (the worklist's row); null while it can. */
  stuck_reason: ClosureStuckReasonCode | null
  /** The register's answer that named the player (cause `barred`). */
  answer_id: number | null
  /** The language the notices are written in. */
  language: string
  requested_at: number
  /** By when the account must be closed (ACCOUNT_CLOSE_DAYS after it began). */
  due_at: number
  /** Closure payouts it may try; an operator's retry allows one more. */
  payout_attempts: Generated<number>
  paid_amount: Generated<number>
  forfeited_bonus: Generated<number>
  closed_at: number | null
  /** `payout` (closed once paid) or `operator:<id>` (closed from the worklist). */
  closed_by: string | null
  reopened_at: number | null
  updated_at: number
}

export interface WithdrawalStepsTable {
  id: Generated<number>
  order_id: string
  code: TrackerStepCode
  state: StepStateCode
  args: string
  created_at: number
}

export type SandboxPayoutOutcome = 'pay' | 'invalid_key' | 'reject' | 'no_answer' | 'never' | 'key_not_owned'

export interface SandboxPayoutsTable {
  id: string
  amount: number
  key_type: string
  pix_key: string
  holder_name: string
  status: 'processing' | 'paid' | 'failed'
  outcome: SandboxPayoutOutcome
  reason: string | null
  end_to_end_id: string | null
  created_at: number
  settle_at: number
  settled_at: number | null
  webhook_status: Generated<string>
  /** The CPF the payee must hold the key under (null on payouts from before the check). */
  owner_cpf: string | null
}

export interface SandboxPayoutRulesTable {
  pix_key: string
  outcome: SandboxPayoutOutcome
  created_at: number
  /** The key holder who set the rule; it applies only while the key is still theirs. */
  owner_cpf: string | null
}

export interface FairSeedsTable {
  id: Generated<number>
  player_id: number
  server_seed: string
  server_seed_hash: string
  client_seed: string
  next_nonce: number
  created_at: number
  revealed_at: number | null
}

/** The committed next server seed of a player (one row each, 0011). */
export interface FairNextSeedsTable {
  player_id: number
  server_seed: string
  server_seed_hash: string
  created_at: number
}

export interface GameSessionsTable {
  id: string
  player_id: number
  game_id: string
  launch_token_hash: string
  launch_expires_at: number
  session_token_hash: string | null
  opened_at: number | null
  last_seen_at: number
  closed_at: number | null
  created_at: number
  /** SHA-256 of the player's session token that opened it: the game session ends with that token. */
  access_token_hash: string | null
}

/**
 * PostgreSQL only (migration 0082): one row per round, written by a trigger with it — the round
 * ids and requestIds kept unique across the monthly partitions, and each round's game.
 */
export interface GameRoundKeysTable {
  id: string
  player_id: number
  request_id: string
  game_id: string
}

export interface GameRoundsTable {
  id: string
  player_id: number
  session_id: string
  request_id: string
  game_id: string
  game_version: number
  bet: number
  /** JSON array of reel stops. */
  stops: string
  /** JSON array of the stops of each free spin the round awarded (0011). */
  free_spins: string
  /** The game's win: base spin and free spins. */
  win: number
  jackpot_win: number
  jackpot_contribution: number
  balance_before: number
  balance_after: number
  seed_id: number
  server_seed_hash: string
  client_seed: string
  nonce: number
  created_at: number
}

/** One player's rounds of one game on one local day (0023, server/games/play-days.ts). */
export interface GamePlayDaysTable {
  player_id: number
  /** YYYY-MM-DD in the market's time zone. */
  day: string
  game_id: string
  rounds: number
  bets: number
  /** Wins and jackpot wins. */
  wins: number
}

export interface RewardClaimsTable {
  id: string
  player_id: number
  kind: BonusGrantKind
  amount: number
  created_at: number
}

export interface SignInsTable {
  player_id: number
  /** The São Paulo calendar date, YYYY-MM-DD. */
  day: string
  /** 1–7: the place of this day in the streak. */
  streak_day: number
  amount: number
  created_at: number
}

export interface WheelSpinsTable {
  id: Generated<number>
  player_id: number
  request_id: string
  prize: number
  created_at: number
}

export interface ReferralCodesTable {
  player_id: number
  code: string
  created_at: number
}

export interface InviteRewardsTable {
  invitee_id: number
  inviter_id: number
  amount: number
  qualified_at: number
  claim_id: string | null
}

export interface PlayerNoticesTable {
  player_id: number
  key: string
  created_at: number
}

export type PixRefundStatus = 'pending' | 'processing' | 'returned' | 'failed'

export interface PixRefundsTable {
  id: string
  end_to_end_id: string
  txid: string
  order_id: string | null
  player_id: number | null
  amount: number
  reason: RefundReason
  status: PixRefundStatus
  return_id: string | null
  provider_reason: string | null
  attempts: Generated<number>
  created_at: number
  updated_at: number
  returned_at: number | null
}

export interface WithdrawalPasswordFailuresTable {
  player_id: number
  failures: number
  first_failed_at: number
  locked_until: number | null
}

export interface SandboxDictKeysTable {
  pix_key: string
  key_type: string
  owner_cpf: string
  created_at: number
  updated_at: number
}

export interface SandboxReceivedPixTable {
  end_to_end_id: string
  txid: string
  amount: number
  payer_cpf: string
  paid_at: number
  webhook_status: Generated<string>
}

export type SandboxRefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO'

export interface SandboxRefundsTable {
  end_to_end_id: string
  id: string
  return_id: string
  amount: number
  description: string | null
  status: SandboxRefundStatus
  requested_at: number
  settled_at: number | null
}

/** Where the sandbox PSP POSTs a key's webhooks (API Pix `PUT /webhook/{chave}`). */
export interface SandboxWebhooksTable {
  chave: string
  webhook_url: string
  created_at: number
}

export interface AttributionConsentsTable {
  player_id: number
  /** 1 agreed, 0 declined. */
  granted: number
  decided_at: number
}

export interface AttributionClicksTable {
  player_id: number
  fbc: string | null
  fbp: string | null
  event_url: string | null
  client_user_agent: string | null
  channel: string | null
  updated_at: number
}

export interface AttributionEventsTable {
  id: Generated<number>
  event_id: string
  player_id: number
  kind: 'registration' | 'first_deposit' | 'deposit'
  order_id: string | null
  value: number
  currency: string
  event_time: number
  report_status: number
  attempts: number
  next_attempt_at: number
  error_code: string | null
  reported_at: number | null
  client_report_status: number
  client_error_code: string | null
  created_at: number
}

export interface SupportConversationsTable {
  id: Generated<number>
  player_id: number
  status: 'open' | 'closed'
  language: string
  /** JSON `{ orderId }`. */
  context: string | null
  assigned_to: string | null
  assigned_name: string | null
  waiting_since: number | null
  last_message_at: number
  player_read_upto: Generated<number>
  operator_read_upto: Generated<number>
  player_typing_at: number | null
  created_at: number
}

export interface SupportMessagesTable {
  id: Generated<number>
  conversation_id: number
  author: MessageAuthor
  operator_id: string | null
  operator_name: string | null
  text: string
  request_id: string
  created_at: number
}

export interface SupportFaqTable {
  id: Generated<number>
  language: string
  position: number
  question: string
  answer: string
  updated_at: number
}

export interface SupportNoticesTable {
  id: Generated<number>
  language: string | null
  title: string
  body: string
  link: string | null
  starts_at: number
  ends_at: number | null
  created_by: string
  created_at: number
  deleted_at: number | null
}

export interface SupportNoticeReadsTable {
  player_id: number
  notice_id: number
  read_at: number
}

export interface SupportFeedbackTable {
  id: Generated<number>
  player_id: number
  topic: string
  text: string
  contact_consent: number
  status: 'open' | 'answered' | 'closed'
  answer: string | null
  answered_by: string | null
  answered_at: number | null
  answer_seen_at: number | null
  created_at: number
}

export interface SupportCannedTable {
  id: Generated<number>
  language: string
  title: string
  text: string
  updated_at: number
}

/** One frozen local day of the transparency page (0024, server/transparency). */
export interface TransparencySnapshotsTable {
  /** YYYY-MM-DD in the market's time zone. */
  day: string
  previous_hash: string
  hash: string
  /** Canonical JSON of the day's figures. */
  figures: string
  frozen_at: number
}

/** A frozen day's RFC 3161 time-stamp token (append-only). */
export interface TransparencyAnchorsTable {
  day: string
  hash: string
  tsa_url: string
  /** The TimeStampToken (CMS SignedData), DER in base64. */
  token: string
  stamped_at: number
}

/** A break the server's own check of its chain found; no day is frozen while one is unacknowledged. */
/** Which instance builds a day's proof of liabilities, until when (renewed as it goes). */
export interface LiabilityClaimsTable {
  day: string
  holder: string
  until: number
}

export interface LiabilityTreesTable {
  day: string
  read_at: number
  player_count: number
  total: number
  root: string
  depth: number
  chunk_height: number
  chunk_nodes: string
}

export interface LiabilityLeavesTable {
  day: string
  position: number
  player_id: number
  salt: string
  balance: number
}

export interface TransparencyWitnessReportsTable {
  id: Generated<number>
  received_at: number
  seen_day: string
  seen_hash: string
  served_hash: string | null
  head_day: string | null
  head_hash: string | null
  seen_at: number | null
  sender: string
}

export interface TransparencyChainBreaksTable {
  id: Generated<number>
  detected_at: number
  day: string
  problem: string
  acknowledged_at: number | null
  acknowledged_by: string | null
}

/** Present only inside the transaction that goes through the append-only triggers (server/audit/append-only.ts). */
export interface AppendOnlyUnlocksTable {
  reason: string
}

/** A player's standing with the barred-person register (server/sigap). */
export interface RegisterPlayersTable {
  player_id: number
  cpf: string
  /** clear: the register's last answer allowed them; barred: it named them; unchecked: an answer is owed. */
  state: 'clear' | 'barred' | 'unchecked'
  checked_at: number | null
  /** The market's local day of the last answer (the first login of a day asks again). */
  checked_day: string | null
  barred_at: number | null
  /** The answer that named them (what a later close-and-pay-out step starts from). */
  barred_answer_id: number | null
  attempts: number
  /** When an unchecked player is asked again. */
  next_attempt_at: number | null
  updated_at: number
}

/** Every answer the register gave (or failed to give), kept five years. */
export interface RegisterAnswersTable {
  id: Generated<number>
  player_id: number
  cpf: string
  moment: 'registration' | 'daily_login' | 'sweep' | 'retry'
  outcome: 'allowed' | 'barred' | 'unavailable'
  /** The register's reasons, comma-separated (empty when allowed or unanswered). */
  reasons: string
  protocol: string | null
  sweep_id: number | null
  asked_at: number
}

export interface RegisterSweepsTable {
  id: Generated<number>
  started_at: number
  finished_at: number | null
  /** The last player id answered for (the sweep goes on after it). */
  cursor: number
  total: number
  checked: number
  barred: number
  unavailable: number
  updated_at: number
}

export interface RegisterLeasesTable {
  name: string
  holder: string
  until: number
}

export interface Database {
  register_players: RegisterPlayersTable
  register_answers: RegisterAnswersTable
  register_sweeps: RegisterSweepsTable
  register_leases: RegisterLeasesTable
  players: PlayersTable
  attribution_consents: AttributionConsentsTable
  attribution_clicks: AttributionClicksTable
  attribution_events: AttributionEventsTable
  devices: DevicesTable
  face_pending: FacePendingTable
  face_checks: FaceChecksTable
  biometric_consents: BiometricConsentsTable
  player_registration: PlayerRegistrationTable
  login_throttles: LoginThrottlesTable
  password_resets: PasswordResetsTable
  fair_seeds: FairSeedsTable
  fair_next_seeds: FairNextSeedsTable
  game_sessions: GameSessionsTable
  game_rounds: GameRoundsTable
  game_round_keys: GameRoundKeysTable
  game_play_days: GamePlayDaysTable
  session_tokens: SessionTokensTable
  player_passkeys: PlayerPasskeysTable
  passkey_challenges: PasskeyChallengesTable
  ledger_accounts: LedgerAccountsTable
  ledger_transfer_keys: LedgerTransferKeysTable
  ledger_transfer_resolutions: LedgerTransferResolutionsTable
  ledger_transfer_months: LedgerTransferMonthsTable
  ledger_transfers: LedgerTransfersTable
  wallet_bets: WalletBetsTable
  bonus_wagering: BonusWageringTable
  outbox: OutboxTable
  push_subscriptions: PushSubscriptionsTable
  player_verifications: PlayerVerificationsTable
  verification_reviews: VerificationReviewsTable
  barred_cpfs: BarredCpfsTable
  deposit_orders: DepositOrdersTable
  pix_payments: PixPaymentsTable
  sandbox_charges: SandboxChargesTable
  player_limits: PlayerLimitsTable
  self_exclusions: SelfExclusionsTable
  limit_events: LimitEventsTable
  reality_checks: RealityChecksTable
  login_sightings: LoginSightingsTable
  withdrawal_orders: WithdrawalOrdersTable
  withdrawal_steps: WithdrawalStepsTable
  sandbox_payouts: SandboxPayoutsTable
  sandbox_payout_rules: SandboxPayoutRulesTable
  reward_claims: RewardClaimsTable
  sign_ins: SignInsTable
  wheel_spins: WheelSpinsTable
  referral_codes: ReferralCodesTable
  invite_rewards: InviteRewardsTable
  player_notices: PlayerNoticesTable
  pix_refunds: PixRefundsTable
  withdrawal_password_failures: WithdrawalPasswordFailuresTable
  sandbox_dict_keys: SandboxDictKeysTable
  sandbox_received_pix: SandboxReceivedPixTable
  sandbox_refunds: SandboxRefundsTable
  sandbox_webhooks: SandboxWebhooksTable
  sandbox_charge_revisions: SandboxChargeRevisionsTable
  sandbox_locations: SandboxLocationsTable
  operators: OperatorsTable
  operator_sessions: OperatorSessionsTable
  operator_setup_tokens: OperatorSetupTokensTable
  operator_grants: OperatorGrantsTable
  mail_outbox: MailOutboxTable
  player_contacts: PlayerContactsTable
  player_contact_codes: PlayerContactCodesTable
  account_closures: AccountClosuresTable
  audit_log: AuditLogTable
  operator_notes: OperatorNotesTable
  adjustment_requests: AdjustmentRequestsTable
  runtime_settings: RuntimeSettingsTable
  support_conversations: SupportConversationsTable
  support_messages: SupportMessagesTable
  support_faq: SupportFaqTable
  support_notices: SupportNoticesTable
  support_notice_reads: SupportNoticeReadsTable
  support_feedback: SupportFeedbackTable
  support_canned: SupportCannedTable
  transparency_snapshots: TransparencySnapshotsTable
  transparency_anchors: TransparencyAnchorsTable
  transparency_chain_breaks: TransparencyChainBreaksTable
  liability_trees: LiabilityTreesTable
  liability_claims: LiabilityClaimsTable
  liability_leaves: LiabilityLeavesTable
  transparency_witness_reports: TransparencyWitnessReportsTable
  append_only_unlocks: AppendOnlyUnlocksTable
  risk_flags: RiskFlagsTable
  risk_case_notes: RiskCaseNotesTable
  regulatory_file_jobs: RegulatoryFileJobsTable
  regulatory_files: RegulatoryFilesTable
  aml_classes: AmlClassesTable
  aml_reviews: AmlReviewsTable
  aml_parties: AmlPartiesTable
  aml_reports: AmlReportsTable
  aml_state: AmlStateTable
  aml_worker_lease: AmlWorkerLeaseTable
  sanctions_lists: SanctionsListsTable
  sanctions_entries: SanctionsEntriesTable
  sanctions_matches: SanctionsMatchesTable
  sanctions_screened: SanctionsScreenedTable
  harm_markers: HarmMarkersTable
  harm_scores: HarmScoresTable
  harm_interventions: HarmInterventionsTable
  harm_score_reviews: HarmScoreReviewsTable
  harm_worker: HarmWorkerTable
}

export type { OperatorRole }

export interface OperatorsTable {
  id: Generated<number>
  email: string
  name: string
  role: OperatorRole
  password_hash: string | null
  totp_secret: string | null
  totp_enabled_at: number | null
  totp_last_step: number | null
  disabled_at: number | null
  created_at: number
  updated_at: number
}

export interface OperatorSessionsTable {
  token_hash: string
  operator_id: number
  created_at: number
  last_seen_at: number
  expires_at: number
  ip: string
  revoked_at: number | null
}

export interface OperatorSetupTokensTable {
  token_hash: string
  operator_id: number | null
  role: OperatorRole
  created_at: number
  expires_at: number
  used_at: number | null
}

/** Who gave an operator credentials or a role, and when (0045, server/ops/operator-grants.ts). */
export interface OperatorGrantsTable {
  id: Generated<number>
  operator_id: number
  /** The person who did it; null for the command line. */
  granted_by: number | null
  granted_by_name: string
  kind: 'create' | 'reset' | 'role'
  role: OperatorRole
  at: number
}

/** E-mail waiting to be sent, or sent (0044, server/mail/outbox.ts). */
export interface MailOutboxTable {
  id: Generated<number>
  /** An e-mail (through SMTP) or an SMS (through the SMS API; no subject, no HTML). */
  kind: ColumnType<'email' | 'sms', 'email' | 'sms' | undefined, 'email' | 'sms'>
  recipient: string
  subject: string
  /** Emptied once sent: it may hold a one-time link. */
  body_text: string
  body_html: string | null
  /** The Message-ID header, the same on every attempt. */
  message_id: string
  status: 'queued' | 'sending' | 'sent' | 'failed'
  attempts: number
  next_attempt_at: number
  /** While `sending`: another worker may take the row over only after this. */
  claimed_until: number | null
  last_error: string | null
  /** What the SMTP server answered for the accepted message. */
  provider_id: string | null
  created_at: number
  sent_at: number | null
}

export interface AuditLogTable {
  id: Generated<number>
  at: number
  actor_id: number | null
  actor_name: string
  action: string
  object_type: string
  object_id: string
  before: string | null
  after: string | null
  reason: string | null
  ip: string
}

export interface OperatorNotesTable {
  id: Generated<number>
  player_id: number
  operator_id: number | null
  author: string
  body: string
  created_at: number
}

export interface AdjustmentRequestsTable {
  id: string
  player_id: number
  amount: number
  reason: string
  requested_by: number | null
  requested_by_name: string
  requested_at: number
  /** `applied`: by one person alone, within the four-eyes bound (server/ops/adjustments.ts). */
  status: 'pending' | 'approved' | 'rejected' | 'applied'
  decided_by: number | null
  decided_at: number | null
}

export interface RuntimeSettingsTable {
  key: string
  value: string
  updated_at: number
  updated_by: string
}

/** A money-watch flag and its case file (0037): one open flag per player and rule. */
export interface RiskFlagsTable {
  id: Generated<number>
  player_id: number
  rule: string
  status: 'open' | 'closed'
  /** JSON: what the rule found the last time it fired. */
  reasons: string
  trigger_ref: string | null
  hits: number
  first_at: number
  last_at: number
  decision: string | null
  decision_reason: string | null
  decided_by: number | null
  decided_by_name: string | null
  decided_at: number | null
}

export interface RiskCaseNotesTable {
  id: Generated<number>
  flag_id: number
  author_id: number | null
  author: string
  body: string
  created_at: number
}

/** One local day's export to the regulator (0046): its lease and progress. */
export interface RegulatoryFileJobsTable {
  day: string
  lease_owner: string | null
  lease_until: number
  dataset_index: number
  cursor: string | null
  next_seq: number
  started_at: number
  finished_at: number | null
}

/** One file of a day's export (0046), its content, SHA-256 and the receiver's answers. */
export interface RegulatoryFilesTable {
  id: string
  day: string
  dataset: string
  seq: number
  records: number
  cursor_from: string | null
  content: string
  sha256: string
  status: string
  /** JSON array of the receiver's reasons for a rejection. */
  reasons: string | null
  protocol: string | null
  attempts: number
  send_lease_until: number
  created_at: number
  sent_at: number | null
  answered_at: number | null
}

export type ContactKind = 'email' | 'phone'

export interface PlayerContactsTable {
  id: Generated<number>
  player_id: number
  kind: ContactKind
  /** The confirmed value (an e-mail address, or a phone in E.164); null until one is confirmed. */
  value: string | null
  confirmed_at: number | null
  /** The value a code was sent to and not yet confirmed. */
  pending_value: string | null
  /** The pending code's hash only (never the code). */
  code_hash: string | null
  code_expires_at: number | null
  /** Wrong codes given for the pending code. */
  code_attempts: number
  updated_at: number
}

export interface PlayerContactCodesTable {
  id: Generated<number>
  player_id: number
  kind: ContactKind
  value: string
  sent_at: number
}

/** A bettor's anti-money-laundering risk class (server/aml), recomputed by its worker. */
export interface AmlClassesTable {
  player_id: number
  class: 'low' | 'medium' | 'high'
  /** JSON array of the reasons (contract/aml.ts AmlReason). */
  reasons: string
  rules_version: number
  computed_at: number
  /** Since when the bettor has been in this class. */
  class_since: number
  review_due_at: number | null
  reviewed_at: number | null
  reviewed_by: string | null
}

export interface AmlReviewsTable {
  id: Generated<number>
  player_id: number
  class: 'low' | 'medium' | 'high'
  reasons: string
  outcome: string
  note: string
  reviewed_by_id: number | null
  reviewed_by: string
  reviewed_at: number
}

/** Staff, partners and outsourced providers, classified as Portaria SPA/MF 1.143/2024 art. 8 asks. */
export interface AmlPartiesTable {
  id: Generated<number>
  kind: 'staff' | 'partner' | 'provider'
  name: string
  document: string
  role: string
  handles_money: number
  personal_data: number
  pep: number
  country: string
  class: 'low' | 'medium' | 'high'
  reasons: string
  sanctions_match: number
  review_due_at: number
  created_at: number
  created_by: string
}

export interface AmlReportsTable {
  year: number
  body: string
  sha256: string
  generated_at: number
  generated_by: string
}

export interface AmlStateTable {
  key: string
  value: string
}

/** The AML worker's lease: the one row (id 1), who holds it and until when (0065). */
export interface AmlWorkerLeaseTable {
  id: number
  holder: string
  until: number
}

export interface SanctionsListsTable {
  id: Generated<number>
  source: string
  generated_at: string | null
  sha256: string
  individuals: number
  loaded_at: number
}

export interface SanctionsEntriesTable {
  id: Generated<number>
  list_id: number
  reference: string
  name: string
  names: string
  births: string
  nationality: string
  listed_on: string | null
}

export interface SanctionsMatchesTable {
  id: Generated<number>
  player_id: number
  list_id: number
  reference: string
  listed_name: string
  matched_as: string
  listed_birth: string
  strength: 'strong' | 'weak'
  status: 'open' | 'frozen' | 'cleared' | 'confirmed'
  created_at: number
  decided_at: number | null
  decided_by: string | null
  decision_reason: string | null
}

export interface SanctionsScreenedTable {
  player_id: number
  list_id: number
  screened_at: number
}

/** One player's marker as last computed (server/harm/rules.ts): its measured value, threshold, and whether it fired. */
export interface HarmMarkersTable {
  player_id: number
  rule: string
  version: number
  value: number
  threshold: number
  /** 0 or 1. */
  fired: number
  computed_at: number
}
export interface HarmScoresTable {
  player_id: number
  /** The sum of the fired markers' weights. */
  raw_score: number
  /** What the levels read: the raw score, or a lowered one while a four-eyes decision holds it. */
  score: number
  level: number
  /** JSON array of the fired rules' names. */
  fired: string
  computed_at: number
  lowered_to: number | null
  /** The raw score when it was lowered: a higher raw score (new evidence) ends the lowering. */
  lowered_at_raw: number | null
  lowered_until: number | null
  lowered_reason: string | null
}
export type HarmInterventionKind = 'message' | 'cool_off_offer' | 'contact_task' | 'mandatory_pause'
export interface HarmInterventionsTable {
  id: Generated<number>
  player_id: number
  level: number
  kind: HarmInterventionKind
  /** open (waiting for the player or operator), seen, accepted, declined, done, applied. */
  status: string
  score: number
  fired: string
  /** JSON: the player's own figures the message shows. */
  figures: string
  due_at: number | null
  created_at: number
  resolved_at: number | null
  resolved_by: string | null
  outcome: string | null
  /** JSON: deposits, loss and minutes played in the 7 days before and after. */
  effect: string | null
  effect_at: number | null
}
export interface HarmScoreReviewsTable {
  id: Generated<number>
  player_id: number
  from_score: number
  to_score: number
  reason: string
  status: 'pending' | 'approved' | 'rejected'
  requested_by: number | null
  requested_by_name: string
  decided_by: number | null
  decided_by_name: string | null
  decided_at: number | null
  created_at: number
}
export interface HarmWorkerTable {
  id: number
  watermark: number
  lease_until: number
}
