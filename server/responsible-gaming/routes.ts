// The responsible-gaming API: the limits view (settings with pending changes,
// time played, loss so far per period, exclusion, the player's history), setting each limit,
// the mandatory limits at registration, self-exclusion, and the activity view.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  type ActivityView,
  activityRequest,
  activityView,
  limitsView,
  registrationLimitsRequest,
  selfExcludeRequest,
  setDepositLimitRequest,
  setLossLimitRequest,
  setRealityCheckRequest,
  setSessionLimitRequest,
} from '../../contract/limits.ts'
import { recordLimitEvent, selfExclude, setDepositLimit, setSettings } from '../accounts/limits.ts'
import { roundActivity, timePlayedSince } from '../games/activity.ts'
import { ok, replies } from '../http/envelope.ts'
import { ledgerFlows } from '../ledger/activity.ts'
import { periodStart } from '../lib/periods.ts'
import { limitsLegacyPaths as legacy } from './legacy-shapes.ts'
import { readLimitsView } from './limits-view.ts'

const DAY_MS = 24 * 3600_000

const activitySince = { today: null, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS, all: null } as const

export const limitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = (playerId: number) => readLimitsView(app, app.db, playerId)

  app.post(
    '/v1/limits',
    {
      config: { legacyPath: legacy.limits },
      schema: { summary: "The player's limits, pauses and their history", response: replies(limitsView) },
    },
    async (request) => ok(await view(request.playerId)),
  )

  app.post(
    '/v1/limits/deposit',
    {
      config: { legacyPath: legacy.deposit },
      schema: {
        summary: 'Set a deposit limit (lower at once, higher or removed after 24 hours)',
        body: setDepositLimitRequest,
        response: replies(limitsView),
      },
    },
    async (request) => {
      await setDepositLimit(app.db, request.playerId, request.body.period, request.body.amount, app.clock.now())
      return ok(await view(request.playerId))
    },
  )

  app.post(
    '/v1/limits/loss',
    {
      config: { legacyPath: legacy.loss },
      schema: {
        summary: 'Set a loss limit (lower at once, higher or removed after 24 hours)',
        body: setLossLimitRequest,
        response: replies(limitsView),
      },
    },
    async (request) => {
      const { period, amount } = request.body
      await setSettings(app.db, request.playerId, [{ kind: `loss_${period}`, value: amount }], app.clock.now())
      return ok(await view(request.playerId))
    },
  )

  app.post(
    '/v1/limits/session',
    {
      config: { legacyPath: legacy.session },
      schema: {
        summary: 'Set the daily or per-session time limit',
        body: setSessionLimitRequest,
        response: replies(limitsView),
      },
    },
    async (request) => {
      const changes = [
        { kind: 'time_day' as const, value: request.body.dailyMinutes },
        { kind: 'time_session' as const, value: request.body.sessionMinutes },
      ]
      await setSettings(app.db, request.playerId, changes, app.clock.now())
      return ok(await view(request.playerId))
    },
  )

  app.post(
    '/v1/limits/realityCheck',
    {
      config: { legacyPath: legacy.realityCheck },
      schema: {
        summary: 'Set the reality-check interval',
        body: setRealityCheckRequest,
        response: replies(limitsView),
      },
    },
    async (request) => {
      await setSettings(
        app.db,
        request.playerId,
        [{ kind: 'reality_check', value: request.body.minutes }],
        app.clock.now(),
      )
      return ok(await view(request.playerId))
    },
  )

  // Portaria 2.579/2025: a daily loss limit and a daily time limit are part of registration.
  app.post(
    '/v1/limits/registration',
    {
      config: { legacyPath: legacy.registration },
      schema: {
        summary: "Set the registration's mandatory daily loss and time limits",
        body: registrationLimitsRequest,
        response: replies(limitsView),
      },
    },
    async (request) => {
      const now = app.clock.now()
      const changes = [
        { kind: 'loss_day' as const, value: request.body.dailyLoss },
        { kind: 'time_day' as const, value: request.body.dailyMinutes },
      ]
      await app.db.transaction().execute(async (trx) => {
        await setSettings(trx, request.playerId, changes, now)
        await recordLimitEvent(trx, request.playerId, 'registration', request.body, 'player', now)
      })
      return ok(await view(request.playerId))
    },
  )

  app.post(
    '/v1/limits/selfExclude',
    {
      config: { legacyPath: legacy.selfExclude },
      schema: { summary: 'Pause play or self-exclude', body: selfExcludeRequest, response: replies(limitsView) },
    },
    async (request) => {
      await selfExclude(app.db, request.playerId, request.body.duration, app.clock.now())
      // After the pause commits, its still-payable PIX codes are withdrawn (paying one would only
      // send money out and back); should this fail, reconciliation does it (`cancelForPause`).
      await app.payments.deposits
        .cancelForPause(request.playerId)
        .catch((error) => request.log.error({ err: error }, 'withdrawing charges at a pause failed'))
      return ok(await view(request.playerId))
    },
  )

  app.post(
    '/v1/activity',
    {
      config: { legacyPath: legacy.activity },
      schema: {
        summary: "The player's activity over a period: money in and out, bets, wins, time",
        body: activityRequest,
        response: replies(activityView),
      },
    },
    async (request) => {
      const now = app.clock.now()
      const { period } = request.body
      const { timeZone } = app.config.market
      const length = activitySince[period]
      const since = period === 'today' ? periodStart('day', now, timeZone) : length === null ? 0 : now - length
      const [flows, rounds, playedMs] = await Promise.all([
        ledgerFlows(app.db, app.ledger.accounts, request.playerId, since),
        roundActivity(app.db, request.playerId, since, now, timeZone),
        timePlayedSince(app.db, request.playerId, since, now),
      ])
      return ok<ActivityView>({
        period,
        since: period === 'all' ? null : since,
        ...flows,
        bets: rounds.bets,
        wins: rounds.wins,
        net: rounds.wins - rounds.bets,
        rounds: rounds.rounds,
        playedMs,
        days: rounds.days,
      })
    },
  )
}
