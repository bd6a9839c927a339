// The player's limits view, as the player's /limits screen, the operator's player view and
// support's side panel read it: every setting with its pending change, loss so far and reset per
// period, time played today and this session, the exclusion in force, and the latest changes.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { type LimitsView, limitPeriods } from '../../contract/limits.ts'
import {
  activeSelfExclusion,
  asAmount,
  asMinutes,
  limitHistory,
  mandatoryKinds,
  readSettings,
} from '../accounts/limits.ts'
import type { Database } from '../db/schema.ts'
import { lossByPeriod } from '../games/play-days.ts'
import { playTime } from '../games/play-limits.ts'
import { periodEnd } from '../lib/periods.ts'

export async function readLimitsView(
  app: FastifyInstance,
  db: Kysely<Database>,
  playerId: number,
): Promise<LimitsView> {
  const now = app.clock.now()
  const { timeZone } = app.config.market
  const setting = await readSettings(db, playerId, now)
  const losses = await lossByPeriod(db, playerId, now, timeZone)
  const loss = limitPeriods.map((period) => ({
    ...asAmount(period, setting(`loss_${period}`)),
    lossSoFar: losses[period],
    resetsAt: periodEnd(period, now, timeZone),
  }))
  const time = await playTime(db, playerId, now, timeZone)
  const history = await limitHistory(db, playerId)
  const reality = asMinutes(setting('reality_check'))
  return {
    deposit: limitPeriods.map((period) => asAmount(period, setting(`deposit_${period}`))),
    loss,
    session: {
      daily: asMinutes(setting('time_day')),
      perSession: asMinutes(setting('time_session')),
      playedTodayMs: time.todayMs,
      playedSessionMs: time.sessionMs,
      dayResetsAt: periodEnd('day', now, timeZone),
    },
    realityCheck: { ...reality, minutes: reality.minutes ?? app.config.realityCheckDefaultMinutes },
    registrationDone: mandatoryKinds.every((kind) => setting(kind).value !== null),
    selfExclusion: await activeSelfExclusion(db, playerId, now),
    history,
  }
}
