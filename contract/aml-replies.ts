// The AML operator replies as zod schemas (the OpenAPI document describes them, and every test app
// checks each reply against them); each satisfies its type in aml.ts.
import { z } from 'zod'
import {
  type AmlClassItem,
  type AmlParty,
  type AmlWorklist,
  amlClasses,
  amlPartyKinds,
  amlReasonCodes,
  type ScreeningItem,
  type ScreeningPage,
  screeningStatuses,
  screeningStrengths,
} from './aml.ts'

const int = z.number().int()
const instant = z.number().int().meta({ description: 'Epoch milliseconds.' })

export const amlClassItem = z.object({
  playerId: int,
  playerName: z.string().nullable(),
  class: z.enum(amlClasses),
  reasons: z.array(
    z.object({
      code: z.enum(amlReasonCodes),
      level: z.enum(['medium', 'high']),
      figures: z.record(z.string(), z.union([z.number(), z.string()])),
    }),
  ),
  computedAt: instant,
  reviewDueAt: instant.nullable(),
  reviewedAt: instant.nullable(),
  reviewedBy: z.string().nullable(),
}) satisfies z.ZodType<AmlClassItem>

const classCounts = z.object({ low: int, medium: int, high: int })

export const amlWorklist = z.object({
  total: int,
  items: z.array(amlClassItem),
  counts: classCounts,
  now: instant,
}) satisfies z.ZodType<AmlWorklist>

export const screeningItem = z.object({
  id: int,
  playerId: int,
  playerName: z.string(),
  strength: z.enum(screeningStrengths),
  status: z.enum(screeningStatuses),
  reference: z.string(),
  listedName: z.string(),
  matchedAs: z.string(),
  birth: z.string(),
  listedBirth: z.string(),
  createdAt: instant,
  decidedAt: instant.nullable(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
}) satisfies z.ZodType<ScreeningItem>

export const screeningPage = z.object({
  list: z
    .object({
      id: int,
      source: z.string(),
      generatedAt: z.string().nullable(),
      sha256: z.string(),
      individuals: int,
      loadedAt: instant,
    })
    .nullable(),
  total: int,
  items: z.array(screeningItem),
  pending: int,
  now: instant,
}) satisfies z.ZodType<ScreeningPage>

export const amlParty = z.object({
  id: int,
  kind: z.enum(amlPartyKinds),
  name: z.string(),
  document: z.string(),
  role: z.string(),
  handlesMoney: z.boolean(),
  accessToPersonalData: z.boolean(),
  pep: z.boolean(),
  country: z.string(),
  class: z.enum(amlClasses),
  reasons: z.array(z.string()),
  reviewDueAt: instant,
  createdAt: instant,
  sanctionsMatch: z.boolean(),
}) satisfies z.ZodType<AmlParty>

export const amlParties = z.object({ items: z.array(amlParty) })
