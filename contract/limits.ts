// Responsible-gaming settings (Portaria SPA/MF 1.231/2024 as amended by 2.579/2025):
// deposit and loss limits per day / week / month, time limits per day and per play session, the
// reality-check interval, and pauses / self-exclusion. Decreases apply at once; increases and
// removals after 24 hours.
import { z } from 'zod'
import {
  type ActivityView,
  activityPeriods,
  type LimitEvent,
  type LimitsView,
  limitActors,
  limitEventKinds,
  limitPeriods,
  REALITY_CHECK_MAX_MINUTES,
  REALITY_CHECK_MIN_MINUTES,
  realityCheckChoices,
  selfExclusionDurations,
} from './limit-values.ts'

export * from './limit-values.ts'

const centavos = z.number().int().positive().max(1_000_000_000)
/** At most a day: a time limit longer than that limits nothing. */
const minutes = z
  .number()
  .int()
  .min(1)
  .max(24 * 60)

export const setDepositLimitRequest = z.strictObject({
  period: z.enum(limitPeriods),
  /** Centavos; null removes the limit (after 24 hours). */
  amount: centavos.nullable(),
})

/** Net loss (bets − wins) per period; null removes the limit (after 24 hours). */
export const setLossLimitRequest = setDepositLimitRequest

export const setSessionLimitRequest = z.strictObject({
  dailyMinutes: minutes.nullable(),
  sessionMinutes: minutes.nullable(),
})

export const setRealityCheckRequest = z.strictObject({
  minutes: z.number().int().min(REALITY_CHECK_MIN_MINUTES).max(REALITY_CHECK_MAX_MINUTES),
})

export const selfExcludeRequest = z.strictObject({ duration: z.enum(selfExclusionDurations) })

export const registrationLimitsRequest = z.strictObject({
  dailyLoss: centavos,
  dailyMinutes: minutes,
})

export const activityRequest = z.strictObject({ period: z.enum(activityPeriods) })

export const realityCheckAnswerRequest = z.strictObject({ answer: z.enum(realityCheckChoices) })

// The replies, for the OpenAPI document (the views' types live zod-free in limit-values.ts).
const money = z.number().int()
const pendingAmount = z.object({ amount: money.nullable(), from: z.number().int() }).nullable()
const depositLimitSetting = z.object({
  period: z.enum(limitPeriods),
  amount: money.nullable().meta({ description: 'In force now; null = no limit.' }),
  pending: pendingAmount.meta({ description: 'A raise or removal waiting for its 24 hours.' }),
})
/** One line of the player's limits history. */
export const limitEvent = z.object({
  kind: z.enum(limitEventKinds),
  detail: z.record(z.string(), z.unknown()),
  actor: z.enum(limitActors),
  at: z.number().int(),
}) satisfies z.ZodType<LimitEvent>
const minutesSetting = z.object({
  minutes: z.number().int().nullable(),
  pending: z.object({ minutes: z.number().int().nullable(), from: z.number().int() }).nullable(),
})
export const limitsView = z
  .object({
    deposit: z.array(depositLimitSetting),
    loss: z.array(depositLimitSetting.extend({ lossSoFar: money, resetsAt: z.number().int() })),
    session: z.object({
      daily: minutesSetting,
      perSession: minutesSetting,
      playedTodayMs: z.number().int(),
      playedSessionMs: z.number().int(),
      dayResetsAt: z.number().int(),
    }),
    realityCheck: minutesSetting.extend({ minutes: z.number().int() }),
    registrationDone: z.boolean().meta({
      description: 'Both registration limits (daily loss, daily time) are in force; deposits wait for them.',
    }),
    selfExclusion: z.object({ startedAt: z.number().int(), until: z.number().int().nullable() }).nullable(),
    history: z.array(limitEvent),
  })
  .meta({ id: 'LimitsView' }) satisfies z.ZodType<LimitsView>

export const activityView = z
  .object({
    period: z.enum(activityPeriods),
    since: z.number().int().nullable(),
    deposits: money,
    withdrawals: money,
    bets: money,
    wins: money,
    net: money.meta({ description: 'Wins − bets: negative is a loss.' }),
    rounds: z.number().int(),
    playedMs: z.number().int(),
    days: z
      .array(z.object({ date: z.string(), bets: money, wins: money }))
      .meta({ description: 'Per local day, oldest first (at most 30).' }),
  })
  .meta({ id: 'ActivityView' }) satisfies z.ZodType<ActivityView>
