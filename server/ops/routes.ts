// The operator API under /api/ops: one scope whose hook (auth.ts) decides who calls — a console
// session or the scripts' service account (`x-ops-token`) — before a body is parsed, and whose
// routes each name the permission they need (roles.ts). Every action writes an audit row, in
// the action's own transaction where it has one. Here: cash adjustments (four-eyes above
// OPS_FOUR_EYES_ABOVE for people, summed over 24 h: adjustments.ts), closing a player's sockets and sessions, the withdrawal
// worklists and review decisions (first decision wins), the PIX returned to payers, the ledger
// audit, responsible gaming (a player's limits; extending, never shortening, an exclusion), and
// other modules' operator routes that app.ts mounts inside this scope (support's inbox).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { reviewDecisions } from '../../contract/ops.ts'
import {
  adjustmentDecided,
  adjustmentRequests,
  adjustReply,
  exclusionExtended,
  ledgerAudit,
  playerLimits,
  playerLoggedOut,
  refundList,
  reviewResult,
  socketsClosed,
  worklistPage,
} from '../../contract/ops-replies.ts'
import { activeSelfExclusion, excludeUntil, exclusionHistory, realityCheckAnswers } from '../accounts/limits.ts'
import { playerIdentities, playerIdentity, revokeAllSessions } from '../accounts/operator-queries.ts'
import { maskName } from '../accounts/verification.ts'
import { writeAudit } from '../audit/audit.ts'
import { closeSessionsLaunchedWith } from '../games/sessions.ts'
import { HttpRefusal, ok, replies } from '../http/envelope.ts'
import { type RouteSummary, summarizeRoutes } from '../http/route-docs.ts'
import { auditLedger } from '../ledger/audit.ts'
import { LedgerError } from '../ledger/errors.ts'
import { withdrawalQueue } from '../payments/operator-queries.ts'
import { Refusal } from '../refusal.ts'
import { readLimitsView } from '../responsible-gaming/limits-view.ts'
import { refuseUnlessStillAllowed } from './acting-operator.ts'
import { adjustOrRequest, decideAdjustment, pendingAdjustments } from './adjustments.ts'
import { opsAuditRoutes } from './audit-routes.ts'
import { authenticateOperator } from './auth.ts'
import { opsDashboardRoutes } from './dashboard-routes.ts'
import { opsManageRoutes } from './manage-routes.ts'
import { opsPlayerRoutes } from './player-routes.ts'
import { auditRefusedActions } from './refused-audit.ts'
import { opsReportRoutes } from './report-routes.ts'
import { opsSessionRoutes } from './session-routes.ts'
import { opsVerificationRoutes } from './verification-routes.ts'

// Player ids are PostgreSQL `bigint`s handed out by a sequence: anything above is unknown anyway.
export const playerId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const MAX_ADJUSTMENT = 100_000_000
const pageNum = z.number().int().min(1).max(100_000).default(1)
const pageSize = z.number().int().min(1).max(200).default(50)

/** The console's calls' summaries in the OpenAPI document (their replies: contract/ops-replies.ts, support.ts). */
const operatorDocs: Record<string, RouteSummary> = {
  '/session/login': { summary: 'Operator login (name, password, TOTP): sets the session cookie' },
  '/session/logout': { summary: "End the operator's session" },
  '/session/me': { summary: 'The operator, role and permissions' },
  '/session/totp/start': { summary: 'Begin TOTP enrolment' },
  '/session/totp/confirm': { summary: 'Confirm TOTP enrolment with a code' },
  '/session/setupInfo': { summary: "A setup link's operator, before the password is chosen" },
  '/session/setup': { summary: 'Choose the password from a setup link' },
  '/players/search': { summary: 'Find players by id, name or masked CPF' },
  '/players/view': { summary: "A player's view: balances, orders, limits, notes, holds" },
  '/players/note': { summary: 'Add a note to a player' },
  '/players/freeze': { summary: "Freeze or unfreeze a player's account" },
  '/players/close': {
    summary: "Close a player's account: its balance is paid to a key in the player's own CPF first, then it closes",
  },
  '/players/logout': { summary: "End a player's sessions and sockets" },
  '/players/passwordReset': {
    summary: "Start a player's password reset: after the CPF and date of birth match, a one-time code (30 minutes)",
  },
  '/players/limits': { summary: "A player's responsible-gaming settings and history" },
  '/players/extendExclusion': { summary: "Extend (never shorten) a player's exclusion" },
  '/audit/list': { summary: "The operators' audit trail, filtered" },
  '/audit/export.csv': { summary: 'The audit trail as CSV' },
  '/dashboard': { summary: 'Payout clock, queues and figures for the console home' },
  '/health': { summary: 'Ledger audit and unmatched PIX' },
  '/pending': { summary: "Work waiting (reviews, verifications, four-eyes, flags, chats) for the caller's role" },
  '/reports/finance': { summary: 'The finance report: figures per local day of a period, from the ledger' },
  '/reports/finance.csv': { summary: 'The finance report as CSV (docs/reports.md)' },
  '/reports/transfers.csv': { summary: "The ledger's every transfer in a period, as CSV (docs/reports.md)" },
  '/reports/regulatory.csv': { summary: 'The regulatory export of bets, payments or registrations, as CSV' },
  '/settings/get': { summary: 'The runtime settings' },
  '/settings/set': { summary: 'Change a runtime setting (audited)' },
  '/adjust': { summary: "Adjust a player's cash (four-eyes above the line; idempotent by requestId)" },
  '/adjustments/list': { summary: 'Adjustments waiting for a second operator' },
  '/adjustments/decide': { summary: 'Approve or refuse a pending adjustment (another operator)' },
  '/operators/list': { summary: 'The operators, their roles and state' },
  '/operators/create': { summary: 'Create an operator: their one-time setup link is e-mailed to them, not answered' },
  '/operators/role': { summary: "Change an operator's role (not one's own; never the last admin)" },
  '/operators/disable': { summary: 'Disable (ending their sessions) or enable an operator' },
  '/operators/reset': { summary: "Reset an operator's password and TOTP: a new setup link, e-mailed to them" },
  '/games/list': { summary: 'The games and which are switched off' },
  '/games/switch': { summary: 'Switch a game off (with the reason players read) or on' },
  '/disconnect': { summary: "Close a player's sockets" },
  '/withdrawals/queue': { summary: 'Withdrawals to review, failed or stuck' },
  '/withdrawals/review': {
    summary: 'Approve or refuse a withdrawal under review (first decision wins)',
  },
  '/refunds': { summary: 'PIX returned to payers' },
  '/audit': { summary: 'The ledger audit: conservation and balances' },
  '/verifications/queue': { summary: 'Verifications the identity bureau could not settle, and barred-list holds' },
  '/verifications/decide': { summary: 'Approve or reject a verification in the queue (first decision wins)' },
  '/verifications/barred': { summary: 'The barred list: how many CPFs, per category' },
  '/verifications/barred/upload': {
    summary: 'Replace the barred list with a CSV of CPFs (holds verified players it names)',
  },
  '/support/inbox': { summary: 'The support inbox' },
  '/support/conversation': { summary: 'A conversation with its messages' },
  '/support/player': { summary: "A conversation's player, as support sees them" },
  '/support/reply': { summary: 'Reply to a player' },
  '/support/assign': { summary: 'Assign a conversation' },
  '/support/close': { summary: 'Close a conversation' },
  '/support/read': { summary: "Mark a player's messages read" },
  '/support/typing': { summary: 'The operator is typing' },
  '/support/canned': { summary: 'Canned answers in a language' },
  '/support/canned/save': { summary: 'Save a canned answer' },
  '/support/canned/delete': { summary: 'Delete a canned answer' },
  '/support/faq': { summary: 'The FAQ entries in a language' },
  '/support/faq/save': { summary: 'Save an FAQ entry' },
  '/support/faq/delete': { summary: 'Delete an FAQ entry' },
  '/support/notices': { summary: 'All notices' },
  '/support/notices/save': { summary: 'Save a notice' },
  '/support/notices/delete': { summary: 'Delete a notice' },
  '/support/feedback': { summary: "Players' feedback by status" },
  '/support/feedback/answer': { summary: 'Answer feedback' },
  '/harm/tasks': { summary: "The harm watch's contact tasks, open ones by due time (names masked unless allowed)" },
  '/harm/task/resolve': { summary: 'Record the contact of a harm task: outcome and note (audited)' },
  '/harm/player': { summary: "A player's harm score, every marker with value and threshold, interventions (audited)" },
  '/harm/score/lower': { summary: "Ask to lower a player's harm score, with a reason (waits for a second operator)" },
  '/harm/score/reviews': { summary: 'Requests to lower a harm score waiting for a second operator' },
  '/harm/score/decide': {
    summary: "A second operator approves or rejects a request to lower a harm score (not one's own)",
  },
  '/harm/effect': {
    summary: 'The measured effect of each kind of harm intervention: the week before and after, aggregated',
  },
  '/risk/flags': { summary: 'Money-watch flags, newest first, filtered' },
  '/regulatory-files/days': { summary: 'The days exported to the regulator (SIGAP), newest first, files by status' },
  '/regulatory-files/files': { summary: "A day's regulatory files: records, SHA-256, status, the receiver's reasons" },
  '/regulatory-files/resend': { summary: 'Make a rejected regulatory file again and queue it to be sent (audited)' },
  '/transparency/breaks': {
    summary: "Breaks the transparency chain's self-check found, and how many wait for an admin",
  },
  '/transparency/witnesses': {
    summary:
      'Reports from installed apps whose earlier view of the transparency chain the published one no longer extends',
  },
  '/transparency/acknowledge': {
    summary: 'Acknowledge every open break of the transparency chain with a reason (audited); days are published again',
  },
  '/closures/list': { summary: 'The closures worklist: open account closures with their due clocks' },
  '/closures/retry': { summary: "Try a closure's payout once more (audited)" },
  '/closures/close': { summary: 'Close the account from the worklist; what could not be paid stays owed (audited)' },
  '/closures/reopen': { summary: 'Reopen a closed account (audited, with the reason; also within the wait)' },
  '/aml/worklist': {
    summary: "AML risk classes with an operator's review clock, soonest due first, and the count per class",
  },
  '/aml/classify': { summary: "Recompute a bettor's AML risk class now, with its reasons" },
  '/aml/review': {
    summary:
      "An operator's periodic AML review of a bettor: outcome and note; the next review is due a class period later (audited)",
  },
  '/aml/screening': {
    summary: 'Sanctions screening: the current UN list, matches open or decided, players not yet screened',
  },
  '/aml/screening/decide': {
    summary: 'Clear a weak sanctions match or confirm it (the account is frozen and queued); audited',
  },
  '/aml/parties': { summary: 'Staff, partners and service providers with their AML risk class' },
  '/aml/parties/add': {
    summary: 'Register a staff member, partner or provider; classified and screened at once (audited)',
  },
  '/aml/report': {
    summary: 'The annual AML report of a year that is over, from the records, as JSON or CSV (audited)',
  },
  '/risk/case': { summary: "A flag's case file: reasons, the player's money and play, notes, decision" },
  '/risk/note': { summary: 'Add a note to a case (audited)' },
  '/risk/decide': { summary: 'Decide a case once: cleared, reported or account held (audited)' },
  '/risk/export': { summary: 'A case for the COAF report, as CSV or JSON (audited)' },
  '/risk/withdrawal': { summary: "Beside a withdrawal: the player's deposits, rounds, payers and open flags" },
}

/**
 * The operator API, with other modules' operator routes mounted inside its authenticated scope
 * by path prefix (app.ts passes support's), so this module imports no other module's routes.
 */
export function opsRoutes(mounted: Record<string, FastifyPluginAsyncZod> = {}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(operatorRoutes(mounted), { prefix: '/ops' })
  }
}

const operatorRoutes =
  (mounted: Record<string, FastifyPluginAsyncZod>): FastifyPluginAsyncZod =>
  async (app) => {
    // Before body parsing and validation, so nothing about a route is told to a caller without
    // credentials; failed attempts are limited per address.
    app.decorateRequest('ops', null as never)
    app.addHook('onRequest', authenticateOperator(app))
    app.addHook('onSend', auditRefusedActions(app))
    summarizeRoutes(app, operatorDocs, '/api/ops')

    await app.register(opsSessionRoutes)
    await app.register(opsPlayerRoutes)
    await app.register(opsAuditRoutes)
    await app.register(opsDashboardRoutes)
    await app.register(opsReportRoutes)
    await app.register(opsVerificationRoutes)
    await app.register(opsManageRoutes)

    const requireKnownPlayer = async (userId: number) => {
      if (!(await playerIdentity(app.db, userId))) throw new Refusal('player_not_found', { userId })
    }

    app.post(
      '/adjust',
      {
        config: { opsPermission: 'players.adjust' },
        schema: {
          response: replies(adjustReply),
          body: z.strictObject({
            requestId: z.string().min(1).max(100),
            userId: playerId,
            // At most R$ 1.000.000 either way: a larger correction is a mistake, not an adjustment.
            amount: z
              .number()
              .int()
              .min(-MAX_ADJUSTMENT)
              .max(MAX_ADJUSTMENT)
              .refine((n) => n !== 0),
            reason: z.string().trim().min(1).max(200),
          }),
        },
      },
      async (request) => {
        const { actor } = request.ops
        await requireKnownPlayer(request.body.userId)
        try {
          const bound = app.config.ops.fourEyesAbove
          const outcome = await adjustOrRequest(app.ledger, app.engine, actor, request.body, bound)
          if (outcome.status === 'pending') return ok(outcome)
          return ok({ ...outcome, balance: await app.ledger.balances(request.body.userId) })
        } catch (error) {
          if (error instanceof LedgerError && error.code === 'insufficient_funds')
            throw new Refusal('invalid_request', error.details)
          if (error instanceof LedgerError && error.code === 'idempotency_conflict')
            throw new Refusal('request_id_reused', error.details)
          throw error
        }
      },
    )

    app.post(
      '/adjustments/list',
      {
        config: { opsPermission: 'players.adjust' },
        schema: { response: replies(adjustmentRequests), body: z.strictObject({}) },
      },
      async (request) => {
        const personal = request.ops.me.permissions.includes('players.personalData')
        const pending = await pendingAdjustments(app.db)
        const people = await playerIdentities(app.db, [...new Set(pending.map((r) => r.playerId))])
        const nameOf = new Map(
          people.map((p) => [
            p.userId,
            p.fullName !== null ? (personal ? p.fullName : maskName(p.fullName)) : p.userName,
          ]),
        )
        return ok({
          requests: pending.map((r) => ({ ...r, playerName: nameOf.get(r.playerId) ?? null })),
          now: app.clock.now(),
        })
      },
    )

    app.post(
      '/adjustments/decide',
      {
        config: { opsPermission: 'players.adjust' },
        schema: {
          response: replies(adjustmentDecided),
          body: z.strictObject({
            id: z.string().min(1).max(100),
            decision: z.enum(reviewDecisions),
            // The second person says why they let it through or stopped it; the scripts may omit it.
            reason: z.string().trim().min(1).max(200).optional(),
          }),
        },
      },
      async (request) => {
        const { id, decision, reason } = request.body
        const { actor } = request.ops
        if (!reason && actor.id !== null) throw new Refusal('invalid_request', { field: 'reason' })
        try {
          const outcome = await decideAdjustment(
            app.ledger,
            app.engine,
            actor,
            { id, decision, reason: reason ?? null },
            app.config.ops.fourEyesGrantWindowMs,
          )
          return ok({ id, status: outcome.status, balance: await app.ledger.balances(outcome.playerId) })
        } catch (error) {
          if (error instanceof LedgerError && error.code === 'insufficient_funds')
            throw new Refusal('invalid_request', error.details)
          throw error
        }
      },
    )

    app.post(
      '/disconnect',
      {
        config: { opsPermission: 'players.logout' },
        schema: { response: replies(socketsClosed), body: z.strictObject({ userId: playerId }) },
      },
      async (request) => {
        const { userId } = request.body
        await requireKnownPlayer(userId)
        const closed = app.push.disconnect(userId)
        await writeAudit(
          app.db,
          request.ops.actor,
          { action: 'player.disconnect', objectType: 'player', objectId: userId, after: { closed } },
          app.clock.now(),
        )
        return ok({ closed })
      },
    )

    app.post(
      '/players/logout',
      {
        config: { opsPermission: 'players.logout' },
        schema: {
          response: replies(playerLoggedOut),
          body: z.strictObject({ userId: playerId, reason: z.string().trim().min(1).max(200) }),
        },
      },
      async (request) => {
        const { userId, reason } = request.body
        await requireKnownPlayer(userId)
        const now = app.clock.now()
        const hashes = await revokeAllSessions(app.db, userId, now)
        const games = await closeSessionsLaunchedWith(app.db, hashes, now)
        // Sockets on other instances close within a second (the push hub's sweep); counted here are this one's.
        const sockets = app.push.closeSessions(hashes)
        const after = { sessions: hashes.length, closed: games + sockets, games, sockets }
        await writeAudit(
          app.db,
          request.ops.actor,
          { action: 'player.force_logout', objectType: 'player', objectId: userId, after, reason },
          now,
        )
        return ok(after)
      },
    )

    app.post(
      '/withdrawals/queue',
      {
        config: { opsPermission: 'withdrawals.view' },
        schema: {
          response: replies(worklistPage),
          body: z.strictObject({
            status: z.enum(['review', 'held', 'failed', 'stuck']).default('review'),
            pageNum,
            pageSize,
          }),
        },
      },
      async (request) => {
        const now = app.clock.now()
        const reviewMinutes = app.config.withdrawals.reviewMinutes
        const personal = request.ops.me.permissions.includes('players.personalData')
        const page = await withdrawalQueue(app.db, { ...request.body, reviewMinutes, showKeys: personal }, now)
        // A readable name per row, masked unless the role sees personal data.
        const people = await playerIdentities(app.db, [...new Set(page.items.map((item) => item.playerId))])
        const nameOf = new Map(
          people.map((p) => [
            p.userId,
            p.fullName !== null ? (personal ? p.fullName : maskName(p.fullName)) : p.userName,
          ]),
        )
        const items = page.items.map((item) => ({ ...item, playerName: nameOf.get(item.playerId) ?? null }))
        return ok({
          ...page,
          items,
          pageNum: request.body.pageNum,
          pageSize: request.body.pageSize,
          now,
          reviewMinutes,
        })
      },
    )

    app.post(
      '/withdrawals/review',
      {
        config: { opsPermission: 'withdrawals.review' },
        schema: {
          response: replies(reviewResult),
          body: z.strictObject({
            orderId: z.string().min(1).max(40),
            decision: z.enum(reviewDecisions),
            reason: z.string().trim().min(1).max(200).optional(),
          }),
        },
      },
      async (request) => {
        const { orderId, decision, reason } = request.body
        // A refusal tells the player why; the reason is asked for when an operator says no.
        if (decision === 'reject' && !reason && request.ops.actor.id !== null)
          throw new Refusal('invalid_request', { field: 'reason' })
        const { actor } = request.ops
        const order = await app.payments.withdrawals.review(orderId, decision, {
          reason: reason ?? null,
          record: async (tx, current) => {
            await refuseUnlessStillAllowed(tx.trx, app.engine, actor, 'withdrawals.review')
            await writeAudit(
              tx.trx,
              actor,
              {
                action: decision === 'approve' ? 'withdrawal.approve' : 'withdrawal.reject',
                objectType: 'withdrawal',
                objectId: orderId,
                before: { status: current.status, amount: Number(current.amount), playerId: Number(current.player_id) },
                after: { status: decision === 'approve' ? 'processing' : 'failed' },
                reason: reason ?? null,
              },
              tx.now,
            )
          },
        })
        // What the decision led to, read after the payout was offered to the bank.
        return ok({ orderId: order.id, ...(await app.payments.withdrawals.phase(order.id)) })
      },
    )

    app.get(
      '/refunds',
      {
        // Payers' refunds are read by the roles that read the ledger's health, as the console's page.
        config: { opsPermission: 'health.view' },
        schema: {
          response: replies(refundList),
          querystring: z.strictObject({
            status: z.enum(['pending', 'processing', 'returned', 'failed']).optional(),
            limit: z.coerce.number().int().min(1).max(500).default(100),
          }),
        },
      },
      async (request) => ok({ refunds: await app.payments.refunds.list(request.query) }),
    )

    app.get(
      '/audit',
      { schema: { response: replies(ledgerAudit) }, config: { opsPermission: 'health.view' } },
      async () => ok(await auditLedger(app.db)),
    )

    // Responsible gaming: what the console's player view shows — every setting with its
    // pending change and when it applies, time played and loss so far, the exclusion in force, the
    // player's history of changes, every exclusion ever asked or extended, and the answers to the
    // reality checks — and extending (never shortening) an exclusion, written to the player's
    // append-only history as the operator's, with the reason and what it replaced.
    app.post(
      '/players/limits',
      {
        config: { opsPermission: 'players.view' },
        schema: { response: replies(playerLimits), body: z.strictObject({ userId: playerId }) },
      },
      async (request) => {
        const { userId } = request.body
        await requireKnownPlayer(userId)
        return ok({
          limits: await readLimitsView(app, app.db, userId),
          exclusions: await exclusionHistory(app.db, userId),
          realityChecks: await realityCheckAnswers(app.db, userId),
        })
      },
    )

    app.post(
      '/players/extendExclusion',
      {
        config: { opsPermission: 'players.exclusion' },
        schema: {
          response: replies(exclusionExtended),
          body: z.strictObject({
            userId: playerId,
            /** Epoch ms; null: permanent. */
            until: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
            reason: z.string().trim().min(1).max(200),
          }),
        },
      },
      async (request) => {
        const { userId, until, reason } = request.body
        const { actor } = request.ops
        await requireKnownPlayer(userId)
        const now = app.clock.now()
        if (until !== null && until <= now) throw new Refusal('exclusion_not_extended', { until })
        const current = await activeSelfExclusion(app.db, userId, now)
        if (current && (current.until === null || (until !== null && until <= current.until))) {
          throw new Refusal('exclusion_not_extended', { until: current.until ?? 0 })
        }
        const selfExclusion = await excludeUntil(app.db, userId, until, now, 'operator', {
          reason,
          operator: actor.name,
        })
        await writeAudit(
          app.db,
          actor,
          {
            action: 'player.exclusion_extended',
            objectType: 'player',
            objectId: userId,
            before: current,
            after: selfExclusion,
            reason,
          },
          now,
        )
        // A pause withdraws the player's still-payable PIX codes (reconciliation does it otherwise).
        await app.payments.deposits.cancelForPause(userId).catch((error) => request.log.error({ err: error }))
        return ok({ selfExclusion })
      },
    )

    // Other modules' operator routes (support's inbox, replies, editors); each names its permission.
    for (const [prefix, routes] of Object.entries(mounted)) await app.register(routes, { prefix })

    // Unknown operator paths answer after the hook too, so they tell nothing without credentials.
    app.setNotFoundHandler(async () => {
      throw new HttpRefusal(404, 'not_found')
    })
  }
