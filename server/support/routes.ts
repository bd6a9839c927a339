// Support calls. Player scope (`/api/v1/support/*`): the conversation, sending (idempotent by
// requestId, at most SUPPORT_SENDS_PER_MINUTE a minute), read receipts, typing, the FAQ,
// notices, feedback and the entry points' badges. Operator scope (`/api/ops/support/*`, behind
// the operator gate): the inbox, a conversation with the player's view beside it, reply,
// assignment, close/reopen, read, typing, canned answers, the FAQ and notices editors and the
// feedback list — each naming the permission it needs (server/ops/roles.ts), checked by the
// operator scope before the body is read; every action is in the console's audit log.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { languages } from '../../contract/languages.ts'
import type { Permission } from '../../contract/ops.ts'
import {
  assignRequest,
  cannedAnswer,
  cannedList,
  cannedSaveRequest,
  closeRequest,
  conversationRequest,
  conversationView,
  deleteRequest,
  emptySupportRequest,
  faqListRequest,
  faqSaveRequest,
  faqView,
  feedbackAnswerRequest,
  feedbackItem,
  feedbackListRequest,
  feedbackRequest,
  feedbackView,
  inboxItem,
  inboxRequest,
  inboxView,
  noticeReadRequest,
  noticeSaveRequest,
  noticesView,
  operatorConversationView,
  operatorFaqItem,
  operatorFaqList,
  operatorFeedback,
  operatorFeedbackList,
  operatorNotice,
  operatorNoticeList,
  operatorReadRequest,
  operatorTypingRequest,
  readRequest,
  readResult,
  replyRequest,
  sendRequest,
  sendResult,
  supportPlayerView,
  supportUnread,
  typingRequest,
} from '../../contract/support.ts'
import { maskName } from '../accounts/verification.ts'
import { writeAudit } from '../audit/audit.ts'
import { HttpRefusal, ok, replies } from '../http/envelope.ts'
import { type RouteSummary, summarizeRoutes } from '../http/route-docs.ts'
import { readStatement } from '../ledger/statement.ts'
import { may } from '../ops/roles.ts'
import { supportReplied } from '../push/notices.ts'
import { readLimitsView } from '../responsible-gaming/limits-view.ts'
import { operatorOf } from './operators.ts'

/** Chat messages a player may send per minute (a person types slower; a loop does not). */
export const SUPPORT_SENDS_PER_MINUTE = 20
/** Feedback a player may leave per hour. */
export const FEEDBACK_PER_HOUR = 5

function limiter(app: FastifyInstance, name: string, max: number, timeWindow: number) {
  const limit = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request) => `${name}:${request.playerId}`,
  })
  return async (request: FastifyRequest) => {
    const result = await limit(request)
    if (!result.isAllowed && result.isExceeded) throw new HttpRefusal(429, 'rate_limited')
  }
}

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { support } = app
  const sendLimit = limiter(app, 'support-send', SUPPORT_SENDS_PER_MINUTE, 60_000)
  const feedbackLimit = limiter(app, 'support-feedback', FEEDBACK_PER_HOUR, 60 * 60_000)
  const empty = <Data extends z.ZodType>(data: Data) => ({
    schema: { body: emptySupportRequest, response: replies(data) },
  })
  summarizeRoutes(app, playerSupportDocs, '/api')

  app.post('/v1/support/conversation', empty(conversationView), async (request) =>
    ok(await support.conversation(request.playerId, request.language)),
  )

  app.post('/v1/support/send', { schema: { body: sendRequest, response: replies(sendResult) } }, async (request) => {
    await sendLimit(request)
    return ok(await support.send(request.playerId, request.language, request.body))
  })

  app.post('/v1/support/read', { schema: { body: readRequest, response: replies(readResult) } }, async (request) =>
    ok(await support.read(request.playerId, request.body.upTo)),
  )

  app.post('/v1/support/typing', { schema: { body: typingRequest, response: replies(z.null()) } }, async (request) => {
    await support.playerTyping(request.playerId, request.body.typing)
    return ok(null)
  })

  app.post('/v1/support/unread', empty(supportUnread), async (request) =>
    ok(await support.unread(request.playerId, request.language)),
  )

  app.get(
    '/v1/support/faq',
    {
      schema: {
        querystring: z.strictObject({ language: z.enum(languages).optional() }),
        response: replies(faqView),
      },
    },
    async (request) => ok(await support.faq(request.query.language ?? request.language)),
  )

  app.post('/v1/support/notices', empty(noticesView), async (request) =>
    ok(await support.notices(request.playerId, request.language)),
  )

  app.post(
    '/v1/support/notices/read',
    { schema: { body: noticeReadRequest, response: replies(noticesView) } },
    async (request) => {
      await support.markNoticesRead(request.playerId, request.body.ids)
      return ok(await support.notices(request.playerId, request.language))
    },
  )

  app.post(
    '/v1/support/feedback',
    { schema: { body: feedbackRequest, response: replies(feedbackItem) } },
    async (request) => {
      await feedbackLimit(request)
      return ok(await support.giveFeedback(request.playerId, request.body))
    },
  )

  app.post('/v1/support/feedback/list', empty(feedbackView), async (request) =>
    ok({ feedback: await support.feedbackOf(request.playerId) }),
  )
}

const playerSupportDocs: Record<string, RouteSummary> = {
  '/v1/support/conversation': {
    summary: "The player's support conversation",
  },
  '/v1/support/send': { summary: 'Send a chat message to support (idempotent by requestId)' },
  '/v1/support/read': { summary: "Mark the operators' messages read up to one" },
  '/v1/support/typing': { summary: 'The player is typing (or stopped)' },
  '/v1/support/unread': { summary: 'Unread chat messages and notices' },
  '/v1/support/faq': { summary: 'The FAQ in a language' },
  '/v1/support/notices': { summary: 'The notices and which the player read' },
  '/v1/support/notices/read': { summary: 'Mark notices read' },
  '/v1/support/feedback': { summary: 'Leave feedback on a topic' },
  '/v1/support/feedback/list': {
    summary: "The player's feedback and its answers",
  },
}

/** The operator side, registered inside the operator scope under `/ops/support`. */
export const supportOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { support } = app
  const cfg = (opsPermission: Permission) => ({ opsPermission })

  app.post(
    '/inbox',
    { schema: { body: inboxRequest, response: replies(inboxView) }, config: cfg('support.view') },
    async (request) => ok(await support.inbox(request.body, operatorOf(request))),
  )

  app.post(
    '/conversation',
    { schema: { body: conversationRequest, response: replies(operatorConversationView) }, config: cfg('support.view') },
    async (request) => {
      operatorOf(request)
      return ok(await support.operatorConversation(request.body.conversationId))
    },
  )

  // The player beside the conversation: balances, recent deposits, withdrawals with their steps,
  // limits — read through the modules that own them. Holder names are masked for a role that may
  // not see personal data, as in every other view, and the view is audited as a player view.
  app.post(
    '/player',
    { schema: { body: conversationRequest, response: replies(supportPlayerView) }, config: cfg('support.view') },
    async (request) => {
      operatorOf(request)
      const playerId = await support.playerOf(request.body.conversationId)
      const personal = may(request.ops.role, 'players.personalData')
      const statement = await readStatement(app.db, app.engine, app.ledger.accounts, playerId, {
        pageNum: 1,
        pageSize: 100,
      })
      const withdrawals = await app.payments.withdrawals.page(playerId, { pageNum: 1, pageSize: 5 })
      const steps = await Promise.all(
        withdrawals.orders.map((order) => app.payments.withdrawals.process(playerId, order.orderId, 'pt-BR')),
      )
      await writeAudit(
        app.db,
        request.ops.actor,
        { action: 'player.view', objectType: 'player', objectId: playerId, after: { via: 'support' } },
        app.clock.now(),
      )
      return ok({
        playerId,
        balances: await app.ledger.balances(playerId),
        deposits: statement.entries
          .filter((entry) => entry.kind === 'deposit' || entry.kind === 'pix_refund')
          .slice(0, 5)
          .map(({ transferId, time, kind, amount }) => ({ transferId, time, kind, amount })),
        withdrawals: withdrawals.orders.map((order, index) => ({
          ...order,
          holderName: personal || order.holderName === null ? order.holderName : maskName(order.holderName),
          steps: steps[index]?.steps ?? [],
        })),
        limits: await readLimitsView(app, app.db, playerId),
      })
    },
  )

  app.post(
    '/reply',
    { schema: { body: replyRequest, response: replies(sendResult) }, config: cfg('support.chat') },
    async (request) => {
      const sent = await support.reply(operatorOf(request), request.body)
      // The player may have the app closed: a Web Push says an answer is waiting (not on a replay).
      if (!sent.replayed) {
        void support
          .playerOf(request.body.conversationId)
          .then((playerId) => app.push.sendWebPush(playerId, supportReplied()))
          .catch((error: unknown) => request.log.warn({ err: error }, 'support reply web push failed'))
      }
      return ok(sent)
    },
  )

  app.post(
    '/assign',
    { schema: { body: assignRequest, response: replies(inboxItem) }, config: cfg('support.chat') },
    async (request) => ok(await support.assign(operatorOf(request), request.body)),
  )

  app.post(
    '/close',
    { schema: { body: closeRequest, response: replies(inboxItem) }, config: cfg('support.chat') },
    async (request) => ok(await support.close(operatorOf(request), request.body)),
  )

  app.post(
    '/read',
    { schema: { body: operatorReadRequest, response: replies(z.null()) }, config: cfg('support.chat') },
    async (request) => {
      operatorOf(request)
      await support.operatorRead(request.body.conversationId, request.body.upTo)
      return ok(null)
    },
  )

  app.post(
    '/typing',
    { schema: { body: operatorTypingRequest, response: replies(z.null()) }, config: cfg('support.chat') },
    async (request) => {
      const operator = operatorOf(request)
      await support.operatorTyping(operator, request.body.conversationId, request.body.typing)
      return ok(null)
    },
  )

  app.post(
    '/canned',
    { schema: { body: faqListRequest, response: replies(cannedList) }, config: cfg('support.view') },
    async (request) => {
      operatorOf(request)
      return ok({ canned: await support.canned(request.body.language) })
    },
  )
  app.post(
    '/canned/save',
    { schema: { body: cannedSaveRequest, response: replies(cannedAnswer) }, config: cfg('support.edit') },
    async (request) => ok(await support.saveCanned(operatorOf(request), request.body)),
  )
  app.post(
    '/canned/delete',
    { schema: { body: deleteRequest, response: replies(z.null()) }, config: cfg('support.edit') },
    async (request) => {
      await support.deleteCanned(operatorOf(request), request.body.id)
      return ok(null)
    },
  )

  app.post(
    '/faq',
    { schema: { body: faqListRequest, response: replies(operatorFaqList) }, config: cfg('support.view') },
    async (request) => {
      operatorOf(request)
      return ok({ faq: await support.faqAll(request.body.language) })
    },
  )
  app.post(
    '/faq/save',
    { schema: { body: faqSaveRequest, response: replies(operatorFaqItem) }, config: cfg('support.edit') },
    async (request) => ok(await support.saveFaq(operatorOf(request), request.body)),
  )
  app.post(
    '/faq/delete',
    { schema: { body: deleteRequest, response: replies(z.null()) }, config: cfg('support.edit') },
    async (request) => {
      await support.deleteFaq(operatorOf(request), request.body.id)
      return ok(null)
    },
  )

  app.post(
    '/notices',
    { schema: { body: emptySupportRequest, response: replies(operatorNoticeList) }, config: cfg('support.view') },
    async (request) => {
      operatorOf(request)
      return ok({ notices: await support.noticesAll() })
    },
  )
  app.post(
    '/notices/save',
    { schema: { body: noticeSaveRequest, response: replies(operatorNotice) }, config: cfg('support.edit') },
    async (request) => ok(await support.saveNotice(operatorOf(request), request.body)),
  )
  app.post(
    '/notices/delete',
    { schema: { body: deleteRequest, response: replies(z.null()) }, config: cfg('support.edit') },
    async (request) => {
      await support.deleteNotice(operatorOf(request), request.body.id)
      return ok(null)
    },
  )

  app.post(
    '/feedback',
    { schema: { body: feedbackListRequest, response: replies(operatorFeedbackList) }, config: cfg('support.feedback') },
    async (request) => {
      operatorOf(request)
      return ok({ feedback: await support.feedbackAll(request.body.status) })
    },
  )
  app.post(
    '/feedback/answer',
    { schema: { body: feedbackAnswerRequest, response: replies(operatorFeedback) }, config: cfg('support.feedback') },
    async (request) => ok(await support.answerFeedback(operatorOf(request), request.body)),
  )
}
