// Which module owns each table: only that module's code reads or writes it; other modules call
// its functions. Typed against the schema, so a new table without an owner does not compile;
// `npm run check` (scripts/check-tables.ts) fails on a query to another module's table.
import type { Database } from './schema.ts'

export type ServerModule =
  | 'accounts'
  | 'ledger'
  | 'payments'
  | 'payments/sandbox'
  | 'games'
  | 'rewards'
  | 'push'
  | 'attribution'
  | 'ops'
  | 'audit'
  | 'support'
  | 'transparency'
  | 'risk'

export const tableOwners: Record<keyof Database, ServerModule> = {
  players: 'accounts',
  session_tokens: 'accounts',
  devices: 'accounts',
  login_throttles: 'accounts',
  player_verifications: 'accounts',
  verification_reviews: 'accounts',
  barred_cpfs: 'accounts',
  player_limits: 'accounts',
  self_exclusions: 'accounts',
  limit_events: 'accounts',
  reality_checks: 'accounts',
  ledger_accounts: 'ledger',
  ledger_transfers: 'ledger',
  wallet_bets: 'ledger',
  bonus_wagering: 'ledger',
  outbox: 'push',
  push_subscriptions: 'push',
  deposit_orders: 'payments',
  pix_payments: 'payments',
  withdrawal_orders: 'payments',
  withdrawal_steps: 'payments',
  withdrawal_password_failures: 'payments',
  pix_refunds: 'payments',
  sandbox_charges: 'payments/sandbox',
  sandbox_payouts: 'payments/sandbox',
  sandbox_payout_rules: 'payments/sandbox',
  sandbox_dict_keys: 'payments/sandbox',
  sandbox_received_pix: 'payments/sandbox',
  sandbox_refunds: 'payments/sandbox',
  sandbox_webhooks: 'payments/sandbox',
  fair_seeds: 'games',
  fair_next_seeds: 'games',
  game_sessions: 'games',
  game_rounds: 'games',
  game_play_days: 'games',
  reward_claims: 'rewards',
  sign_ins: 'rewards',
  wheel_spins: 'rewards',
  referral_codes: 'rewards',
  invite_rewards: 'rewards',
  player_notices: 'rewards',
  attribution_consents: 'attribution',
  attribution_clicks: 'attribution',
  attribution_events: 'attribution',
  operators: 'ops',
  operator_sessions: 'ops',
  operator_setup_tokens: 'ops',
  audit_log: 'audit',
  operator_notes: 'ops',
  adjustment_requests: 'ops',
  runtime_settings: 'ops',
  support_conversations: 'support',
  support_messages: 'support',
  support_faq: 'support',
  support_notices: 'support',
  support_notice_reads: 'support',
  support_feedback: 'support',
  support_canned: 'support',
  transparency_snapshots: 'transparency',
  risk_flags: 'risk',
  risk_case_notes: 'risk',
}
