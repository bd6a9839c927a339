// The harm watch's replies as zod schemas (the OpenAPI document describes them, and every test
// app checks each reply against them); each satisfies its type in harm.ts.
import { z } from 'zod'
import {
  type HarmEffect,
  type HarmFigures,
  type HarmIntervention,
  type HarmNotices,
  type HarmPlayerView,
  type HarmScoreReview,
  type HarmTaskList,
  harmInterventionKinds,
  harmInterventionStatuses,
  harmRuleNames,
} from './harm.ts'

const int = z.number().int()
const instant = z.number().int().meta({ description: 'Epoch milliseconds.' })

const figures = z.object({
  depositsToday: int,
  depositedToday: int,
  deposits7d: int,
  deposited7d: int,
  lossToday: int,
  loss7d: int,
  minutes7d: int,
  lossLimitDay: int.nullable(),
  pauseUntil: instant.nullable(),
}) satisfies z.ZodType<HarmFigures>

export const harmIntervention = z.object({
  id: int,
  level: int,
  kind: z.enum(harmInterventionKinds),
  status: z.enum(harmInterventionStatuses),
  fired: z.array(z.enum(harmRuleNames)),
  figures,
  createdAt: instant,
  resolvedAt: instant.nullable(),
}) satisfies z.ZodType<HarmIntervention>

export const harmNotices = z.object({
  open: z.array(harmIntervention),
  history: z.array(harmIntervention),
}) satisfies z.ZodType<HarmNotices>

export const harmTaskList = z.object({
  items: z.array(
    z.object({
      id: int,
      playerId: int,
      playerName: z.string().nullable(),
      level: int,
      score: int,
      fired: z.array(z.enum(harmRuleNames)),
      figures,
      status: z.enum(harmInterventionStatuses),
      createdAt: instant,
      dueAt: instant,
      overdue: z.boolean(),
      resolvedAt: instant.nullable(),
      resolvedBy: z.string().nullable(),
      outcome: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<HarmTaskList>

export const harmScoreReview = z.object({
  id: int,
  playerId: int,
  fromScore: int,
  toScore: int,
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  createdAt: instant,
  decidedAt: instant.nullable(),
}) satisfies z.ZodType<HarmScoreReview>

export const harmPlayerView = z.object({
  playerId: int,
  score: int,
  rawScore: int,
  level: int,
  computedAt: instant.nullable(),
  markers: z.array(
    z.object({
      rule: z.enum(harmRuleNames),
      version: int,
      weight: int,
      value: int,
      threshold: int,
      fired: z.boolean(),
    }),
  ),
  lowered: z.object({ to: int, until: instant, reason: z.string() }).nullable(),
  interventions: z.array(harmIntervention),
  reviews: z.array(harmScoreReview),
}) satisfies z.ZodType<HarmPlayerView>

const behaviour = z.object({ deposited: int, loss: int, minutes: int })

export const harmEffect = z.object({
  rows: z.array(
    z.object({
      kind: z.enum(harmInterventionKinds),
      level: int,
      interventions: int,
      measured: int,
      before: behaviour,
      after: behaviour,
    }),
  ),
}) satisfies z.ZodType<HarmEffect>
