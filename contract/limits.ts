// Responsible-gaming settings (SPEC 8; Portaria SPA/MF 1.231/2024 as amended by 2.579/2025):
// deposit and loss limits per day / week / month, time limits per day and per play session, the
// reality-check interval, and pauses / self-exclusion. Decreases apply at once; increases and
// removals after 24 hours.
import { z } from 'zod'
import {
  activityPeriods,
  limitPeriods,
  REALITY_CHECK_MAX_MINUTES,
  REALITY_CHECK_MIN_MINUTES,
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

export const realityCheckAnswerRequest = z.strictObject({ answer: z.enum(['continue', 'stop']) })
