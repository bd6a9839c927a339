// The support module: decorates `app.support` with the service — one conversation per
// player, FAQ, notices, feedback, canned answers and the operators' actions on them. Its tables
// are support_conversations, support_messages, support_faq, support_notices,
// support_notice_reads, support_feedback and support_canned; operator actions go to the console's
// audit log. A withdrawal order given as chat context is checked with the payments module's own
// lookup.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { publicUserNames } from '../accounts/players.ts'
import { findOperator } from '../ops/operators.ts'
import { Refusal } from '../refusal.ts'
import { waitingConversationCount } from './conversations.ts'
import { SupportService } from './service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    support: SupportService
  }
}

const supportPlugin: FastifyPluginAsync = async (app) => {
  app.decorate(
    'support',
    new SupportService({
      db: app.db,
      engine: app.engine,
      now: () => app.clock.now(),
      afterCommit: () => app.push.wake(),
      orderBelongs: async (playerId, orderId) => {
        try {
          await app.payments.withdrawals.process(playerId, orderId, 'pt-BR')
          return true
        } catch (error) {
          if (error instanceof Refusal && error.msgCode === 'not_found') return false
          throw error
        }
      },
      operatorName: async (operatorId) => {
        const operator = await findOperator(app.db, operatorId)
        return operator && operator.disabled_at === null ? operator.name : null
      },
      playerNames: (playerIds) => publicUserNames(app.db, playerIds),
    }),
  )
  app.pendingWork.provide('chats', () => waitingConversationCount(app.db))
}

export const supportModule = fp(supportPlugin, {
  name: 'support',
  dependencies: ['push', 'accounts', 'payments', 'ops'],
})
