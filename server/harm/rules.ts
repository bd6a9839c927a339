// The harm watch's markers: one table of named, versioned rules, keyed by every name in
// contract/harm.ts (a name without its rule does not compile). Each rule measures one number from
// the player's records and fires when it reaches its threshold, a setting (HARM_*, config.harm);
// its weight is what it adds to the harm score when it fires. Changing what a rule measures or
// weighs is a new version: the stored markers keep the version they were computed with.
// Pure functions of the input: computing them never touches the spin, and tests call them directly.
import type { HarmMarker, HarmRuleName } from '../../contract/harm.ts'
import type { Config } from '../config.ts'
import type { PlayDay } from '../games/play-days.ts'
import { localDate, localDateTime } from '../lib/periods.ts'

export type HarmThresholds = Config['harm']

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** What the rules read of one player, as of `now` (collected by input.ts). */
export interface HarmInput {
  now: number
  timeZone: string
  /** Paid deposits of the last 7 days, oldest first. */
  deposits: { at: number; amount: number }[]
  /** Rounds of the last 24 hours and the chase window before them, oldest first. */
  rounds: { at: number; bet: number; win: number }[]
  /** Rounds, stakes and wins per local day over the last 7 days (today included). */
  days: PlayDay[]
  /** The player's daily loss limit in force (centavos), or null. */
  lossLimitDay: number | null
  /** Game sessions that ran in the last 7 days. */
  sessions: { openedAt: number; endAt: number }[]
  /** Withdrawals that failed or were refused in the last 30 days. */
  reversedWithdrawals: number
  /** Limits the player raised or removed in the last 30 days. */
  limitRaises: number
  /** Reality checks answered "continue" in the last 24 hours. */
  realityDismissals: number
  /** What the player wrote to support in the last 30 days. */
  messages: string[]
}

export interface HarmRule {
  version: number
  /** Points the rule adds to the score when it fires. */
  weight: number
  /** The setting its value is compared with: it fires at that value or above. */
  threshold: (t: HarmThresholds) => number
  measure: (input: HarmInput, t: HarmThresholds) => number
}

const last24h = <T extends { at: number }>(input: HarmInput, rows: T[]) => rows.filter((r) => r.at > input.now - DAY_MS)
const today = (input: HarmInput) => localDate(input.now, input.timeZone)

/** Words of despair, debt and compulsion (pt-BR and en), matched without accents or case. */
export const distressWords = [
  'desesperado',
  'desesperada',
  'desespero',
  'perdi tudo',
  'nao aguento',
  'nao consigo parar',
  'viciado',
  'viciada',
  'vicio',
  'me matar',
  'suicidio',
  'endividado',
  'endividada',
  'dividas',
  'emprestimo',
  'dinheiro do aluguel',
  'desperate',
  'lost everything',
  "can't stop",
  'cant stop',
  'addicted',
  'addiction',
  'kill myself',
  'suicide',
  'in debt',
  'my debts',
  'borrowed money',
  'rent money',
] as const

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
const distressPattern = new RegExp(`(^|[^\\p{L}])(${distressWords.join('|')})($|[^\\p{L}])`, 'u')

/** Whether a message has a distress word or phrase (whole words, accents and case ignored). */
export function hasDistressWord(text: string): boolean {
  return distressPattern.test(plain(text).replace(/[’‘]/g, "'"))
}

/** Whether a local hour is in the night HARM_NIGHT_HOURS names (from-to, possibly past midnight). */
function inNight(hour: number, t: HarmThresholds) {
  return t.nightFrom <= t.nightTo ? hour >= t.nightFrom && hour < t.nightTo : hour >= t.nightFrom || hour < t.nightTo
}

const NIGHT_STEP_MS = 15 * MINUTE_MS

export const harmRules: Record<HarmRuleName, HarmRule> = {
  /** How many deposits were paid in the last 24 hours. */
  deposits_per_day: {
    version: 1,
    weight: 2,
    threshold: (t) => t.depositsPerDay,
    measure: (input) => last24h(input, input.deposits).length,
  },
  /**
   * The last 24 hours' deposits as a percentage of the daily mean of the six days before (taken as
   * at least one a day, so a first busy day from nothing counts from one).
   */
  deposit_acceleration: {
    version: 1,
    weight: 1,
    threshold: (t) => t.depositAccelerationPercent,
    measure: (input) => {
      const recent = last24h(input, input.deposits).length
      const before = input.deposits.filter((d) => d.at <= input.now - DAY_MS && d.at > input.now - 7 * DAY_MS).length
      return Math.floor((100 * recent) / Math.max(1, before / 6))
    },
  },
  /** Deposits of the last 24 hours paid within HARM_CHASE_MINUTES after rounds that lost money. */
  chasing_losses: {
    version: 1,
    weight: 3,
    threshold: (t) => t.chaseDeposits,
    measure: (input, t) =>
      last24h(input, input.deposits).filter((deposit) => {
        const before = input.rounds.filter((r) => r.at < deposit.at && r.at >= deposit.at - t.chaseMinutes * MINUTE_MS)
        return before.length > 0 && before.reduce((net, r) => net + r.bet - r.win, 0) > 0
      }).length,
  },
  /** Today's net loss as a percentage of the player's own daily loss limit (0 without one). */
  loss_of_limit: {
    version: 1,
    weight: 2,
    threshold: (t) => t.lossLimitPercent,
    measure: (input) => {
      const day = input.days.find((d) => d.date === today(input))
      const loss = day ? Math.max(0, day.bets - day.wins) : 0
      return input.lossLimitDay === null || input.lossLimitDay <= 0 ? 0 : Math.floor((100 * loss) / input.lossLimitDay)
    },
  },
  /** Local days of the last 7 with a game open in the night hours (market time zone). */
  night_play: {
    version: 1,
    weight: 2,
    threshold: (t) => t.nights,
    measure: (input, t) => {
      const nights = new Set<string>()
      const since = input.now - 7 * DAY_MS
      const see = (at: number) => {
        const stamp = localDateTime(at, input.timeZone)
        if (inNight(Number(stamp.slice(11, 13)), t)) nights.add(stamp.slice(0, 10))
      }
      for (const s of input.sessions) {
        const from = Math.max(s.openedAt, since)
        if (s.endAt < from) continue
        for (let at = from; at < s.endAt; at += NIGHT_STEP_MS) see(at)
        see(s.endAt)
      }
      return nights.size
    },
  },
  /** The longest game session of the last 7 days, in minutes. */
  long_session: {
    version: 1,
    weight: 1,
    threshold: (t) => t.sessionMinutes,
    measure: (input) =>
      Math.floor(input.sessions.reduce((longest, s) => Math.max(longest, s.endAt - s.openedAt), 0) / MINUTE_MS),
  },
  /** Game sessions opened in the last 24 hours. */
  session_frequency: {
    version: 1,
    weight: 1,
    threshold: (t) => t.sessionsPerDay,
    measure: (input) => input.sessions.filter((s) => s.openedAt > input.now - DAY_MS).length,
  },
  /** Withdrawals of the last 30 days that failed or were refused, their money back in play. */
  reversed_withdrawals: {
    version: 1,
    weight: 1,
    threshold: (t) => t.reversedWithdrawals,
    measure: (input) => input.reversedWithdrawals,
  },
  /** Limits the player raised or removed in the last 30 days. */
  limit_raises: {
    version: 1,
    weight: 2,
    threshold: (t) => t.limitRaises,
    measure: (input) => input.limitRaises,
  },
  /** Today's mean stake as a percentage of the six days before's (0 when either has no rounds). */
  rising_stakes: {
    version: 1,
    weight: 1,
    threshold: (t) => t.stakeRisePercent,
    measure: (input) => {
      const date = today(input)
      const now = input.days.filter((d) => d.date === date)
      const before = input.days.filter((d) => d.date < date)
      const mean = (days: PlayDay[]) => {
        const rounds = days.reduce((n, d) => n + d.rounds, 0)
        return rounds === 0 ? 0 : days.reduce((n, d) => n + d.bets, 0) / rounds
      }
      const [current, previous] = [mean(now), mean(before)]
      return current === 0 || previous === 0 ? 0 : Math.floor((100 * current) / previous)
    },
  },
  /** Reality checks answered "continue" in the last 24 hours. */
  reality_check_dismissals: {
    version: 1,
    weight: 1,
    threshold: (t) => t.realityDismissals,
    measure: (input) => input.realityDismissals,
  },
  /** Support messages of the last 30 days with a word of despair, debt or compulsion. */
  distress_words: {
    version: 1,
    weight: 4,
    threshold: (t) => t.distressMessages,
    measure: (input) => input.messages.filter(hasDistressWord).length,
  },
}

/** Every marker for the input: each rule's value, threshold, and whether it fired. */
export function evaluateMarkers(input: HarmInput, t: HarmThresholds): HarmMarker[] {
  return (Object.entries(harmRules) as [HarmRuleName, HarmRule][]).map(([rule, def]) => {
    const value = def.measure(input, t)
    const threshold = def.threshold(t)
    return { rule, version: def.version, weight: def.weight, value, threshold, fired: value >= threshold }
  })
}

/** The harm score: the sum of the fired markers' weights. */
export const harmScore = (markers: HarmMarker[]) => markers.reduce((sum, m) => sum + (m.fired ? m.weight : 0), 0)

/** The level a score reaches: 0 below the first of HARM_LEVELS, else the highest it reaches. */
export function harmLevel(score: number, levels: readonly number[]): number {
  return levels.reduce((level, from, i) => (score >= from ? i + 1 : level), 0)
}
