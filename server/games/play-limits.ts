// The play side of the player's limits, checked inside the spin's transaction under
// the player's lock so two concurrent spins cannot both pass: net loss per day / week / month
// (bets − wins, jackpots included, from the day rows the spin keeps: play-days.ts), minutes played today and in the
// current play session, and the reality check that pauses play until the player answers.
// Time played is the union of the game sessions' open spans (two tabs do not count twice); a
// play session is a run of them with breaks shorter than PLAY_BREAK_MS.
import { type Kysely, sql } from 'kysely'
import { type LimitPeriod, limitPeriods } from '../../contract/limits.ts'
import { lastRealityCheck, readSettings, type Settings } from '../accounts/limits.ts'
import type { Database } from '../db/schema.ts'
import { periodEnd, periodStart } from '../lib/periods.ts'
import { Refusal } from '../refusal.ts'
import { lossByPeriod } from './play-days.ts'

/** A break this long ends a play session (and resets the per-session time limit). */
export const PLAY_BREAK_MS = 15 * 60_000

/**
 * Net loss (bets − wins) in rounds since `since`; negative when the player is ahead. For a play
 * session (bounded by the time limits); calendar periods read `lossByPeriod` (play-days.ts).
 */
export async function netLossSince(db: Kysely<Database>, playerId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('game_rounds')
    .select(sql<number | string | null>`sum(bet - win - jackpot_win)`.as('loss'))
    .where('player_id', '=', playerId)
    .where('created_at', '>=', since)
    .executeTakeFirst()
  return Number(row?.loss ?? 0)
}

export interface PlayTime {
  todayMs: number
  sessionMs: number
  /** When the current play session began (null: none in progress). */
  sessionStart: number | null
  /** When the latest play ended (now, for a session in use). */
  lastPlayed: number | null
}

/** Minutes played today and in the current play session; the open session counts up to `now`. */
export async function playTime(db: Kysely<Database>, playerId: number, now: number, timeZone: string) {
  return playTimeOf(await playTimeQuery(db, playerId, now, timeZone).execute(), now, timeZone)
}

/** The game sessions `playTime` counts, for a caller that reads them together with others. */
export function playTimeQuery(db: Kysely<Database>, playerId: number, now: number, timeZone: string) {
  const dayStart = periodStart('day', now, timeZone)
  return db
    .selectFrom('game_sessions')
    .select(['id', 'opened_at', 'last_seen_at', 'closed_at'])
    .where('player_id', '=', playerId)
    .where('opened_at', 'is not', null)
    .where('last_seen_at', '>=', Math.min(dayStart, now - 24 * 3600_000))
    .orderBy('opened_at')
}

type SessionSpanRow = {
  id: string
  opened_at: number | string | null
  last_seen_at: number | string
  closed_at: number | string | null
}

/**
 * `playTime` from the rows of `playTimeQuery` (in any order). `playingNow`: the session a spin is
 * being played in, seen now whatever its row says (a spin marks it seen only every few seconds).
 */
export function playTimeOf(
  sessions: readonly SessionSpanRow[],
  now: number,
  timeZone: string,
  playingNow?: string,
): PlayTime {
  const dayStart = periodStart('day', now, timeZone)
  const spans = sessions
    .map((row) => {
      const seen = row.id === playingNow ? now : Number(row.last_seen_at)
      const end = row.closed_at === null ? seen : Math.min(Number(row.closed_at), seen)
      return { start: Number(row.opened_at), end: Math.min(now, end) }
    })
    .sort((a, b) => a.start - b.start)
  const merged: { start: number; end: number }[] = []
  for (const span of spans) {
    const last = merged.at(-1)
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end)
    else merged.push({ ...span })
  }
  let todayMs = 0
  for (const span of merged) todayMs += Math.max(0, span.end - Math.max(span.start, dayStart))
  let sessionMs = 0
  let sessionStart: number | null = null
  for (let i = merged.length - 1; i >= 0; i--) {
    const span = merged[i] as { start: number; end: number }
    const next = i === merged.length - 1 ? now : (merged[i + 1] as { start: number }).start
    if (next - span.end >= PLAY_BREAK_MS) break
    sessionMs += span.end - span.start
    sessionStart = span.start
  }
  return { todayMs, sessionMs, sessionStart, lastPlayed: merged.at(-1)?.end ?? null }
}

export interface PlayGate {
  playerId: number
  sessionId: string
  bet: number
  now: number
  timeZone: string
  /** The interval for a player who chose none. */
  realityCheckMinutes: number
  /** The player's settings when the caller has read them already. */
  setting?: Settings
  /** The losses per period and the time played, when the caller has read them already (a spin). */
  read?: { losses: Record<LimitPeriod, number>; time: PlayTime }
}

/** Refuses a spin that a limit forbids: loss, time, or a reality check waiting for an answer. */
export async function enforcePlayLimits(db: Kysely<Database>, gate: PlayGate): Promise<void> {
  const { playerId, now, timeZone } = gate
  const setting = gate.setting ?? (await readSettings(db, playerId, now))
  if (hasLossLimit(setting)) {
    refuseOverLoss(
      setting,
      gate.read?.losses ?? (await lossByPeriod(db, playerId, now, timeZone)),
      gate.bet,
      now,
      timeZone,
    )
  }
  const time = gate.read?.time ?? (await playTime(db, playerId, now, timeZone))
  refuseOverTime(setting, time, now, timeZone)
  const due = await realityCheckDue(db, playerId, now, time, setting('reality_check').value ?? gate.realityCheckMinutes)
  if (due) throw new Refusal('reality_check_due', due)
}

/**
 * `enforcePlayLimits` with its settings and reads given, up to the reality check: refuses as it
 * would, and answers whether a reality check may be due (only `realityCheckDue`'s reads can tell).
 */
export function refuseOverPlayLimitsRead(gate: PlayGate & Required<Pick<PlayGate, 'setting' | 'read'>>): boolean {
  const { setting, read, now, timeZone } = gate
  if (hasLossLimit(setting)) refuseOverLoss(setting, read.losses, gate.bet, now, timeZone)
  refuseOverTime(setting, read.time, now, timeZone)
  return realityCheckMayBeDue(now, read.time, setting('reality_check').value ?? gate.realityCheckMinutes)
}

const hasLossLimit = (setting: Settings) => limitPeriods.some((period) => setting(`loss_${period}`).value !== null)

function refuseOverLoss(
  setting: Settings,
  losses: Record<LimitPeriod, number>,
  bet: number,
  now: number,
  timeZone: string,
) {
  for (const period of limitPeriods) {
    const limit = setting(`loss_${period}`).value
    if (limit === null) continue
    const loss = losses[period]
    if (loss + bet > limit) throw lossRefusal(period, limit, loss, periodEnd(period, now, timeZone))
  }
}

/** False when no reality check can be due yet in the current play session (nothing to read). */
function realityCheckMayBeDue(now: number, time: PlayTime, intervalMinutes: number): boolean {
  // The last answer, if any, came after the session began: nothing can be due before this.
  return time.sessionStart !== null && now - time.sessionStart >= intervalMinutes * 60_000
}

function refuseOverTime(setting: Settings, time: PlayTime, now: number, timeZone: string) {
  const daily = setting('time_day').value
  if (daily !== null && time.todayMs >= daily * 60_000) {
    throw new Refusal('session_limit_reached', {
      limit: 'day',
      minutes: daily,
      resetsAt: periodEnd('day', now, timeZone),
    })
  }
  const perSession = setting('time_session').value
  if (perSession !== null && time.sessionMs >= perSession * 60_000) {
    throw new Refusal('session_limit_reached', {
      limit: 'session',
      minutes: perSession,
      resetsAt: (time.lastPlayed ?? now) + PLAY_BREAK_MS,
    })
  }
}

/** Opening a game at a time limit is refused as a spin would be. */
export async function refuseOverTimeLimit(db: Kysely<Database>, playerId: number, now: number, timeZone: string) {
  const setting = await readSettings(db, playerId, now)
  refuseOverTime(setting, await playTime(db, playerId, now, timeZone), now, timeZone)
}

function lossRefusal(period: LimitPeriod, limit: number, loss: number, resetsAt: number) {
  return new Refusal('loss_limit_reached', { period, limit, remaining: Math.max(0, limit - loss), resetsAt })
}

/** The figures the reality-check dialog shows, when one is due in the current play session. */
export async function realityCheckDue(
  db: Kysely<Database>,
  playerId: number,
  now: number,
  time: PlayTime,
  intervalMinutes: number,
) {
  if (time.sessionStart === null || !realityCheckMayBeDue(now, time, intervalMinutes)) return null
  const last = await lastRealityCheck(db, playerId, time.sessionStart)
  const from = last ? last.at : time.sessionStart
  if (now - from < intervalMinutes * 60_000) return null
  const net = -(await netLossSince(db, playerId, time.sessionStart))
  return { playedMs: time.sessionMs, net, sessionStart: time.sessionStart }
}
