// Table types for Kysely. Times are epoch milliseconds (bigint columns) on both engines.

import type { Generated } from 'kysely'
import type { BarredCategory, VerificationReviewReason } from '../../contract/identity.ts'
import type { OperatorRole } from '../../contract/ops.ts'
import type { TransferKind } from '../../contract/transfers.ts'

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
  /** Closed by an operator: logins are refused; every record is kept. */
  closed_at: number | null
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
}

export interface LoginThrottlesTable {
  /** `name:<user name>` or `device:<device id>`. */
  key: string
  failures: number
  window_started_at: number
  last_attempt_at: number
  locked_until: number | null
}

export interface SessionTokensTable {
  token_hash: string
  player_id: number
  /** The device the token was issued to (revoking the device revokes its tokens). */
  device_id: number | null
  created_at: number
  expires_at: number
  revoked_at: number | null
}

export interface LedgerAccountsTable {
  id: Generated<number>
  player_id: number | null
  code: string
  balance: number
  created_at: number
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
}

export interface PlayerLimitsTable {
  player_id: number
  kind: string
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
  kind: string
  detail: string
  actor: string
  created_at: number
}

export interface RealityChecksTable {
  id: Generated<number>
  player_id: number
  session_id: string
  answer: string
  played_ms: number
  net: number
  answered_at: number
}

export type WithdrawalStatus = 'review' | 'processing' | 'key_rejected' | 'paid' | 'failed'

export interface WithdrawalOrdersTable {
  id: string
  player_id: number
  request_id: string
  amount: number
  key_type: string
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
}

export interface WithdrawalStepsTable {
  id: Generated<number>
  order_id: string
  code: number
  state: number
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
  kind: string
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
  reason: string
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
  author: 'player' | 'operator'
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

export interface Database {
  players: PlayersTable
  attribution_consents: AttributionConsentsTable
  attribution_clicks: AttributionClicksTable
  attribution_events: AttributionEventsTable
  devices: DevicesTable
  login_throttles: LoginThrottlesTable
  fair_seeds: FairSeedsTable
  fair_next_seeds: FairNextSeedsTable
  game_sessions: GameSessionsTable
  game_rounds: GameRoundsTable
  game_play_days: GamePlayDaysTable
  session_tokens: SessionTokensTable
  ledger_accounts: LedgerAccountsTable
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
  operators: OperatorsTable
  operator_sessions: OperatorSessionsTable
  operator_setup_tokens: OperatorSetupTokensTable
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
  risk_flags: RiskFlagsTable
  risk_case_notes: RiskCaseNotesTable
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
