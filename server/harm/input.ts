// What the harm watch reads of one player, through the owning modules' query functions: deposits
// and withdrawals (payments), rounds, play days and game sessions (games), limits and reality
// checks (accounts), support messages (support) — the markers' input and the figures a message
// shows the player; and the week before and after an intervention, for its measured effect.
import type { Kysely } from 'kysely'
import type { HarmBehaviour, HarmFigures } from '../../contract/harm.ts'
import { dailyLossLimitFor, limitRaisesSinceFor, realityDismissalsSinceFor } from '../accounts/harm-queries.ts'
import type { Database } from '../db/schema.ts'
import { lossBetween, playedMsBetween, roundsWithinFor, sessionsSinceFor } from '../games/harm-queries.ts'
import { playDaysSinceFor } from '../games/play-days.ts'
import { localDate, periodStart } from '../lib/periods.ts'
import { depositedBetween, paidDepositsSinceFor, reversedWithdrawalsSinceFor } from '../payments/harm-queries.ts'
import { playerMessagesSinceFor } from '../support/harm-queries.ts'
import type { HarmInput, HarmThresholds } from './rules.ts'

const MINUTE_MS = 60_000
export const DAY_MS = 24 * 60 * MINUTE_MS

export async function readHarmInput(
  db: Kysely<Database>,
  playerId: number,
  now: number,
  timeZone: string,
  t: HarmThresholds,
): Promise<HarmInput> {
  return (await readHarmInputs(db, [playerId], now, timeZone, t)).get(playerId) as HarmInput
}

/**
 * The markers' input of a batch of players, one query per kind of record for the whole batch (a
 * run over many players costs a few queries per batch, not a dozen per player).
 */
export async function readHarmInputs(
  db: Kysely<Database>,
  playerIds: readonly number[],
  now: number,
  timeZone: string,
  t: HarmThresholds,
): Promise<Map<number, HarmInput>> {
  const week = now - 7 * DAY_MS
  const month = now - 30 * DAY_MS
  // Seven local days, today included: the stake and loss markers compare whole days.
  const firstDay = periodStart('day', now - 6 * DAY_MS, timeZone)
  const deposits = await paidDepositsSinceFor(db, playerIds, week)
  // The chasing marker reads the rounds of the HARM_CHASE_MINUTES before each deposit of the last
  // day: per player, from the first such window to the last deposit. A player who spins all day
  // without depositing has none to read (reading every round of the day made each run's cost grow
  // with the play it watched).
  const spans = new Map<number, { from: number; to: number }>()
  for (const [playerId, list] of deposits) {
    const recent = list.filter((d) => d.at >= now - DAY_MS)
    if (recent.length === 0) continue
    const first = Math.min(...recent.map((d) => d.at))
    const last = Math.max(...recent.map((d) => d.at))
    spans.set(playerId, { from: first - t.chaseMinutes * MINUTE_MS, to: last })
  }
  const [rounds, days, lossLimitDay, sessions, reversedWithdrawals, limitRaises, realityDismissals, messages] =
    await Promise.all([
      roundsWithinFor(db, spans),
      playDaysSinceFor(db, playerIds, firstDay, timeZone),
      dailyLossLimitFor(db, playerIds, now),
      sessionsSinceFor(db, playerIds, week, now),
      reversedWithdrawalsSinceFor(db, playerIds, month),
      limitRaisesSinceFor(db, playerIds, month),
      realityDismissalsSinceFor(db, playerIds, now - DAY_MS),
      playerMessagesSinceFor(db, playerIds, month),
    ])
  return new Map(
    playerIds.map((id) => [
      id,
      {
        now,
        timeZone,
        deposits: deposits.get(id) ?? [],
        rounds: rounds.get(id) ?? [],
        days: days.get(id) ?? [],
        lossLimitDay: lossLimitDay.get(id) ?? null,
        sessions: sessions.get(id) ?? [],
        reversedWithdrawals: reversedWithdrawals.get(id) ?? 0,
        limitRaises: limitRaises.get(id) ?? 0,
        realityDismissals: realityDismissals.get(id) ?? 0,
        messages: messages.get(id) ?? [],
      },
    ]),
  )
}

/** The player's own figures, from the input already read: what a level-1 message shows them. */
export function figuresOf(input: HarmInput, pauseUntil: number | null = null): HarmFigures {
  const date = localDate(input.now, input.timeZone)
  const startOfDay = periodStart('day', input.now, input.timeZone)
  const todays = input.deposits.filter((d) => d.at >= startOfDay)
  const loss = (days: typeof input.days) => days.reduce((sum, d) => sum + d.bets - d.wins, 0)
  let covered = input.now - 7 * DAY_MS
  let playedMs = 0
  for (const s of input.sessions) {
    const start = Math.max(s.openedAt, covered)
    if (s.endAt > start) playedMs += s.endAt - start
    covered = Math.max(covered, s.endAt)
  }
  return {
    depositsToday: todays.length,
    depositedToday: todays.reduce((sum, d) => sum + d.amount, 0),
    deposits7d: input.deposits.length,
    deposited7d: input.deposits.reduce((sum, d) => sum + d.amount, 0),
    lossToday: Math.max(0, loss(input.days.filter((d) => d.date === date))),
    loss7d: Math.max(0, loss(input.days)),
    minutes7d: Math.floor(playedMs / MINUTE_MS),
    lossLimitDay: input.lossLimitDay,
    pauseUntil,
  }
}

/** What the player did in [from, to): money deposited, net loss, minutes with a game open. */
export async function behaviourBetween(
  db: Kysely<Database>,
  playerId: number,
  from: number,
  to: number,
): Promise<HarmBehaviour> {
  const [deposited, loss, playedMs] = await Promise.all([
    depositedBetween(db, playerId, from, to),
    lossBetween(db, playerId, from, to),
    playedMsBetween(db, playerId, from, to),
  ])
  return { deposited, loss, minutes: Math.floor(playedMs / MINUTE_MS) }
}
