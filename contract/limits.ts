// Responsible-gaming settings (SPEC 8): deposit limits per day / week / month and
// self-exclusion. Decreases apply at once; increases and removals after 24 hours.
import { z } from 'zod'

export const limitPeriods = ['day', 'week', 'month'] as const
export type LimitPeriod = (typeof limitPeriods)[number]

export const setDepositLimitRequest = z.strictObject({
  period: z.enum(limitPeriods),
  /** Centavos; null removes the limit (after 24 hours). */
  amount: z.number().int().positive().max(1_000_000_000).nullable(),
})

export const selfExclusionDurations = ['24h', '7d', '30d', 'permanent'] as const
export const selfExcludeRequest = z.strictObject({ duration: z.enum(selfExclusionDurations) })

export interface DepositLimitSetting {
  period: LimitPeriod
  /** In force now; null = no limit. */
  amount: number | null
  /** A raise or removal waiting for its 24 hours. */
  pending: { amount: number | null; from: number } | null
}

export interface LimitsView {
  deposit: DepositLimitSetting[]
  selfExclusion: { startedAt: number; until: number | null } | null
}
