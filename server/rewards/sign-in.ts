// Daily sign-in: one claim per São Paulo calendar day; consecutive days walk a 7-day
// calendar whose 7th day adds the streak bonus, then it starts again at day 1. A missed day
// restarts the streak. The claim's key is the player and the local date.
import type { SignDayState, SignInfo, SignReward } from '../../contract/rewards.ts'
import { signInDays } from '../../contract/sign-in.ts'
import { localDate, periodEnd, periodStart } from '../lib/periods.ts'
import { Refusal } from '../refusal.ts'
import { creditReward, type RewardsContext, requirePromotion } from './promotions.ts'

interface LastSignIn {
  day: string
  streak_day: number
}

interface SignDay {
  today: string
  todayDay: number
  signedToday: boolean
  dayEndsAt: number
}

function signDay(ctx: RewardsContext, last: LastSignIn | undefined, now: number): SignDay {
  const { timeZone } = ctx.config.market
  const today = localDate(now, timeZone)
  const yesterday = localDate(periodStart('day', now, timeZone) - 1, timeZone)
  const dayEndsAt = periodEnd('day', now, timeZone)
  if (last?.day === today) return { today, todayDay: Number(last.streak_day), signedToday: true, dayEndsAt }
  if (last?.day === yesterday) {
    return { today, todayDay: (Number(last.streak_day) % 7) + 1, signedToday: false, dayEndsAt }
  }
  return { today, todayDay: 1, signedToday: false, dayEndsAt }
}

function lastSignIn(ctx: RewardsContext, playerId: number, db = ctx.db) {
  return db
    .selectFrom('sign_ins')
    .select(['day', 'streak_day'])
    .where('player_id', '=', playerId)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export async function signInfo(ctx: RewardsContext, playerId: number): Promise<SignInfo> {
  const now = ctx.now()
  const { todayDay, signedToday, dayEndsAt } = signDay(ctx, await lastSignIn(ctx, playerId), now)
  const { daily, streakBonus } = ctx.config.promotions.signIn
  const stateOf = (day: number): SignDayState => {
    if (day < todayDay) return 'signed'
    if (day > todayDay) return 'upcoming'
    return signedToday ? 'signed_today' : 'today'
  }
  return {
    days: signInDays(daily, streakBonus).map((day) => ({ ...day, state: stateOf(day.day) })),
    streak: signedToday ? todayDay : todayDay - 1,
    signedToday,
    todayDay,
    dayEndsAt,
    wageringMultiplier: ctx.config.promotions.wagering,
    serverTime: now,
  }
}

export function drawSignReward(ctx: RewardsContext, playerId: number): Promise<SignReward> {
  return ctx.ledger.transact(async (tx) => {
    await requirePromotion(tx.trx, ctx.config, 'sign_in', playerId, tx.now)
    const state = signDay(ctx, await lastSignIn(ctx, playerId, tx.trx), tx.now)
    if (state.signedToday) throw new Refusal('sign_in_done', { nextAt: state.dayEndsAt })
    const { daily, streakBonus } = ctx.config.promotions.signIn
    const today = signInDays(daily, streakBonus)[state.todayDay - 1]
    const amount = today?.amount ?? 0
    // A concurrent sign-in for the same day fails on this primary key; the ledger retries and
    // the retry finds the day signed.
    await tx.trx
      .insertInto('sign_ins')
      .values({ player_id: playerId, day: state.today, streak_day: state.todayDay, amount, created_at: tx.now })
      .execute()
    let credit = await creditReward(tx, ctx.config, {
      id: `sign-in:${playerId}:${state.today}`,
      playerId,
      kind: 'sign_in_reward',
      amount,
    })
    const bonus = today?.bonus ?? 0
    if (bonus > 0) {
      const streak = await creditReward(tx, ctx.config, {
        id: `sign-in-streak:${playerId}:${state.today}`,
        playerId,
        kind: 'sign_in_streak_bonus',
        amount: bonus,
      })
      credit = { ...streak, amount: amount + bonus, wageringAdded: credit.wageringAdded + streak.wageringAdded }
    }
    return { ...credit, day: state.todayDay, streakBonus: bonus }
  })
}
