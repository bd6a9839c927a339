// The operator console's calls: what the server answers and the console shows. Plain
// types and constants only (no zod), so the console imports them as they are.

import type { Gender } from './face-values.ts'
import type { BarredCategory, VerificationReviewReason } from './identity.ts'
import type { LimitEvent, LimitsView, RealityCheckChoice } from './limit-values.ts'
import type { PromotionKey } from './promotion-keys.ts'
import type { StatementView } from './statement.ts'
import type { OrderStatus, StepStateCode, TrackerStepCode } from './withdrawal-values.ts'

export const operatorRoles = ['support', 'payments', 'risk', 'admin'] as const

export type OperatorRole = (typeof operatorRoles)[number]

const everyone = operatorRoles

/**
 * What each operator role may do: the one table every operator route checks (server/ops/roles.ts)
 * and the console's pages and forms are typed against, so the console names only permissions
 * the server grants.
 */
export const permissions = {
  'withdrawals.view': everyone,
  'withdrawals.review': ['payments', 'admin'],
  'players.view': everyone,
  /** The full CPF and PIX key; everyone else sees them masked. */
  'players.personalData': ['payments', 'risk', 'admin'],
  'players.note': everyone,
  'players.adjust': ['payments', 'admin'],
  'players.logout': ['support', 'risk', 'admin'],
  /**
   * A password reset for a player who forgot theirs: after the operator confirms the CPF and date
   * of birth the player told them, a one-time code the player uses to set a new password.
   */
  'players.passwordReset': ['support', 'risk', 'admin'],
  'players.exclusion': ['risk', 'admin'],
  /** A risk hold: play, deposits, new withdrawals and rewards refused until lifted. */
  'players.freeze': ['risk', 'admin'],
  /**
   * Closing an account: its balance is paid out to a key in the player's own CPF first (the
   * closure's worklist), then logins are refused; records kept. Also reopening a closed account.
   */
  'players.close': ['admin'],
  /** The closures' worklist (open closures, their due clocks) — read by support to answer players. */
  'closures.view': ['support', 'payments', 'risk', 'admin'],
  /** Retrying a closure's payout or closing the account from the worklist (the balance stays owed). */
  'closures.act': ['payments', 'risk', 'admin'],
  'audit.view': ['payments', 'risk', 'admin'],
  'health.view': ['payments', 'risk', 'admin'],
  'settings.edit': ['admin'],
  'operators.manage': ['admin'],
  /** Switching a game off (players see it unavailable, with the reason) and back on. */
  'games.switch': ['risk', 'admin'],
  /** Support: the inbox and the player beside a conversation. */
  'support.view': everyone,
  /** Replying, taking / releasing / transferring, closing and reopening conversations. */
  'support.chat': ['support', 'admin'],
  /** The FAQ, notices and canned answers. */
  'support.edit': ['support', 'admin'],
  /** The feedback list, answers and closing. */
  'support.feedback': ['support', 'admin'],
  /** Money watch: the flags list, each flag's case file (notes, decision) and its export. */
  'moneyWatch.cases': ['risk', 'admin'],
  /**
   * The finance report, the ledger's transfers of a period and the regulatory export (CPF, names
   * and PIX keys in it masked unless the operator asks for them whole and may see personal data).
   */
  'reports.view': ['payments', 'risk', 'admin'],
  /**
   * Acknowledging a break the transparency chain's self-check found (with a reason): days are
   * frozen and published again from the next refresh.
   */
  'transparency.acknowledge': ['admin'],
  /** The daily files for the regulator (SIGAP): making a rejected file again and sending it. */
  'regulatoryFiles.resend': ['risk', 'admin'],
  /**
   * The verification queue (what the identity bureau could not settle, and barred-list holds) and
   * the barred list's size; support sees it masked, to answer players who ask.
   */
  'verifications.view': ['support', 'risk', 'admin'],
  /** Approving or rejecting a verification in the queue (first decision wins). */
  'verifications.decide': ['risk', 'admin'],
  /** Uploading the list of people barred from betting (Lei 14.790/2023 art. 26). */
  'verifications.barred': ['risk', 'admin'],
  /**
   * AML (Portaria SPA/MF 1.143/2024): the risk classes' review worklist and reviews, sanctions
   * screening matches and their decisions, the staff and partners register.
   */
  'aml.cases': ['risk', 'admin'],
  /** The annual AML report (made from the records, downloaded to be sent by 1 February). */
  'aml.report': ['risk', 'admin'],
  /**
   * The harm watch: the contact tasks' worklist, a player's markers and score, asking a second
   * person to lower a score and deciding another's request (never one's own).
   */
  'harm.cases': ['support', 'risk', 'admin'],
  /** The harm watch's measured effect of each kind of intervention (aggregated, no personal data). */
  'harm.effect': everyone,
} as const satisfies Record<string, readonly OperatorRole[]>

export type Permission = keyof typeof permissions

/**
 * Work waiting for an operator, as the console's menu and dashboard count it: withdrawals in
 * review, verifications the bureau could not settle, adjustments waiting for a second person,
 * open money-watch flags, support conversations waiting for an answer, and account closures whose
 * payout is stuck. Each is counted only for a role that may do that work (the permission beside it).
 */
export const pendingWorkPermission = {
  withdrawals: 'withdrawals.review',
  verifications: 'verifications.decide',
  fourEyes: 'players.adjust',
  flags: 'moneyWatch.cases',
  chats: 'support.chat',
  amlReviews: 'aml.cases',
  sanctions: 'aml.cases',
  harmTasks: 'harm.cases',
  closures: 'closures.act',
} as const satisfies Record<string, Permission>

export type PendingWorkKind = keyof typeof pendingWorkPermission

/** The counts an operator may see (a kind their role may not work on is absent). */
export type PendingWork = Partial<Record<PendingWorkKind, number>>

/** Portaria SPA/MF 615/2024: a prize is paid within 120 minutes of the request. */
export const PAYOUT_LIMIT_MINUTES = 120

export interface OperatorMe {
  id: number | null
  email: string | null
  name: string
  role: OperatorRole
  permissions: Permission[]
  totpEnabled: boolean
  /** The role must have a second factor here (outside the sandbox, admin and payments). */
  totpRequired: boolean
  /** Logged in, but nothing but enrolment is allowed until TOTP is set up. */
  mustEnrolTotp: boolean
  sessionExpiresAt: number | null
}

export interface TotpEnrolment {
  secret: string
  /** The otpauth:// URI the console shows as a QR code. */
  uri: string
}

export interface SetupInfo {
  email: string | null
  name: string | null
  role: OperatorRole
  expiresAt: number
}

/**
 * The worklists: waiting for review; held before the bank (approved or automatic, but not handed
 * to the PSP yet: a cool-off, a frozen account, or next in line); failed at the bank; stuck
 * there (handed over over 15 minutes ago and not settled).
 */
export const queueStatuses = ['review', 'held', 'failed', 'stuck'] as const
export type QueueStatus = (typeof queueStatuses)[number]

/**
 * What is actually happening to a withdrawal, beyond its stored status: `processing` is split
 * into held by the cool-off (`cool_off`), held by a frozen account (`frozen`), next in line for
 * the bank (`queued`) and handed to the bank (`at_bank`).
 */
export const withdrawalPhases = [
  'review',
  'cool_off',
  'frozen',
  'queued',
  'at_bank',
  'key_rejected',
  'paid',
  'failed',
] as const
export type WithdrawalPhase = (typeof withdrawalPhases)[number]

/** An operator's decision on something waiting for review (a withdrawal, a verification, a harm score). */
export const reviewDecisions = ['approve', 'reject'] as const
export type ReviewDecision = (typeof reviewDecisions)[number]

/** A withdrawal's step as the console shows it; `at`: when it happened (a review step: when it was decided). */
export interface WithdrawalStepLine {
  code: TrackerStepCode
  state: StepStateCode
  at: number
  decision: ReviewDecision | null
  coolOffUntil: number | null
}

export interface WorklistItem {
  orderId: string
  playerId: number
  /** The verified name (masked unless the role sees personal data), else the user name; null when neither. */
  playerName: string | null
  amount: number
  status: OrderStatus
  phase: WithdrawalPhase
  /** The cool-off's end, when the order waits for it. */
  sendAfter: number | null
  /** When the bank took the current attempt; null while not handed over. */
  sentAt: number | null
  /** The player's account is frozen: nothing of theirs goes to the bank. */
  frozen: boolean
  createdAt: number
  updatedAt: number
  /** When the review SLA runs out (createdAt + the configured minutes). */
  reviewDueAt: number
  /** When the 120-minute payout limit runs out (createdAt + 120 min). */
  payoutDueAt: number
  keyType: string
  keyMasked: string
  failReason: string | null
}

export interface WorklistPage {
  total: number
  pageNum: number
  pageSize: number
  items: WorklistItem[]
  /** The server's time when it answered, so clocks count from the same instant. */
  now: number
  reviewMinutes: number
}

export interface ReviewResult {
  orderId: string
  status: OrderStatus
  /** What the approval led to: at the bank, held by the cool-off or a freeze, or already settled. */
  phase: WithdrawalPhase
  sendAfter: number | null
}

/** A withdrawal a freeze keeps from the bank (in review, or approved but not handed over). */
export interface HeldWithdrawal {
  orderId: string
  amount: number
  status: OrderStatus
}

export interface PlayerHit {
  userId: number
  userName: string | null
  fullName: string | null
  cpf: string | null
  matched: 'id' | 'name' | 'cpf' | 'pix_key' | 'order'
}

export interface AuditEntry {
  id: number
  at: number
  actorId: number | null
  actorName: string
  action: string
  objectType: string
  objectId: string
  before: string | null
  after: string | null
  reason: string | null
  ip: string
}

export interface AuditPage {
  total: number
  pageNum: number
  pageSize: number
  entries: AuditEntry[]
}

/** A page of the audit log as the console shows it: with the games' names, for their ids in it. */
export interface AuditListView extends AuditPage {
  gameNames: Record<string, string>
}

export interface PlayerNote {
  id: number
  author: string
  body: string
  createdAt: number
}

/** An operator as the console's operators page lists them (admins only). */
export interface OperatorListItem {
  id: number
  email: string
  name: string
  role: OperatorRole
  totpEnabled: boolean
  disabled: boolean
  /** A password is set (false until the setup link is used). */
  hasPassword: boolean
  createdAt: number
}

/**
 * What creating an operator, or resetting their password and second factor, answers: where the
 * one-time link went. The link itself goes only to the operator's own e-mail.
 */
export interface OperatorSetupSent {
  operatorId: number
  /** The operator's e-mail, where the one-time link (24 h) was sent. */
  sentTo: string
  expiresAt: number
}

/** An adjustment waiting for a second operator, as the four-eyes queue lists it. */
export interface PendingAdjustment {
  id: string
  playerId: number
  /** The verified name (masked unless the role sees personal data), else the user name. */
  playerName: string | null
  amount: number
  reason: string
  requestedBy: string
  requestedById: number | null
  requestedAt: number
}

export interface PendingAdjustmentList {
  requests: PendingAdjustment[]
  /** The server's time when it answered, so ages count from the same instant. */
  now: number
}

/** Why a game is switched off; players read it in their own language. */
export const gameOffReasons = ['maintenance', 'fault', 'regulator', 'review'] as const
export type GameOffReason = (typeof gameOffReasons)[number]

/** A game as the console's games page lists it. */
export interface GameSwitchView {
  id: string
  name: string
  group: string
  /** Null while it is on. */
  off: { reason: GameOffReason; at: number; by: string } | null
}

/** What an operator's socket receives: an order, deposit or refund changed (ids only; re-read). */
export interface OperatorPush {
  /** `support`: a conversation changed (`id` the conversation, `status` what happened). */
  topic: 'order' | 'deposit' | 'refund' | 'adjustment' | 'support' | 'verification'
  playerId: number | null
  id: string | null
  status: string | null
}

export type ClockTone = 'ok' | 'amber' | 'red'

/**
 * How urgent a clock looks: red when late or in the last quarter of its window, amber in the
 * last half, otherwise ok. The worklist colours the review SLA and the 120-minute payout clock.
 */
export function clockTone(leftMs: number, windowMs: number): ClockTone {
  if (leftMs <= windowMs * 0.25) return 'red'
  if (leftMs <= windowMs * 0.5) return 'amber'
  return 'ok'
}

/** The player view as the console receives it (server/ops/player-routes.ts). */
export interface PlayerView {
  identity: {
    userId: number
    userName: string | null
    fullName: string | null
    cpf: string | null
    /** The confirmed e-mail and phone (masked unless the role sees personal data). */
    email: string | null
    phone: string | null
    language: string
    createdAt: number
    adultConfirmedAt: number | null
    verifiedAt: number | null
  }
  balances: { cash: number; bonus: number; withdrawalHold: number; total: number }
  wagering: { required: number; wagered: number; remaining: number }
  /** The player's own statement view: one line per operation, with the ledger legs. */
  statement: StatementView
  rounds: {
    rounds: { roundId: string; gameName: string; bet: number; win: number; jackpotWin: number; createdAt: number }[]
    total: number
  }
  deposits: {
    id: string
    amount: number
    status: string
    createdAt: number
    paidAt: number | null
    paidAmount: number | null
    bonusAmount: number
    /** Who paid, as the payer's bank reported it (masked unless the role sees personal data). */
    payers: { cpf: string; isPlayer: boolean }[]
  }[]
  withdrawals: {
    id: string
    amount: number
    status: string
    keyType: string
    key: string
    createdAt: number
    updatedAt: number
    failReason: string | null
    endToEndId: string | null
    phase: WithdrawalPhase
    sendAfter: number | null
    steps: WithdrawalStepLine[]
  }[]
  limits: LimitsView
  selfExclusion: { startedAt: number; until: number | null } | null
  limitHistory: LimitEvent[]
  realityChecks: { sessionId: string; answer: RealityCheckChoice; playedMs: number; net: number; at: number }[]
  /** An operator's holds: frozen (risk hold) and closed, each since when; null when not. */
  holds: { frozenAt: number | null; closedAt: number | null; closingAt?: number | null | undefined }
  /** The registration data beyond identity (masked unless the role sees personal data). */
  registration: PlayerRegistrationView
  devices: { id: number; label: string; createdAt: number; lastSeenAt: number; revoked: boolean }[]
  openSessions: number
  notes: PlayerNote[]
}

/**
 * The address with its CEP, the gender, and the client address and device of the sign-up, as the
 * player view shows them. Masked for a role without personal data: the CEP's region, the city and
 * state; the street, number, complement and district as `***`; the gender as `not_informed`; the
 * sign-up address cut to its network. Null where the player has not given it.
 */
export interface PlayerRegistrationView {
  cep: string | null
  street: string | null
  number: string | null
  complement: string | null
  district: string | null
  city: string | null
  state: string | null
  gender: Gender | null
  signupAddress: string | null
  /** The device summary of the sign-up ("Chrome · Android"). */
  signupDevice: string | null
}

/** Today's figures on the console's dashboard (the start of today in the market's time zone). */
export interface DashboardView {
  now: number
  since: number
  deposits: { amount: number; count: number }
  withdrawals: { amount: number; count: number }
  refunds: { amount: number; count: number }
  bonuses: { amount: number; count: number }
  adjustmentsCredited: { amount: number; count: number }
  adjustmentsDebited: { amount: number; count: number }
  /** Stakes, wins and GGR per game (the finance report's day). */
  games: GameTakings[]
  bets: number
  wins: number
  ggr: number
  playersActive: number
  payouts: { count: number; medianMs: number | null; worstMs: number | null; overLimit: number }
  open: { review: number; held: number; failed: number; stuck: number; unmatchedDeposits: number }
  hourly: { deposits: number[]; withdrawals: number[] }
}

/** A deposit returned (or being returned) to its payer, as the money-in page lists it. */
export interface RefundItem {
  refundId: string
  orderId: string | null
  playerId: number | null
  amount: number
  reason: string
  status: string
  providerReason: string | null
  attempts: number
  createdAt: number
}

/** A PIX received that matches no open charge. */
export interface UnmatchedPix {
  endToEndId: string
  txid: string | null
  amount: number
  orderId: string | null
  late: boolean
  receivedAt: number
}

/** The runtime settings: what is in force, the defaults, and who changed what when. */
export interface SettingsView {
  values: Record<string, unknown>
  defaults: Record<string, unknown>
  changed: { key: string; updatedAt: number; updatedBy: string }[]
  /** The rewards the market's rules forbid (never on, whatever the settings), with the rule. */
  unavailable: { key: PromotionKey; rule: string }[]
}
/** An amount moved and how many transfers moved it. */
export interface ReportFigure {
  amount: number
  count: number
}

/** One game's takings: stakes (bets less rolled-back bets), wins (with jackpots won), GGR = stakes − wins. */
export interface GameTakings {
  /** '' for bets whose round no game recorded. */
  gameId: string
  stakes: number
  wins: number
  ggr: number
}

/** What the ledger's transfers moved in one local day of the market, by category. */
export interface FinanceFigures {
  deposits: ReportFigure
  withdrawals: ReportFigure
  refunds: ReportFigure
  bonuses: ReportFigure
  /** Operator adjustments credited to players' cash, and taken from it. */
  adjustmentsCredited: ReportFigure
  adjustmentsDebited: ReportFigure
  games: GameTakings[]
  stakes: number
  wins: number
  ggr: number
}

export interface FinanceDay extends FinanceFigures {
  /** The market's local date, YYYY-MM-DD. */
  date: string
}

export interface FinanceReport {
  from: string
  to: string
  timeZone: string
  days: FinanceDay[]
  totals: FinanceFigures
}

/** The regulatory export's files, one row per bet, payment or registration. */
export const regulatoryDatasets = ['bets', 'payments', 'registrations'] as const
export type RegulatoryDataset = (typeof regulatoryDatasets)[number]

/** The longest period one request covers: a CSV streams, the page's table is read at once. */
export const REPORT_MAX_DAYS = { csv: 366, view: 92 } as const

export { VERIFICATION_REVIEW_MINUTES } from './identity.ts'

/** One verification an operator settles: what the player gave beside what the bureau answered. */
export interface VerificationItem {
  id: number
  playerId: number
  /** Masked unless the role sees personal data. */
  fullName: string
  cpf: string
  /** The date of birth given ('YYYY-MM-DD'; null when none was given), and the bureau's. */
  birthDate: string | null
  bureauName: string | null
  bureauBirthDate: string | null
  reason: VerificationReviewReason
  /** A face review's similarity and liveness (0–1) from the face provider; null otherwise. */
  faceMatch: number | null
  faceLiveness: number | null
  status: 'open' | 'approved' | 'rejected'
  createdAt: number
  /** When the review clock runs out (createdAt + VERIFICATION_REVIEW_MINUTES). */
  reviewDueAt: number
  decidedAt: number | null
  decidedBy: string | null
  decisionReason: string | null
  /** The player's account is frozen (a barred-list hold, or an operator's). */
  frozen: boolean
}

export interface VerificationQueuePage {
  total: number
  items: VerificationItem[]
  /** The server's time when it answered, so clocks count from the same instant. */
  now: number
  reviewMinutes: number
}

export interface VerificationDecision {
  id: number
  status: 'approved' | 'rejected'
  /** The player's verification now: verified, or not. */
  verified: boolean
  /** An approval of a barred-list hold lifted the freeze it had placed. */
  unfrozen: boolean
}

export interface BarredListSummary {
  total: number
  byCategory: Record<BarredCategory, number>
  /** When the list was last replaced (null: never uploaded). */
  updatedAt: number | null
}

/** The barred-person register (SIGAP): the latest sweep's progress and how players stand with it. */
export interface RegisterOverview {
  sweep: {
    startedAt: number
    finishedAt: number | null
    total: number
    checked: number
    barred: number
    unavailable: number
    nextDueAt: number
  } | null
  /** Players the register owes an answer (kept from play and deposits until it answers). */
  unchecked: number
  /** Players the register named. */
  barred: number
}

export interface BarredListView extends BarredListSummary {
  register: RegisterOverview
}

export interface BarredListUpload extends BarredListSummary {
  added: number
  removed: number
  /** Verified players the new list names: their accounts frozen and put in the queue. */
  held: number[]
}
