// The player's side of support chat: the conversation (created on first use), a message sent
// once per requestId (the same text answers the first; other text is refused), read receipts and
// typing. Each change writes its pushes — `chat` to the player, `ops` with topic `support` to
// operators' consoles — in its own transaction.
import type { Language } from '../../contract/languages.ts'
import type { ChatContext, ConversationView, SendResult } from '../../contract/support.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { operatorEvent, playerEvent } from '../push/outbox.ts'
import { Refusal } from '../refusal.ts'
import {
  conversationRow,
  ensureConversation,
  lastMessageId,
  type MessageRow,
  messageByRequestId,
  messageColumns,
  messageView,
  parseContext,
  recentMessages,
  replayMessage,
  unreadForPlayer,
} from './conversations.ts'
import { firstName } from './operators.ts'
import { type SupportServiceOptions, writeWithPushes } from './transactions.ts'

/** Messages a conversation view carries (the newest). */
const PLAYER_MESSAGES = 100

export class SupportChat {
  readonly #o: SupportServiceOptions

  constructor(options: SupportServiceOptions) {
    this.#o = options
  }

  async conversation(playerId: number, language: Language): Promise<ConversationView> {
    const row = await ensureConversation(this.#o.db, playerId, language, this.#o.now())
    return {
      id: Number(row.id),
      status: row.status,
      context: parseContext(row.context),
      operatorName: row.assigned_name ? firstName(row.assigned_name) : null,
      messages: await recentMessages(this.#o.db, Number(row.id), PLAYER_MESSAGES),
      unread: await unreadForPlayer(this.#o.db, row),
      operatorReadUpTo: Number(row.operator_read_upto),
      playerReadUpTo: Number(row.player_read_upto),
    }
  }

  /** A player's message: once per requestId (the same text answers the first; other text is refused). */
  async send(
    playerId: number,
    language: Language,
    input: { text: string; requestId: string; context?: ChatContext | undefined },
  ): Promise<SendResult> {
    if (input.context && !(await this.#o.orderBelongs(playerId, input.context.orderId)))
      throw new Refusal('not_found', { orderId: input.context.orderId })
    try {
      return await writeWithPushes(this.#o, async (trx, events) => {
        const conversation = await ensureConversation(trx, playerId, language, this.#o.now())
        const id = Number(conversation.id)
        const earlier = await messageByRequestId(trx, id, input.requestId)
        if (earlier) return replayMessage(earlier, 'player', input.text)
        const now = this.#o.now()
        const inserted = await trx
          .insertInto('support_messages')
          .values({
            conversation_id: id,
            author: 'player',
            operator_id: null,
            operator_name: null,
            text: input.text,
            request_id: input.requestId,
            created_at: now,
          })
          .returning(messageColumns)
          .executeTakeFirstOrThrow()
        const message = messageView(inserted as MessageRow)
        await trx
          .updateTable('support_conversations')
          .set({
            status: 'open',
            language,
            waiting_since: conversation.waiting_since ?? now,
            last_message_at: now,
            player_read_upto: message.id,
            player_typing_at: null,
            ...(input.context ? { context: JSON.stringify(input.context) } : {}),
          })
          .where('id', '=', id)
          .execute()
        events.push(
          playerEvent(playerId, 'chat', { kind: 'message', conversationId: id, message }),
          operatorEvent({ topic: 'support', playerId: playerId, id: String(id), status: 'message' }),
        )
        return { message, replayed: false }
      })
    } catch (error) {
      // Two sends of one requestId at once: the loser answers with the winner's message.
      if (!isUniqueViolation(error)) throw error
      const conversation = await conversationRow(this.#o.db, playerId)
      const earlier = conversation && (await messageByRequestId(this.#o.db, Number(conversation.id), input.requestId))
      if (!earlier) throw error
      return replayMessage(earlier, 'player', input.text)
    }
  }

  /** The player read the operator's messages up to a message id (of their own conversation). */
  async read(playerId: number, upTo: number): Promise<{ playerReadUpTo: number; unread: number }> {
    return writeWithPushes(this.#o, async (trx, events) => {
      const conversation = await conversationRow(trx, playerId)
      if (!conversation) return { playerReadUpTo: 0, unread: 0 }
      const id = Number(conversation.id)
      const last = await lastMessageId(trx, id)
      const next = Math.min(Math.max(upTo, Number(conversation.player_read_upto)), last)
      if (next > Number(conversation.player_read_upto)) {
        await trx.updateTable('support_conversations').set({ player_read_upto: next }).where('id', '=', id).execute()
        events.push(operatorEvent({ topic: 'support', playerId: playerId, id: String(id), status: 'read' }))
      }
      const unread = await unreadForPlayer(trx, { ...conversation, player_read_upto: next })
      return { playerReadUpTo: next, unread }
    })
  }

  /** The player is typing (or stopped): operators see it for a few seconds. */
  async playerTyping(playerId: number, typing: boolean): Promise<void> {
    await writeWithPushes(this.#o, async (trx, events) => {
      const conversation = await conversationRow(trx, playerId)
      if (!conversation) return
      await trx
        .updateTable('support_conversations')
        .set({ player_typing_at: typing ? this.#o.now() : null })
        .where('id', '=', conversation.id)
        .execute()
      events.push(
        operatorEvent({ topic: 'support', playerId, id: String(conversation.id), status: typing ? 'typing' : 'idle' }),
      )
    })
  }
  /** Operator messages the player has not read yet (the chat entry point's badge). */
  async unreadMessages(playerId: number): Promise<number> {
    const conversation = await conversationRow(this.#o.db, playerId)
    return conversation ? await unreadForPlayer(this.#o.db, conversation) : 0
  }
}
