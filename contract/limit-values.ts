// The responsible-gaming values the app shows and the server checks: periods, pause
// lengths, registration choices, the reality-check bounds and the views' shapes. No zod here, so
// the browser can import these without bundling the schemas (contract/limits.ts has those).

export const limitPeriods = ['day', 'week', 'month'] as const
export type LimitPeriod = (typeof limitPeriods)[number]

/**
 * The player's settings, one row each: a deposit or loss limit per period (centavos), minutes of
 * play per day and per session, and the reality check's interval (minutes).
 */
export const limitSettingKinds = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'time_day',
  'time_session',
  'reality_check',
] as const
export type LimitSettingKind = (typeof limitSettingKinds)[number]

/** What a setting's value counts: centavos or minutes (both apps say it in those units). */
export const limitSettingUnits = {
  deposit_day: 'centavos',
  deposit_week: 'centavos',
  deposit_month: 'centavos',
  loss_day: 'centavos',
  loss_week: 'centavos',
  loss_month: 'centavos',
  time_day: 'minutes',
  time_session: 'minutes',
  reality_check: 'minutes',
} as const satisfies Record<LimitSettingKind, 'centavos' | 'minutes'>

/**
 * What a line of the player's limits history records: a setting changed, the registration's two
 * limits set together, or a pause / self-exclusion asked for (or kept).
 */
export const limitEventKinds = [...limitSettingKinds, 'registration', 'self_exclusion'] as const
export type LimitEventKind = (typeof limitEventKinds)[number]

/** Who made a change to the player's limits. */
export const limitActors = ['player', 'operator'] as const
export type LimitActor = (typeof limitActors)[number]

/** The player's answer to a reality check: play on, or stop (which closes the play session). */
export const realityCheckChoices = ['continue', 'stop'] as const
export type RealityCheckChoice = (typeof realityCheckChoices)[number]

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
  kind: LimitEventKind
  detail: Record<string, unknown>
  actor: LimitActor
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
