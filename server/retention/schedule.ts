// The retention schedule: what kind of record is kept, in which module's tables, for how long and
// under which rule. This file is the one place it is written (docs/retention.md matches it, and a
// test holds the two together); it owns no table. The job in job.ts reads `closedAccountYears` and
// `sentNoticeYears`.

export interface RetentionRule {
  /** What kind of record. */
  record: string
  /**
   * The module that owns it, and its tables as one text (names separated by commas, a note in
   * brackets): this module names them and queries none.
   */
  module: string
  tables: string
  /** How long it is kept, in words, counted as the rule says. */
  period: string
  /** The rule that sets the period. */
  rule: string
  /** What happens when the period is over. */
  after: string
}

const AML = 'Lei 9.613/1998 art. 10 (records kept at least 5 years from the end of the relationship)'
const PLD =
  'Portaria SPA/MF 1.143/2024 (PLD/FTP records, the risk classification and its reviews, kept at least 5 years)'
const LGPD_END = 'LGPD (Lei 13.709/2018) art. 15 and 16 (deleted or anonymised once the purpose ends)'
const BETTING = 'Lei 14.790/2023 and Portaria SPA/MF 1.231/2024 (the operator keeps its bettors’ records)'

/** Personal data of a closed account is kept this long after closing, then anonymised. */
export const closedAccountYears = 5

/** A notice sent by e-mail or SMS is kept this long after sending, then removed. */
export const sentNoticeYears = 5

export const retentionSchedule: readonly RetentionRule[] = [
  {
    record: 'Player identity: name, CPF, date of birth, device ids, user name, login addresses, e-mail and phone',
    module: 'accounts',
    tables: 'players, devices, player_verifications, login_sightings, player_contacts, player_contact_codes',
    period: '5 years after the account is closed; for as long as it is open',
    rule: `${AML}; ${BETTING}; then ${LGPD_END}`,
    after: 'anonymised by the retention job (placeholders; ids and times stay)',
  },
  {
    record: 'Identity verification answers (bureau name and date of birth, reviews, address)',
    module: 'accounts',
    tables: 'verification_reviews (every row of the player)',
    period: '5 years after the account is closed',
    rule: `${AML}; then ${LGPD_END}`,
    after: 'anonymised by the retention job',
  },
  {
    record:
      'Face checks: outcome, similarity and liveness scores, the provider’s reference and the picture’s SHA-256 (never the picture); an identity waiting for its face',
    module: 'accounts',
    tables: 'face_checks, face_pending (every row of the player)',
    period: '5 years after the account is closed; a waiting identity until its face step',
    rule: `${AML}; ${BETTING}; then ${LGPD_END}`,
    after:
      'anonymised by the retention job: hash and reference removed, outcome, scores and time kept; a waiting identity removed',
  },
  {
    record: 'Biometric consents (which text version, when)',
    module: 'accounts',
    tables: 'biometric_consents (every row of the player)',
    period: '5 years after the account is closed (proof of the consent the face checks relied on)',
    rule: `LGPD (Lei 13.709/2018) art. 8 and 11 (consent to sensitive data, the controller proves it); ${AML}`,
    after: 'kept (names the player by id only)',
  },
  {
    record:
      'Passkeys: the credential id, public key, signature counter, transports, the phone’s label and when it was made, last used and revoked (no private key, nothing biometric: the phone keeps those)',
    module: 'accounts',
    tables: 'player_passkeys (every row of the player), passkey_challenges (each for 5 minutes)',
    period:
      '5 years after the account is closed (a revoked passkey too: it shows which key approved a withdrawal); a challenge until it is used or expires',
    rule: `${AML}; ${BETTING}; then ${LGPD_END}`,
    after: 'kept (a public key names the player by id only); challenges removed as new ones are made',
  },
  {
    record: 'Registration data: address with CEP, gender, sign-up address and device',
    module: 'accounts',
    tables: 'player_registration (the player’s row)',
    period: '5 years after the account is closed; for as long as it is open',
    rule: `${BETTING} (Portaria SPA/MF 2.579/2025 art. 3); ${AML}; then ${LGPD_END}`,
    after: 'removed by the retention job',
  },
  {
    record: 'Barred-register answers (SIGAP): the CPF asked, the verdict, its reasons and time',
    module: 'sigap',
    tables: 'register_answers, register_players (every row of the player)',
    period: '5 years after the account is closed (every answer is older than that by then)',
    rule: `${AML}; ${BETTING}; then ${LGPD_END}`,
    after: 'anonymised by the retention job: the standing goes (no sweep asks again), answers keep verdict and time',
  },
  {
    record: 'Account closures: why (register hit, own request, operator), when, what was paid and forfeited',
    module: 'closure',
    tables: 'account_closures (every row of the player)',
    period: '5 years after the account is closed',
    rule: `${AML}; ${BETTING}; Instrução Normativa SPA/MF 31/2025 (a register hit closes the account)`,
    after: 'kept (no personal data: ids, causes, amounts and times)',
  },
  {
    record: 'Notices sent by e-mail and SMS (closure and register notices, contact codes): address, text, status',
    module: 'mail',
    tables: 'mail_outbox (every message)',
    period: '5 years from sending',
    rule: `${BETTING}; Instrução Normativa SPA/MF 31/2025 (the player told of a hit and its closure); then ${LGPD_END}`,
    after:
      'removed by the retention job (address, subject and status; the text is emptied when sent); one that failed for good 5 years after it was written; queued ones never',
  },
  {
    record: 'Ledger: accounts and transfers (amounts, kinds, balances after)',
    module: 'ledger',
    tables:
      'ledger_accounts, ledger_transfers, ledger_transfer_keys, ledger_transfer_resolutions, ledger_transfer_months, wallet_bets, bonus_wagering',
    period: 'at least 5 years after the account is closed; kept, as they hold no personal data',
    rule: AML,
    after: 'kept: amounts and transfer rows never change, so conservation holds',
  },
  {
    record: 'Deposits, withdrawals, PIX payments and refunds (amounts, end-to-end ids)',
    module: 'payments',
    tables: 'deposit_orders, pix_payments, withdrawal_orders, withdrawal_steps, pix_refunds',
    period: '5 years after the account is closed',
    rule: `${AML}; ${BETTING}`,
    after: 'PIX keys, holder names and payer CPFs anonymised by the retention job; amounts stay',
  },
  {
    record: 'Money-watch cases and COAF case exports',
    module: 'risk',
    tables: 'risk_flags, risk_case_notes',
    period: '5 years from the case’s decision',
    rule: AML,
    after: 'kept (they name the player by id only)',
  },
  {
    record:
      'AML risk classes and their reasons, operators’ periodic reviews, sanctions-screening matches and decisions, the annual AML reports',
    module: 'aml',
    tables: 'aml_classes, aml_reviews, sanctions_matches, sanctions_screened, aml_reports, aml_state, aml_worker_lease',
    period: '5 years after the account is closed (reviews and reports: 5 years from their date)',
    rule: `${AML}; ${PLD}`,
    after: 'kept (they name the player by id only; the name shown is read from accounts)',
  },
  {
    record: 'Sanctions lists loaded (UN Security Council consolidated list: source, date, hash, entries)',
    module: 'aml',
    tables: 'sanctions_lists (every list), sanctions_entries (the current list only)',
    period: '5 years from the day a list was replaced',
    rule: `${PLD}; Lei 13.810/2019`,
    after: 'kept (public list); the entries of a replaced list are dropped when the next loads, its hash kept',
  },
  {
    record: 'Staff, partners and service providers classified for AML (name, document, role, class)',
    module: 'aml',
    tables: 'aml_parties (every party)',
    period: '5 years after the relationship ends',
    rule: `${PLD}; then ${LGPD_END}`,
    after: 'removed by hand when the relationship has been over 5 years (the register shows each party’s dates)',
  },
  {
    record: 'Game rounds, seeds and play days',
    module: 'games',
    tables: 'game_rounds, game_round_keys, game_sessions, game_play_days, fair_seeds, fair_next_seeds',
    period: '5 years after the account is closed',
    rule: BETTING,
    after: 'kept (no personal data)',
  },
  {
    record: 'Responsible-gaming limits, pauses and reality checks',
    module: 'accounts',
    tables: 'player_limits, self_exclusions, limit_events, reality_checks',
    period: '5 years after the account is closed',
    rule: BETTING,
    after: 'kept (no personal data)',
  },
  {
    record: 'Support conversations and feedback',
    module: 'support',
    tables: 'support_conversations, support_messages, support_feedback',
    period: '5 years after the account is closed',
    rule: `${BETTING} (complaints); then ${LGPD_END}`,
    after: 'texts anonymised by the retention job',
  },
  {
    record: 'Ad-click identifiers and browser string',
    module: 'attribution',
    tables: 'attribution_clicks (fbc, fbp, event_url, client_user_agent)',
    period: '5 years after the account is closed at most',
    rule: LGPD_END,
    after: 'removed by the retention job',
  },
  {
    record: 'Web Push subscriptions (browser endpoints and keys)',
    module: 'push',
    tables: 'push_subscriptions (every row of the player)',
    period: 'while the account is open; 5 years after closing at most',
    rule: LGPD_END,
    after: 'removed by the retention job',
  },
  {
    record: 'Login throttles (keyed by user name and device id)',
    module: 'accounts',
    tables: 'login_throttles (the player’s keys)',
    period: 'minutes (the throttle window); 5 years after closing at most',
    rule: LGPD_END,
    after: 'removed by the retention job',
  },
  {
    record: 'Operator audit log',
    module: 'audit',
    tables: 'audit_log (every entry)',
    period: '5 years from the entry',
    rule: `${AML}; ${BETTING}`,
    after: 'kept (append-only); the retention job writes only counts into it',
  },
  {
    record: 'Transparency page snapshots (daily totals, hash chain)',
    module: 'transparency',
    tables: 'transparency_snapshots (every day)',
    period: 'forever',
    rule: 'product: the published chain must keep verifying; it holds totals only, no personal data',
    after: 'kept',
  },
]

/** The schedule as the Markdown table docs/retention.md carries. */
export function scheduleMarkdown(): string {
  const cell = (text: string) => text.replaceAll('|', '\\|')
  const lines = [
    '| record | module | tables | kept | rule | then |',
    '| --- | --- | --- | --- | --- | --- |',
    ...retentionSchedule.map(
      (r) => `| ${[r.record, r.module, r.tables || '—', r.period, r.rule, r.after].map(cell).join(' | ')} |`,
    ),
  ]
  return `${lines.join('\n')}\n`
}
