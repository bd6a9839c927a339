// The operator API's replies as zod schemas: the OpenAPI document describes the console's calls
// with them, and every test app checks each reply against them. Each matches its type in
// contract/ops.ts (`satisfies`), which the console imports without zod.
import { z } from 'zod'
import { roundPage } from './games/api.ts'
import { limitsView } from './limits.ts'
import {
  type AuditEntry,
  type AuditPage,
  type OperatorMe,
  operatorRoles,
  type Permission,
  type PlayerHit,
  type PlayerNote,
  type PlayerView,
  permissions,
  type ReviewResult,
  type SetupInfo,
  type TotpEnrolment,
  type WorklistItem,
  type WorklistPage,
} from './ops.ts'
import { statementView } from './statement.ts'
import { orderStatuses } from './withdrawals.ts'

const int = z.number().int()
const instant = z.number().int().meta({ description: 'Epoch milliseconds.' })
const role = z.enum(operatorRoles)
const phase = z.enum(['review', 'cool_off', 'frozen', 'queued', 'at_bank', 'key_rejected', 'paid', 'failed'])

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

export const worklistItem = z.object({
  orderId: z.string(),
  playerId: int,
  playerName: z.string().nullable(),
  amount: int,
  status: z.enum(orderStatuses),
  phase,
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
  phase,
  sendAfter: instant.nullable(),
}) satisfies z.ZodType<ReviewResult>

export const playerView = z.object({
  identity: z.object({
    userId: int,
    userName: z.string().nullable(),
    fullName: z.string().nullable(),
    cpf: z.string().nullable(),
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
      phase,
      sendAfter: instant.nullable(),
      steps: z.array(
        z.object({
          code: int,
          state: int,
          at: instant,
          decision: z.string().nullable(),
          coolOffUntil: instant.nullable(),
        }),
      ),
    }),
  ),
  limits: limitsView,
  selfExclusion: z.object({ startedAt: instant, until: instant.nullable() }).nullable(),
  limitHistory: z.array(
    z.object({ kind: z.string(), detail: z.record(z.string(), z.unknown()), actor: z.string(), at: instant }),
  ),
  realityChecks: z.array(z.object({ sessionId: z.string(), answer: z.string(), playedMs: int, net: int, at: instant })),
  holds: z.object({ frozenAt: instant.nullable(), closedAt: instant.nullable() }),
  devices: z.array(
    z.object({ id: int, label: z.string(), createdAt: instant, lastSeenAt: instant, revoked: z.boolean() }),
  ),
  openSessions: int,
  notes: z.array(playerNote),
}) satisfies z.ZodType<PlayerView>
