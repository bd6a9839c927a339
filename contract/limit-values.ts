// The responsible-gaming values the app shows and the server checks: periods, pause
// lengths, registration choices, the reality-check bounds and the views' shapes. No zod here, so
// the browser can import these without bundling the schemas (contract/limits.ts has those).

export const limitPeriods = ['day', 'week', 'month'] as const
export type LimitPeriod = (typeof limitPeriods)[number]

export const REALITY_CHECK_DEFAULT_MINUTES = 60
export const REALITY_CHECK_MIN_MINUTES = 15
export const REALITY_CHECK_MAX_MINUTES = 120

export const selfExclusionDurations = ['24h', '7d', '30d', '6m', 'permanent'] as const
export type SelfExclusionDuration = (typeof selfExclusionDurations)[number]

/** The choices at registration (Portaria 2.579/2025 makes both mandatory; "no limit" is not one). */
export const registrationLossChoices = [500, 2000, 5000, 10000, 20000, 50000] as const
export const registrationMinuteChoices = [30, 60, 120, 240] as const

export const activityPeriods = ['today', '7d', '30d', 'all'] as const

export interface DepositLimitSetting {
  period: LimitPeriod
  /** In force now; null = no limit. */
  amount: number | null
  /** A raise or removal waiting for its 24 hours. */
  pending: { amount: number | null; from: number } | null
}

export interface LossLimitSetting extends DepositLimitSetting {
  /** Net loss (bets − wins) so far in the current period, and when the period resets. */
  lossSoFar: number
  resetsAt: number
}

export interface MinutesSetting {
  minutes: number | null
  pending: { minutes: number | null; from: number } | null
}

export interface LimitEvent {
  kind: string
  detail: Record<string, unknown>
  /** 'player' or 'operator'. */
  actor: string
  at: number
}

export interface LimitsView {
  deposit: DepositLimitSetting[]
  loss: LossLimitSetting[]
  session: {
    daily: MinutesSetting
    perSession: MinutesSetting
    /** Minutes played today and in the current play session. */
    playedTodayMs: number
    playedSessionMs: number
    dayResetsAt: number
  }
  realityCheck: MinutesSetting & { minutes: number }
  /**
   * Whether both limits of the registration (a daily loss limit and a daily time limit, Portaria
   * SPA/MF 2.579/2025) are in force; until then deposits answer `registration_limits_required`.
   */
  registrationDone: boolean
  selfExclusion: { startedAt: number; until: number | null } | null
  history: LimitEvent[]
}

export interface ActivityView {
  period: (typeof activityPeriods)[number]
  since: number | null
  deposits: number
  withdrawals: number
  bets: number
  wins: number
  /** Wins − bets: negative is a loss. */
  net: number
  rounds: number
  playedMs: number
  /** Per local day, oldest first (at most 30). */
  days: { date: string; bets: number; wins: number }[]
}
