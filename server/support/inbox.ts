// The operators' side of support chat: the inbox (longest waiting first), one conversation with
// its messages, replies (once per requestId; replying takes an unassigned conversation), taking,
// releasing and transferring, closing and reopening, read receipts and typing. Each action is
// written to the console's audit log and its pushes in the same transaction.
import { sql } from 'kysely'
import type { InboxItem, InboxView, OperatorConversationView, SendResult } from '../../contract/support.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { operatorEvent, playerEvent } from '../push/outbox.ts'
import { Refusal } from '../refusal.ts'
import {
  type ConversationRow,
  inboxItem,
  lastMessageId,
  type MessageRow,
  messageByRequestId,
  messageColumns,
  messageView,
  recentMessages,
  replayMessage,
  requireConversation,
  TYPING_MS,
} from './conversations.ts'
import { firstName, type SupportOperator } from './operators.ts'
import { auditSupport, type SupportServiceOptions, writeWithPushes } from './transactions.ts'

export class SupportInbox {
  readonly #o: SupportServiceOptions

  constructor(options: SupportServiceOptions) {
    this.#o = options
  }

  async inbox(filter: { status?: 'open' | 'closed'; mine?: boolean; limit?: number }, operator: SupportOperator) {
    const { db } = this.#o
    let query = db
      .selectFrom('support_conversations as c')
      .selectAll('c')
      .select([
        sql<
          number | string
        >`(select count(*) from support_messages m where m.conversation_id = c.id and m.author = 'player' and m.id > c.operator_read_upto)`.as(
          'unread',
        ),
        sql<
          string | null
        >`(select m.text from support_messages m where m.conversation_id = c.id order by m.id desc limit 1)`.as(
          'last_text',
        ),
      ])
      .where('c.status', '=', filter.status ?? 'open')
    if (filter.mine) query = query.where('c.assigned_to', '=', operator.id)
    const rows = await query
      // Longest waiting first; then the most recently active.
      .orderBy(sql`case when c.waiting_since is null then 1 else 0 end`)
      .orderBy('c.waiting_since', 'asc')
      .orderBy('c.last_message_at', 'desc')
      .limit(filter.limit ?? 100)
      .execute()
    const names = await this.#o.playerNames(rows.map((r) => Number(r.player_id)))
    const view: InboxView = {
      now: this.#o.now(),
      conversations: rows.map((r) =>
        inboxItem(r as ConversationRow, names.get(Number(r.player_id)) ?? null, Number(r.unread), r.last_text),
      ),
    }
    return view
  }

  async operatorConversation(conversationId: number): Promise<OperatorConversationView> {
    const { db } = this.#o
    const row = await requireConversation(db, conversationId)
    const messages = await recentMessages(db, conversationId, 200)
    const names = await this.#o.playerNames([Number(row.player_id)])
    const unread = messages.filter((m) => m.author === 'player' && m.id > Number(row.operator_read_upto)).length
    const typingAt = row.player_typing_at === null ? null : Number(row.player_typing_at)
    return {
      conversation: inboxItem(row, names.get(Number(row.player_id)) ?? null, unread, messages.at(-1)?.text ?? null),
      // Operators see every message with the full operator name (who answered).
      messages: messages.map((m) => m),
      playerReadUpTo: Number(row.player_read_upto),
      operatorReadUpTo: Number(row.operator_read_upto),
      playerTyping: typingAt !== null && this.#o.now() - typingAt < TYPING_MS,
    }
  }

  /** The player the conversation belongs to (the console's player view beside it). */
  async playerOf(conversationId: number): Promise<number> {
    return Number((await requireConversation(this.#o.db, conversationId)).player_id)
  }

  async reply(
    operator: SupportOperator,
    input: { conversationId: number; text: string; requestId: string },
  ): Promise<SendResult> {
    try {
      return await writeWithPushes(this.#o, async (trx, events) => {
        const conversation = await requireConversation(trx, input.conversationId)
        const earlier = await messageByRequestId(trx, input.conversationId, input.requestId)
        if (earlier) return replayMessage(earlier, 'operator', input.text)
        const now = this.#o.now()
        const inserted = await trx
          .insertInto('support_messages')
          .values({
            conversation_id: input.conversationId,
            author: 'operator',
            operator_id: operator.id,
            operator_name: operator.name,
            text: input.text,
            request_id: input.requestId,
            created_at: now,
          })
          .returning(messageColumns)
          .executeTakeFirstOrThrow()
        const message = messageView(inserted as MessageRow)
        const take = conversation.assigned_to === null
        await trx
          .updateTable('support_conversations')
          .set({
            status: 'open',
            waiting_since: null,
            last_message_at: now,
            // Replying reads everything before the reply.
            operator_read_upto: message.id,
            ...(take ? { assigned_to: operator.id, assigned_name: operator.name } : {}),
          })
          .where('id', '=', input.conversationId)
          .execute()
        await auditSupport(this.#o, trx, operator, 'support.reply', input.conversationId, { messageId: message.id })
        if (take) await auditSupport(this.#o, trx, operator, 'support.take', input.conversationId, { by: 'reply' })
        const playerId = Number(conversation.player_id)
        events.push(
          playerEvent(playerId, 'chat', { kind: 'message', conversationId: input.conversationId, message }),
          operatorEvent({ topic: 'support', playerId: playerId, id: String(input.conversationId), status: 'message' }),
        )
        return { message, replayed: false }
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      const earlier = await messageByRequestId(this.#o.db, input.conversationId, input.requestId)
      if (!earlier) throw error
      return replayMessage(earlier, 'operator', input.text)
    }
  }

  async assign(
    operator: SupportOperator,
    input: { conversationId: number; action: 'take' | 'release' | 'transfer'; to?: number | undefined },
  ): Promise<InboxItem> {
    // Read before the transaction: on SQLite the transaction holds the only connection.
    const receiverName =
      input.action === 'transfer' && input.to !== undefined ? await this.#o.operatorName(input.to) : null
    const receiver = receiverName === null ? null : { id: String(input.to), name: receiverName }
    await writeWithPushes(this.#o, async (trx, events) => {
      const conversation = await requireConversation(trx, input.conversationId)
      let to: { id: string; name: string } | null
      if (input.action === 'take') to = { id: operator.id, name: operator.name }
      else if (input.action === 'release') {
        // Only its holder (or an admin) lets a conversation go.
        if (conversation.assigned_to !== null && conversation.assigned_to !== operator.id && operator.role !== 'admin')
          throw new Refusal('ops_forbidden')
        to = null
      } else {
        if (!receiver) throw new Refusal('not_found', { operatorId: input.to ?? 0 })
        to = receiver
      }
      await trx
        .updateTable('support_conversations')
        .set({ assigned_to: to?.id ?? null, assigned_name: to?.name ?? null })
        .where('id', '=', input.conversationId)
        .execute()
      await auditSupport(this.#o, trx, operator, `support.${input.action}`, input.conversationId, {
        from: conversation.assigned_to,
        to: to?.id ?? null,
      })
      events.push(
        operatorEvent({
          topic: 'support',
          playerId: Number(conversation.player_id),
          id: String(input.conversationId),
          status: 'assign',
        }),
      )
    })
    return (await this.operatorConversation(input.conversationId)).conversation
  }

  async close(operator: SupportOperator, input: { conversationId: number; reopen?: boolean }): Promise<InboxItem> {
    const status = input.reopen ? 'open' : 'closed'
    await writeWithPushes(this.#o, async (trx, events) => {
      const conversation = await requireConversation(trx, input.conversationId)
      await trx
        .updateTable('support_conversations')
        .set({ status, ...(status === 'closed' ? { waiting_since: null } : {}) })
        .where('id', '=', input.conversationId)
        .execute()
      await auditSupport(
        this.#o,
        trx,
        operator,
        input.reopen ? 'support.reopen' : 'support.close',
        input.conversationId,
        {},
      )
      events.push(
        playerEvent(Number(conversation.player_id), 'chat', {
          kind: 'status',
          conversationId: input.conversationId,
          status,
        }),
        operatorEvent({
          topic: 'support',
          playerId: Number(conversation.player_id),
          id: String(input.conversationId),
          status: 'status',
        }),
      )
    })
    return (await this.operatorConversation(input.conversationId)).conversation
  }

  /** The operator read the player's messages up to a message id: the player sees "read". */
  async operatorRead(conversationId: number, upTo: number): Promise<void> {
    await writeWithPushes(this.#o, async (trx, events) => {
      const conversation = await requireConversation(trx, conversationId)
      const last = await lastMessageId(trx, conversationId)
      const next = Math.min(Math.max(upTo, Number(conversation.operator_read_upto)), last)
      if (next <= Number(conversation.operator_read_upto)) return
      await trx
        .updateTable('support_conversations')
        .set({ operator_read_upto: next })
        .where('id', '=', conversationId)
        .execute()
      events.push(
        playerEvent(Number(conversation.player_id), 'chat', { kind: 'read', conversationId, upTo: next }),
        operatorEvent({
          topic: 'support',
          playerId: Number(conversation.player_id),
          id: String(conversationId),
          status: 'read',
        }),
      )
    })
  }

  async operatorTyping(operator: SupportOperator, conversationId: number, typing: boolean): Promise<void> {
    await writeWithPushes(this.#o, async (trx, events) => {
      const conversation = await requireConversation(trx, conversationId)
      events.push(
        playerEvent(Number(conversation.player_id), 'chat', {
          kind: 'typing',
          conversationId,
          typing,
          operatorName: firstName(operator.name),
        }),
      )
    })
  }
}
