// The operator API's replies as zod schemas: the OpenAPI document describes the console's calls
// with them, and every test app checks each reply against them. Each matches its type in
// contract/ops.ts (`satisfies`), which the console imports without zod.
import { z } from 'zod'
import { depositRefundView } from './deposits.ts'
import { registrationData } from './face.ts'
import { roundPage } from './games/api.ts'
import { limitEvent, limitsView, realityCheckChoices } from './limits.ts'
import {
  type AuditEntry,
  type AuditListView,
  type AuditPage,
  type DashboardView,
  type FinanceReport,
  type GameSwitchView,
  gameOffReasons,
  type OperatorListItem,
  type OperatorMe,
  type OperatorSetupSent,
  operatorRoles,
  type PendingAdjustment,
  type PendingAdjustmentList,
  type PendingWork,
  type Permission,
  type PlayerHit,
  type PlayerNote,
  type PlayerView,
  permissions,
  type RefundItem,
  type ReviewResult,
  reviewDecisions,
  type SettingsView,
  type SetupInfo,
  type TotpEnrolment,
  type UnmatchedPix,
  type WorklistItem,
  type WorklistPage,
  withdrawalPhases,
} from './ops.ts'
import { promotionKeys } from './promotion-keys.ts'
import { statementView } from './statement.ts'
import { orderStatuses, StepState, TrackerStep } from './withdrawals.ts'

const int = z.number().int()
const instant = z.number().int().meta({ description: 'Epoch milliseconds.' })
const role = z.enum(operatorRoles)
export const withdrawalPhase = z.enum(withdrawalPhases)

export const operatorMe = z.object({
  id: int.nullable(),
  email: z.string().nullable(),
  name: z.string(),
  role,
  permissions: z.array(z.enum(Object.keys(permissions) as [Permission, ...Permission[]])),
  totpEnabled: z.boolean(),
  totpRequired: z.boolean().meta({ description: 'The role must have a second factor here.' }),
  mustEnrolTotp: z.boolean().meta({ description: 'Nothing but enrolment is allowed until TOTP is set up.' }),
  sessionExpiresAt: instant.nullable(),
}) satisfies z.ZodType<OperatorMe>

export const totpEnrolment = z.object({
  secret: z.string(),
  uri: z.string().meta({ description: 'The otpauth:// URI the console shows as a QR code.' }),
}) satisfies z.ZodType<TotpEnrolment>

export const setupInfoView = z.object({
  email: z.string().nullable(),
  name: z.string().nullable(),
  role,
  expiresAt: instant,
}) satisfies z.ZodType<SetupInfo>

export const loggedOut = z.object({ loggedOut: z.boolean() })
export const setupDone = z.object({ operatorId: int })

export const playerHits = z.object({
  hits: z.array(
    z.object({
      userId: int,
      userName: z.string().nullable(),
      fullName: z.string().nullable(),
      cpf: z.string().nullable(),
      matched: z.enum(['id', 'name', 'cpf', 'pix_key', 'order']),
    }) satisfies z.ZodType<PlayerHit>,
  ),
})

export const playerNote = z.object({
  id: int,
  author: z.string(),
  body: z.string(),
  createdAt: instant,
}) satisfies z.ZodType<PlayerNote>

export const auditEntry = z.object({
  id: int,
  at: instant,
  actorId: int.nullable(),
  actorName: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  reason: z.string().nullable(),
  ip: z.string(),
}) satisfies z.ZodType<AuditEntry>

export const auditPage = z.object({
  total: int,
  pageNum: int,
  pageSize: int,
  entries: z.array(auditEntry),
}) satisfies z.ZodType<AuditPage>

export const auditListView = auditPage.extend({
  gameNames: z.record(z.string(), z.string()).meta({ description: "Every game's name by its id." }),
}) satisfies z.ZodType<AuditListView>

export const worklistItem = z.object({
  orderId: z.string(),
  playerId: int,
  playerName: z.string().nullable(),
  amount: int,
  status: z.enum(orderStatuses),
  phase: withdrawalPhase,
  sendAfter: instant.nullable(),
  sentAt: instant.nullable(),
  frozen: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
  reviewDueAt: instant,
  payoutDueAt: instant,
  keyType: z.string(),
  keyMasked: z.string(),
  failReason: z.string().nullable(),
}) satisfies z.ZodType<WorklistItem>

export const worklistPage = z.object({
  total: int,
  pageNum: int,
  pageSize: int,
  items: z.array(worklistItem),
  now: instant.meta({ description: "The server's time when it answered." }),
  reviewMinutes: int,
}) satisfies z.ZodType<WorklistPage>

export const reviewResult = z.object({
  orderId: z.string(),
  status: z.enum(orderStatuses),
  phase: withdrawalPhase,
  sendAfter: instant.nullable(),
}) satisfies z.ZodType<ReviewResult>

export const playerView = z.object({
  identity: z.object({
    userId: int,
    userName: z.string().nullable(),
    fullName: z.string().nullable(),
    cpf: z.string().nullable(),
    /** The confirmed e-mail and phone (masked unless the role sees personal data). */
    email: z.string().nullable(),
    phone: z.string().nullable(),
    language: z.string(),
    createdAt: instant,
    adultConfirmedAt: instant.nullable(),
    verifiedAt: instant.nullable(),
  }),
  balances: z.object({ cash: int, bonus: int, withdrawalHold: int, total: int }),
  wagering: z.object({ required: int, wagered: int, remaining: int }),
  statement: statementView,
  rounds: roundPage,
  deposits: z.array(
    z.object({
      id: z.string(),
      amount: int,
      status: z.string(),
      createdAt: instant,
      paidAt: instant.nullable(),
      paidAmount: int.nullable(),
      bonusAmount: int,
      payers: z.array(z.object({ cpf: z.string(), isPlayer: z.boolean() })),
    }),
  ),
  withdrawals: z.array(
    z.object({
      id: z.string(),
      amount: int,
      status: z.string(),
      keyType: z.string(),
      key: z.string(),
      createdAt: instant,
      updatedAt: instant,
      failReason: z.string().nullable(),
      endToEndId: z.string().nullable(),
      phase: withdrawalPhase,
      sendAfter: instant.nullable(),
      steps: z.array(
        z.object({
          code: z.union(Object.values(TrackerStep).map((code) => z.literal(code))),
          state: z.union(Object.values(StepState).map((code) => z.literal(code))),
          at: instant,
          decision: z.enum(reviewDecisions).nullable(),
          coolOffUntil: instant.nullable(),
        }),
      ),
    }),
  ),
  limits: limitsView,
  selfExclusion: z.object({ startedAt: instant, until: instant.nullable() }).nullable(),
  limitHistory: z.array(limitEvent),
  realityChecks: z.array(
    z.object({ sessionId: z.string(), answer: z.enum(realityCheckChoices), playedMs: int, net: int, at: instant }),
  ),
  holds: z.object({
    frozenAt: instant.nullable(),
    closedAt: instant.nullable(),
    closingAt: instant.nullable().optional().meta({ description: 'A closure under way (its payout goes on).' }),
  }),
  registration: registrationData
    .extend({ signupAddress: z.string().nullable(), signupDevice: z.string().nullable() })
    .meta({ description: 'Address, gender, sign-up address and device; masked unless the role sees personal data.' }),
  devices: z.array(
    z.object({ id: int, label: z.string(), createdAt: instant, lastSeenAt: instant, revoked: z.boolean() }),
  ),
  openSessions: int,
  notes: z.array(playerNote),
}) satisfies z.ZodType<PlayerView>

const balances = z.object({ cash: int, bonus: int, withdrawalHold: int, total: int })
const holds = z.object({
  frozenAt: instant.nullable(),
  closedAt: instant.nullable(),
  closingAt: instant.nullable().optional().meta({ description: 'A closure under way (its payout goes on).' }),
})
const selfExclusion = z.object({ startedAt: instant, until: instant.nullable() })

export const adjustReply = z.union([
  z
    .object({ status: z.literal('pending'), requestId: z.string(), amount: int, userId: int })
    .meta({ description: 'Above the four-eyes line: waiting for a second operator.' }),
  z.object({
    status: z.literal('done'),
    transfer: z.object({
      id: z.string(),
      seq: int,
      amount: int,
      kind: z.string(),
      debitBalanceAfter: int,
      creditBalanceAfter: int,
      createdAt: instant,
      replayed: z.boolean(),
    }),
    balance: balances,
  }),
])

export const adjustmentRequests = z.object({
  requests: z.array(
    z.object({
      id: z.string(),
      playerId: int,
      playerName: z.string().nullable().meta({ description: 'Masked unless the role sees personal data.' }),
      amount: int,
      reason: z.string(),
      requestedBy: z.string(),
      requestedById: int.nullable(),
      requestedAt: instant,
    }) satisfies z.ZodType<PendingAdjustment>,
  ),
  now: instant,
}) satisfies z.ZodType<PendingAdjustmentList>

export const operatorList = z.object({
  operators: z.array(
    z.object({
      id: int,
      email: z.string(),
      name: z.string(),
      role,
      totpEnabled: z.boolean(),
      disabled: z.boolean(),
      hasPassword: z.boolean(),
      createdAt: instant,
    }) satisfies z.ZodType<OperatorListItem>,
  ),
})

export const operatorSetupSent = z.object({
  operatorId: int,
  sentTo: z.string().meta({ description: "The operator's e-mail, where the one-time link (24 h) was sent." }),
  expiresAt: instant,
}) satisfies z.ZodType<OperatorSetupSent>

export const operatorChanged = z.object({
  operatorId: int,
  sessionsEnded: int.meta({ description: "The operator's sessions this change ended." }),
})

export const gameSwitches = z.object({
  games: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      group: z.string(),
      off: z.object({ reason: z.enum(gameOffReasons), at: instant, by: z.string() }).nullable(),
    }) satisfies z.ZodType<GameSwitchView>,
  ),
})

export const adjustmentDecided = z.object({
  id: z.string(),
  status: z.string().meta({ description: '`approved` or `rejected`.' }),
  balance: balances,
})

export const socketsClosed = z.object({
  closed: int.meta({ description: "The player's sockets closed on this instance." }),
})

export const passwordResetIssued = z.object({
  /** The one-time code, shown once, in groups of four (the operator reads it to the player). */
  code: z.string(),
  /** The same code as a link to the app's reset page (the code is in the fragment, never sent to a server log). */
  link: z.string(),
  expiresAt: int,
})

export const playerLoggedOut = z.object({ sessions: int, closed: int, games: int, sockets: int })

export const playerFrozen = z.object({
  holds,
  withdrawals: z
    .array(z.object({ orderId: z.string(), amount: int, status: z.enum(orderStatuses) }))
    .meta({ description: 'The withdrawals a freeze keeps from the bank.' }),
})

export const playerClosed = z.object({ holds, sessions: int, devices: int, sockets: int })

export const playerLimits = z.object({
  limits: limitsView,
  exclusions: z.array(
    z.object({
      at: instant,
      actor: z.string(),
      duration: z.string().nullable(),
      reason: z.string().nullable(),
      until: instant.nullable(),
      previous: selfExclusion.nullable(),
      kept: z.boolean(),
    }),
  ),
  realityChecks: z.array(z.object({ sessionId: z.string(), answer: z.string(), playedMs: int, net: int, at: instant })),
})

export const exclusionExtended = z.object({ selfExclusion })

export const refundList = z.object({
  refunds: z.array(
    depositRefundView.extend({
      txid: z.string().nullable(),
      playerId: int.nullable(),
      returnId: z.string().nullable(),
      providerReason: z.string().nullable(),
      attempts: int,
      updatedAt: instant,
    }) satisfies z.ZodType<RefundItem>,
  ),
})

export const ledgerAudit = z.object({
  ok: z.boolean(),
  sumOfBalances: int,
  mismatchedAccounts: z.array(z.object({ accountId: int, balance: int, fromTransfers: int })),
  negativePlayerAccounts: z.array(int),
  transfers: int,
})

const unmatchedPix = z.object({
  endToEndId: z.string(),
  txid: z.string().nullable(),
  amount: int,
  orderId: z.string().nullable(),
  late: z.boolean(),
  receivedAt: instant,
}) satisfies z.ZodType<UnmatchedPix>

export const opsHealth = z.object({ ledger: ledgerAudit, unmatched: z.array(unmatchedPix) })

const total = z.object({ amount: int, count: int })
export const pendingWork = z
  .object({
    withdrawals: int.optional().meta({ description: 'Withdrawals waiting for review (withdrawals.review).' }),
    verifications: int.optional().meta({ description: 'Verifications waiting in the queue (verifications.decide).' }),
    fourEyes: int
      .optional()
      .meta({ description: 'Adjustments waiting for a second person other than the caller (players.adjust).' }),
    flags: int.optional().meta({ description: 'Open money-watch flags (moneyWatch.cases).' }),
    chats: int.optional().meta({ description: 'Open conversations waiting for an answer (support.chat).' }),
    amlReviews: int.optional().meta({ description: 'AML risk reviews due or overdue (aml.cases).' }),
    sanctions: int.optional().meta({ description: 'Weak sanctions-list matches waiting for a decision (aml.cases).' }),
    harmTasks: int.optional().meta({ description: "The harm watch's open contact tasks (harm.cases)." }),
    closures: int
      .optional()
      .meta({ description: 'Account closures whose payout waits for an operator (closures.act).' }),
  })
  .meta({
    description: "Work waiting, counted from the rows; only the kinds the caller's role may work on.",
  }) satisfies z.ZodType<PendingWork>

export const dashboard = z.object({
  now: instant,
  since: instant.meta({ description: "The start of today in the market's time zone." }),
  deposits: total,
  withdrawals: total,
  refunds: total,
  bonuses: total,
  adjustmentsCredited: total,
  adjustmentsDebited: total,
  games: z.array(z.object({ gameId: z.string(), stakes: int, wins: int, ggr: int })),
  bets: int,
  wins: int,
  ggr: int,
  playersActive: int,
  payouts: z.object({ count: int, medianMs: z.number().nullable(), worstMs: int.nullable(), overLimit: int }),
  open: z.object({ review: int, held: int, failed: int, stuck: int, unmatchedDeposits: int }),
  hourly: z.object({ deposits: z.array(int), withdrawals: z.array(int) }),
}) satisfies z.ZodType<DashboardView>

const figure = z.object({ amount: int, count: int })
const financeFigures = {
  deposits: figure,
  withdrawals: figure,
  refunds: figure,
  bonuses: figure,
  adjustmentsCredited: figure,
  adjustmentsDebited: figure,
  games: z.array(z.object({ gameId: z.string(), stakes: int, wins: int, ggr: int })),
  stakes: int,
  wins: int,
  ggr: int,
}

export const financeReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  days: z.array(z.object({ date: z.string(), ...financeFigures })),
  totals: z.object(financeFigures),
}) satisfies z.ZodType<FinanceReport>

export const settingsView = z.object({
  values: z.record(z.string(), z.unknown()).meta({ description: 'Each runtime setting by key, in force now.' }),
  defaults: z.record(z.string(), z.unknown()).meta({ description: 'What each setting is without a change.' }),
  changed: z.array(z.object({ key: z.string(), updatedAt: instant, updatedBy: z.string() })),
  unavailable: z
    .array(z.object({ key: z.enum(promotionKeys), rule: z.string() }))
    .meta({ description: "The rewards the market's rules forbid: never offered, and refused if switched on." }),
}) satisfies z.ZodType<SettingsView>
