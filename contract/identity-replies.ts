// The verification queue's and the barred list's replies as zod schemas, for the OpenAPI document
// and the test apps' reply checks; each matches its type in contract/ops.ts (`satisfies`).
import { z } from 'zod'
import { barredCategories, verificationReviewReasons } from './identity.ts'
import type {
  BarredListSummary,
  BarredListUpload,
  BarredListView,
  VerificationDecision,
  VerificationItem,
  VerificationQueuePage,
} from './ops.ts'

const int = z.number().int()
const instant = z.number().int().meta({ description: 'Epoch milliseconds.' })

export const verificationItem = z.object({
  id: int,
  playerId: int,
  fullName: z.string().meta({ description: 'Masked unless the role sees personal data.' }),
  cpf: z.string().meta({ description: 'Masked unless the role sees personal data.' }),
  birthDate: z
    .string()
    .nullable()
    .meta({ description: 'YYYY-MM-DD; every digit masked (****-**-**) unless the role sees personal data.' }),
  bureauName: z.string().nullable().meta({ description: "The bureau's registered name, masked likewise." }),
  bureauBirthDate: z
    .string()
    .nullable()
    .meta({ description: "The bureau's registered date of birth, masked likewise." }),
  reason: z.enum(verificationReviewReasons),
  faceMatch: z.number().nullable().meta({
    description: "A face review's similarity from the face provider (0–1); null otherwise. The picture is never kept.",
  }),
  faceLiveness: z.number().nullable().meta({ description: "A face review's liveness score (0–1); null otherwise." }),
  status: z.enum(['open', 'approved', 'rejected']),
  createdAt: instant,
  reviewDueAt: instant,
  decidedAt: instant.nullable(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  frozen: z.boolean(),
}) satisfies z.ZodType<VerificationItem>

export const verificationQueuePage = z.object({
  total: int,
  items: z.array(verificationItem),
  now: instant,
  reviewMinutes: int,
}) satisfies z.ZodType<VerificationQueuePage>

export const verificationDecision = z.object({
  id: int,
  status: z.enum(['approved', 'rejected']),
  verified: z.boolean(),
  unfrozen: z.boolean(),
}) satisfies z.ZodType<VerificationDecision>

const byCategory = z.object(
  Object.fromEntries(barredCategories.map((c) => [c, int])) as Record<(typeof barredCategories)[number], typeof int>,
)

export const barredListSummary = z.object({
  total: int,
  byCategory,
  updatedAt: instant.nullable(),
}) satisfies z.ZodType<BarredListSummary>

export const barredListView = barredListSummary.extend({
  register: z.object({
    sweep: z
      .object({
        startedAt: instant,
        finishedAt: instant.nullable(),
        total: int,
        checked: int,
        barred: int,
        unavailable: int,
        nextDueAt: instant,
      })
      .nullable(),
    unchecked: int,
    barred: int,
  }),
}) satisfies z.ZodType<BarredListView>

export const barredListUpload = barredListSummary.extend({
  added: int,
  removed: int,
  held: z.array(int),
}) satisfies z.ZodType<BarredListUpload>
