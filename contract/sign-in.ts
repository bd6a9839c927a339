// The 7-day sign-in table, one source for what the server pays and what the screens say: each
// day's reward, the 7th day's streak bonus on top, and what a full week of check-ins adds up to.
// Zod-free, so the browser imports it.

export interface SignInDay {
  day: number
  amount: number
  /** Added on top of `amount` on the 7th consecutive day. */
  bonus: number
}

/** Each day of the streak with what it pays (the streak bonus on day 7). */
export function signInDays(daily: readonly number[], streakBonus: number): SignInDay[] {
  return daily.map((amount, index) => ({ day: index + 1, amount, bonus: index === 6 ? streakBonus : 0 }))
}

/** What 7 consecutive check-ins pay in all: every day's reward plus the streak bonus. */
export function signInWeekTotal(days: readonly Pick<SignInDay, 'amount' | 'bonus'>[]): number {
  return days.reduce((sum, day) => sum + day.amount + day.bonus, 0)
}
