// The money watch's operator replies as zod schemas (the OpenAPI document describes them, and
// every test app checks each reply against them); each satisfies its type in money-watch.ts.
import { z } from 'zod'
import {
  type CaseFile,
  caseDecisions,
  type FlagItem,
  type FlagPage,
  type WatchedActivity,
  type WithdrawalWatch,
  watchRules,
} from './money-watch.ts'
import { withdrawalPhase } from './ops-replies.ts'

const int = z.number().int()
const instant = z.number().int().meta({ description: 'Epoch milliseconds.' })
const payer = z.object({ cpf: z.string(), isPlayer: z.boolean() })

export const flagItem = z.object({
  id: int,
  playerId: int,
  playerName: z.string().nullable(),
  rule: z.enum(watchRules),
  status: z.enum(['open', 'closed']),
  reasons: z.record(z.string(), z.union([z.number(), z.string()])),
  triggerRef: z.string().nullable(),
  hits: int,
  firstAt: instant,
  lastAt: instant,
  decision: z.enum(caseDecisions).nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: instant.nullable(),
}) satisfies z.ZodType<FlagItem>

export const flagPage = z.object({ total: int, items: z.array(flagItem) }) satisfies z.ZodType<FlagPage>

const totals = { count: int, staked: int, won: int }

export const watchedActivity = z.object({
  deposits: z.array(
    z.object({
      id: z.string(),
      amount: int,
      status: z.string(),
      createdAt: instant,
      paidAt: instant.nullable(),
      payers: z.array(payer),
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
      phase: withdrawalPhase,
      sendAfter: instant.nullable(),
    }),
  ),
  rounds: z.object({ ...totals, sinceDeposits: z.object({ ...totals, since: instant.nullable() }) }),
  payers: z.array(payer.extend({ deposits: int })),
}) satisfies z.ZodType<WatchedActivity>

export const caseFile = z.object({
  flag: flagItem,
  decisionReason: z.string().nullable(),
  notes: z.array(z.object({ id: int, author: z.string(), body: z.string(), createdAt: instant })),
  otherFlags: z.array(flagItem),
  player: z.object({
    userId: int,
    userName: z.string().nullable(),
    fullName: z.string().nullable(),
    cpf: z.string().nullable(),
    frozen: z.boolean(),
  }),
  activity: watchedActivity,
}) satisfies z.ZodType<CaseFile>

export const withdrawalWatch = z.object({
  orderId: z.string(),
  playerId: int,
  activity: watchedActivity,
  openFlags: z.array(flagItem),
}) satisfies z.ZodType<WithdrawalWatch>
