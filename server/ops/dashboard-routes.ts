// The console's dashboard and settings. The dashboard's figures are today's (the market's
// calendar day) and all read from the ledger and the tables: deposits credited, withdrawals
// paid, PIX set aside for return, bonuses granted, adjustments each way, GGR (bets − rollbacks −
// wins − jackpots won) in all and per game — the finance report's day, counted the same way —
// players who played in the last 15 minutes,
// payout times (median and worst, request → paid) against the 120-minute rule, open worklists,
// and deposits and withdrawals per hour for the chart. The work waiting for the caller (menu badges
// and the dashboard): each count from its module's rows, for the kinds the caller's role may do. Settings: read by every role, changed by
// admins (audited, effective at once).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PAYOUT_LIMIT_MINUTES } from '../../contract/ops.ts'
import { dashboard, opsHealth, pendingWork, settingsView } from '../../contract/ops-replies.ts'
import { kindsOf } from '../../contract/transfers.ts'
import { playersPlayingSince } from '../games/operator-queries.ts'
import { roundGamesQuery } from '../games/report-queries.ts'
import { ok, replies } from '../http/envelope.ts'
import { auditLedger } from '../ledger/audit.ts'
import { financeDay } from '../ledger/reports.ts'
import { hourlyTotals } from '../ledger/totals.ts'
import { localDate, periodStart } from '../lib/periods.ts'
import { openWorkCounts, payoutDurations, unmatchedPix } from '../payments/operator-queries.ts'
import { settableKeys } from './settings.ts'

const ACTIVE_WINDOW_MS = 15 * 60_000

export const opsDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dashboard',
    {
      config: { opsPermission: 'withdrawals.view' },
      schema: { response: replies(dashboard), body: z.strictObject({}) },
    },
    async () => {
      const now = app.clock.now()
      const timeZone = app.config.market.timeZone
      const since = periodStart('day', now, timeZone)
      const hours = Math.max(1, Math.ceil((now - since) / 3600_000))
      const [today, hourly, active, durations, open, unmatched] = await Promise.all([
        financeDay(app.db, roundGamesQuery(app.db, app.engine), localDate(now, timeZone), since, now + 1),
        hourlyTotals(app.db, [...kindsOf('deposits'), ...kindsOf('withdrawals')], since, hours),
        playersPlayingSince(app.db, now - ACTIVE_WINDOW_MS),
        payoutDurations(app.db, since),
        openWorkCounts(app.db, now),
        unmatchedPix(app.db, 100),
      ])
      const median =
        durations.length === 0
          ? null
          : durations.length % 2
            ? (durations[(durations.length - 1) / 2] as number)
            : ((durations[durations.length / 2 - 1] as number) + (durations[durations.length / 2] as number)) / 2
      return ok({
        now,
        since,
        deposits: today.deposits,
        withdrawals: today.withdrawals,
        refunds: today.refunds,
        bonuses: today.bonuses,
        adjustmentsCredited: today.adjustmentsCredited,
        adjustmentsDebited: today.adjustmentsDebited,
        games: today.games,
        bets: today.stakes,
        wins: today.wins,
        ggr: today.ggr,
        playersActive: active,
        payouts: {
          count: durations.length,
          medianMs: median,
          worstMs: durations.at(-1) ?? null,
          overLimit: durations.filter((d) => d > PAYOUT_LIMIT_MINUTES * 60_000).length,
        },
        open: { ...open, unmatchedDeposits: unmatched.length },
        hourly: {
          deposits: sumHours(
            hours,
            kindsOf('deposits').map((kind) => hourly[kind]),
          ),
          withdrawals: sumHours(
            hours,
            kindsOf('withdrawals').map((kind) => hourly[kind]),
          ),
        },
      })
    },
  )

  // Every operator asks: each sees the counts of the work their role may do, read from the rows.
  app.post('/pending', { schema: { response: replies(pendingWork), body: z.strictObject({}) } }, async (request) =>
    ok(await app.pendingWork.countsFor(request.ops.role, request.ops.actor.id)),
  )

  app.post(
    '/health',
    { config: { opsPermission: 'health.view' }, schema: { response: replies(opsHealth), body: z.strictObject({}) } },
    async () => ok({ ledger: await auditLedger(app.db), unmatched: await unmatchedPix(app.db, 100) }),
  )

  app.post(
    '/settings/get',
    {
      config: { opsPermission: 'players.view' },
      schema: { response: replies(settingsView), body: z.strictObject({}) },
    },
    async () => ok(await app.settings.view()),
  )

  app.post(
    '/settings/set',
    {
      config: { opsPermission: 'settings.edit' },
      schema: {
        response: replies(settingsView),
        body: z.strictObject({
          key: z.enum(settableKeys as [string, ...string[]]),
          value: z.union([z.boolean(), z.number(), z.array(z.union([z.string().max(40), z.number()])).max(20)]),
          reason: z.string().trim().min(1).max(200),
        }),
      },
    },
    async (request) => {
      const { key, value, reason } = request.body
      return ok(await app.settings.set(key as never, value, request.ops.actor, reason, app.clock.now()))
    },
  )
}

/** Two hourly series added hour by hour (withdrawals asked for and balances paid at a closure). */
/** Several kinds' hourly series added hour by hour. */
function sumHours(hours: number, series: (number[] | undefined)[]): number[] {
  return Array.from({ length: hours }, (_, hour) => series.reduce((sum, s) => sum + (s?.[hour] ?? 0), 0))
}
