// The support service: one conversation per player and its messages (idempotent by requestId,
// read receipts, typing), the FAQ, notices within their time windows, feedback, canned answers,
// and the operator actions on them — each operator action written to the console's audit log in
// the same transaction. Every change that someone else should see writes its push (`chat` to
// the player, `ops` with topic `support` to operators' consoles, `notice` to everyone) in its own
// transaction; the hub delivers it after commit.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Language } from '../../contract/languages.ts'
import type {
  CannedAnswer,
  ChatContext,
  ChatMessage,
  ConversationView,
  FaqView,
  FeedbackItem,
  FeedbackTopic,
  InboxItem,
  InboxView,
  NoticeItem,
  NoticesView,
  OperatorConversationView,
  OperatorFaqItem,
  OperatorFeedback,
  OperatorNotice,
  SendResult,
  SupportUnread,
} from '../../contract/support.ts'
import { writeAudit } from '../audit/audit.ts'
import type { Engine } from '../db/database.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { Database } from '../db/schema.ts'
import { broadcastEvent, type OutboxEvent, operatorEvent, playerEvent, writeOutbox } from '../push/outbox.ts'
import { Refusal } from '../refusal.ts'
import { firstName, type SupportOperator } from './operators.ts'

/** Messages a conversation view carries (the newest). */
const PLAYER_MESSAGES = 100
/** A typing signal counts this long. */
export const TYPING_MS = 6000

type Db = Kysely<Database>
type Trx = Transaction<Database>
type ConversationRow = Database['support_conversations'] extends infer T
  ? { [K in keyof T]: T[K] extends import('kysely').Generated<infer U> ? U : T[K] }
  : never
type MessageRow = {
  id: number
  author: 'player' | 'operator'
  operator_name: string | null
  text: string
  request_id: string
  created_at: number
}

export interface SupportServiceOptions {
  db: Db
  engine: Engine
  now: () => number
  /** Wakes the push hub after a commit that wrote events. */
  afterCommit: () => void
  /** Whether this withdrawal order is the player's (context from the tracker). */
  orderBelongs: (playerId: number, orderId: string) => Promise<boolean>
  /** An active operator's name by id (a transfer's receiver), null when there is none. */
  operatorName: (operatorId: number) => Promise<string | null>
  /** The names operators see for players (bound user names). */
  playerNames: (playerIds: number[]) => Promise<Map<number, string | null>>
}

function messageView(row: MessageRow): ChatMessage {
  const operator = row.author === 'operator'
  return {
    id: Number(row.id),
    author: row.author,
    text: row.text,
    operatorName: operator && row.operator_name ? firstName(row.operator_name) : null,
    requestId: operator ? null : row.request_id,
    createdAt: Number(row.created_at),
  }
}

function parseContext(text: string | null): ChatContext | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as { orderId?: unknown }
    return typeof value.orderId === 'string' ? { orderId: value.orderId } : null
  } catch {
    return null
  }
}

const messageColumns = ['id', 'author', 'operator_name', 'text', 'request_id', 'created_at'] as const

export class SupportService {
  readonly #o: SupportServiceOptions

  constructor(options: SupportServiceOptions) {
    this.#o = options
  }

  /** Runs work in a transaction, writes its events there, and wakes the hub after commit. */
  async #write<T>(work: (trx: Trx, events: OutboxEvent[]) => Promise<T>): Promise<T> {
    const events: OutboxEvent[] = []
    const result = await this.#o.db.transaction().execute(async (trx) => {
      events.length = 0
      const value = await work(trx, events)
      await writeOutbox(trx, this.#o.engine, events, this.#o.now())
      return value
    })
    if (events.length > 0) this.#o.afterCommit()
    return result
  }

  async #audit(
    trx: Trx,
    operator: SupportOperator,
    action: string,
    conversationId: number | null,
    detail: { id?: number } & Record<string, unknown>,
  ): Promise<void> {
    await writeAudit(
      trx,
      operator.actor,
      {
        action,
        objectType: conversationId === null ? action.split('.').slice(0, 2).join('.') : 'support_conversation',
        objectId: conversationId ?? detail.id ?? '',
        after: detail,
      },
      this.#o.now(),
    )
  }

  // ---- The player's conversation ----

  async #conversationRow(db: Db | Trx, playerId: number): Promise<ConversationRow | undefined> {
    return (await db
      .selectFrom('support_conversations')
      .selectAll()
      .where('player_id', '=', playerId)
      .executeTakeFirst()) as ConversationRow | undefined
  }

  /** The player's conversation, created on first use (one per player: a unique player_id). */
  async #ensureConversation(db: Db | Trx, playerId: number, language: Language): Promise<ConversationRow> {
    const existing = await this.#conversationRow(db, playerId)
    if (existing) return existing
    const now = this.#o.now()
    await db
      .insertInto('support_conversations')
      .values({
        player_id: playerId,
        status: 'open',
        language,
        context: null,
        assigned_to: null,
        assigned_name: null,
        waiting_since: null,
        last_message_at: now,
        player_typing_at: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('player_id').doNothing())
      .execute()
    const row = await this.#conversationRow(db, playerId)
    if (!row) throw new Error('support conversation vanished')
    return row
  }

  async #messages(db: Db | Trx, conversationId: number, limit: number): Promise<ChatMessage[]> {
    const rows = await db
      .selectFrom('support_messages')
      .select(messageColumns)
      .where('conversation_id', '=', conversationId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
    return rows.reverse().map(messageView)
  }

  async #unreadForPlayer(db: Db | Trx, row: ConversationRow): Promise<number> {
    const count = await db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('conversation_id', '=', row.id)
      .where('author', '=', 'operator')
      .where('id', '>', row.player_read_upto)
      .executeTakeFirstOrThrow()
    return Number(count.n)
  }

  async conversation(playerId: number, language: Language): Promise<ConversationView> {
    const row = await this.#ensureConversation(this.#o.db, playerId, language)
    return {
      id: Number(row.id),
      status: row.status,
      context: parseContext(row.context),
      operatorName: row.assigned_name ? firstName(row.assigned_name) : null,
      messages: await this.#messages(this.#o.db, Number(row.id), PLAYER_MESSAGES),
      unread: await this.#unreadForPlayer(this.#o.db, row),
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
      return await this.#write(async (trx, events) => {
        const conversation = await this.#ensureConversation(trx, playerId, language)
        const id = Number(conversation.id)
        const earlier = await this.#byRequestId(trx, id, input.requestId)
        if (earlier) return this.#replay(earlier, 'player', input.text)
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
      const conversation = await this.#conversationRow(this.#o.db, playerId)
      const earlier = conversation && (await this.#byRequestId(this.#o.db, Number(conversation.id), input.requestId))
      if (!earlier) throw error
      return this.#replay(earlier, 'player', input.text)
    }
  }

  async #byRequestId(db: Db | Trx, conversationId: number, requestId: string) {
    return (await db
      .selectFrom('support_messages')
      .select(messageColumns)
      .where('conversation_id', '=', conversationId)
      .where('request_id', '=', requestId)
      .executeTakeFirst()) as MessageRow | undefined
  }

  #replay(earlier: MessageRow, author: 'player' | 'operator', text: string): SendResult {
    if (earlier.author !== author || earlier.text !== text) throw new Refusal('request_id_reused')
    return { message: messageView(earlier), replayed: true }
  }

  /** The player read the operator's messages up to a message id (of their own conversation). */
  async read(playerId: number, upTo: number): Promise<{ playerReadUpTo: number; unread: number }> {
    return this.#write(async (trx, events) => {
      const conversation = await this.#conversationRow(trx, playerId)
      if (!conversation) return { playerReadUpTo: 0, unread: 0 }
      const id = Number(conversation.id)
      const last = await this.#lastMessageId(trx, id)
      const next = Math.min(Math.max(upTo, Number(conversation.player_read_upto)), last)
      if (next > Number(conversation.player_read_upto)) {
        await trx.updateTable('support_conversations').set({ player_read_upto: next }).where('id', '=', id).execute()
        events.push(operatorEvent({ topic: 'support', playerId: playerId, id: String(id), status: 'read' }))
      }
      const unread = await this.#unreadForPlayer(trx, { ...conversation, player_read_upto: next })
      return { playerReadUpTo: next, unread }
    })
  }

  async #lastMessageId(db: Db | Trx, conversationId: number): Promise<number> {
    const row = await db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst()
    return Number(row?.id ?? 0)
  }

  /** The player is typing (or stopped): operators see it for a few seconds. */
  async playerTyping(playerId: number, typing: boolean): Promise<void> {
    await this.#write(async (trx, events) => {
      const conversation = await this.#conversationRow(trx, playerId)
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

  /** The badges of the entry points: unread operator messages, unread notices, new answers. */
  async unread(playerId: number, language: Language): Promise<SupportUnread> {
    const conversation = await this.#conversationRow(this.#o.db, playerId)
    const chat = conversation ? await this.#unreadForPlayer(this.#o.db, conversation) : 0
    const notices = (await this.notices(playerId, language)).unread
    const answers = await this.#o.db
      .selectFrom('support_feedback')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('player_id', '=', playerId)
      .where('answer', 'is not', null)
      .where('answer_seen_at', 'is', null)
      .executeTakeFirstOrThrow()
    return { chat, notices, feedback: Number(answers.n) }
  }

  // ---- FAQ ----

  async faq(language: Language): Promise<FaqView> {
    const rows = await this.#o.db
      .selectFrom('support_faq')
      .select(['id', 'question', 'answer'])
      .where('language', '=', language)
      .orderBy('position')
      .orderBy('id')
      .execute()
    return { language, items: rows.map((r) => ({ id: Number(r.id), question: r.question, answer: r.answer })) }
  }

  // ---- Notices ----

  /** Notices in their window now, in the player's language (or every language), newest first. */
  async notices(playerId: number, language: Language): Promise<NoticesView> {
    const now = this.#o.now()
    const rows = await this.#o.db
      .selectFrom('support_notices as n')
      .leftJoin('support_notice_reads as r', (join) =>
        join.onRef('r.notice_id', '=', 'n.id').on('r.player_id', '=', playerId),
      )
      .select(['n.id', 'n.title', 'n.body', 'n.link', 'n.starts_at', 'n.ends_at', 'r.read_at'])
      .where('n.deleted_at', 'is', null)
      .where('n.starts_at', '<=', now)
      .where((eb) => eb.or([eb('n.ends_at', 'is', null), eb('n.ends_at', '>', now)]))
      .where((eb) => eb.or([eb('n.language', 'is', null), eb('n.language', '=', language)]))
      .orderBy('n.starts_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(100)
      .execute()
    const notices: NoticeItem[] = rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      body: r.body,
      link: r.link,
      startsAt: Number(r.starts_at),
      endsAt: r.ends_at === null ? null : Number(r.ends_at),
      read: r.read_at !== null,
    }))
    return { notices, unread: notices.filter((n) => !n.read).length }
  }

  async markNoticesRead(playerId: number, ids: number[]): Promise<void> {
    const known = await this.#o.db.selectFrom('support_notices').select('id').where('id', 'in', ids).execute()
    if (known.length === 0) return
    const now = this.#o.now()
    await this.#o.db
      .insertInto('support_notice_reads')
      .values(known.map((n) => ({ player_id: playerId, notice_id: Number(n.id), read_at: now })))
      .onConflict((oc) => oc.columns(['player_id', 'notice_id']).doNothing())
      .execute()
  }

  // ---- Feedback ----

  async giveFeedback(
    playerId: number,
    input: { topic: FeedbackTopic; text: string; contactConsent?: boolean | undefined },
  ): Promise<FeedbackItem> {
    const row = await this.#o.db
      .insertInto('support_feedback')
      .values({
        player_id: playerId,
        topic: input.topic,
        text: input.text,
        contact_consent: input.contactConsent ? 1 : 0,
        status: 'open',
        answer: null,
        answered_by: null,
        answered_at: null,
        answer_seen_at: null,
        created_at: this.#o.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return feedbackView(row)
  }

  /** The player's past feedback with any answer; answers shown count as seen. */
  async feedbackOf(playerId: number): Promise<FeedbackItem[]> {
    const rows = await this.#o.db
      .selectFrom('support_feedback')
      .selectAll()
      .where('player_id', '=', playerId)
      .orderBy('id', 'desc')
      .limit(50)
      .execute()
    await this.#o.db
      .updateTable('support_feedback')
      .set({ answer_seen_at: this.#o.now() })
      .where('player_id', '=', playerId)
      .where('answer', 'is not', null)
      .where('answer_seen_at', 'is', null)
      .execute()
    return rows.map(feedbackView)
  }

  // ---- Operators: the inbox ----

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

  async #requireConversation(db: Db | Trx, conversationId: number): Promise<ConversationRow> {
    const row = (await db
      .selectFrom('support_conversations')
      .selectAll()
      .where('id', '=', conversationId)
      .executeTakeFirst()) as ConversationRow | undefined
    if (!row) throw new Refusal('not_found', { conversationId })
    return row
  }

  async operatorConversation(conversationId: number): Promise<OperatorConversationView> {
    const { db } = this.#o
    const row = await this.#requireConversation(db, conversationId)
    const messages = await this.#messages(db, conversationId, 200)
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
    return Number((await this.#requireConversation(this.#o.db, conversationId)).player_id)
  }

  async reply(
    operator: SupportOperator,
    input: { conversationId: number; text: string; requestId: string },
  ): Promise<SendResult> {
    try {
      return await this.#write(async (trx, events) => {
        const conversation = await this.#requireConversation(trx, input.conversationId)
        const earlier = await this.#byRequestId(trx, input.conversationId, input.requestId)
        if (earlier) return this.#replay(earlier, 'operator', input.text)
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
        await this.#audit(trx, operator, 'support.reply', input.conversationId, { messageId: message.id })
        if (take) await this.#audit(trx, operator, 'support.take', input.conversationId, { by: 'reply' })
        const playerId = Number(conversation.player_id)
        events.push(
          playerEvent(playerId, 'chat', { kind: 'message', conversationId: input.conversationId, message }),
          operatorEvent({ topic: 'support', playerId: playerId, id: String(input.conversationId), status: 'message' }),
        )
        return { message, replayed: false }
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      const earlier = await this.#byRequestId(this.#o.db, input.conversationId, input.requestId)
      if (!earlier) throw error
      return this.#replay(earlier, 'operator', input.text)
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
    await this.#write(async (trx, events) => {
      const conversation = await this.#requireConversation(trx, input.conversationId)
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
      await this.#audit(trx, operator, `support.${input.action}`, input.conversationId, {
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
    await this.#write(async (trx, events) => {
      const conversation = await this.#requireConversation(trx, input.conversationId)
      await trx
        .updateTable('support_conversations')
        .set({ status, ...(status === 'closed' ? { waiting_since: null } : {}) })
        .where('id', '=', input.conversationId)
        .execute()
      await this.#audit(trx, operator, input.reopen ? 'support.reopen' : 'support.close', input.conversationId, {})
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
    await this.#write(async (trx, events) => {
      const conversation = await this.#requireConversation(trx, conversationId)
      const last = await this.#lastMessageId(trx, conversationId)
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
    await this.#write(async (trx, events) => {
      const conversation = await this.#requireConversation(trx, conversationId)
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

  // ---- Operators: FAQ, notices, canned answers, feedback ----

  async faqAll(language?: Language): Promise<OperatorFaqItem[]> {
    let query = this.#o.db.selectFrom('support_faq').selectAll()
    if (language) query = query.where('language', '=', language)
    const rows = await query.orderBy('language').orderBy('position').orderBy('id').execute()
    return rows.map((r) => ({
      id: Number(r.id),
      language: r.language,
      position: r.position,
      question: r.question,
      answer: r.answer,
    }))
  }

  async saveFaq(
    operator: SupportOperator,
    input: { id?: number | undefined; language: Language; position: number; question: string; answer: string },
  ): Promise<OperatorFaqItem> {
    const now = this.#o.now()
    const id = await this.#write(async (trx) => {
      const values = {
        language: input.language,
        position: input.position,
        question: input.question,
        answer: input.answer,
        updated_at: now,
      }
      let saved: number
      if (input.id !== undefined) {
        const result = await trx.updateTable('support_faq').set(values).where('id', '=', input.id).executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0) throw new Refusal('not_found', { id: input.id })
        saved = input.id
      } else {
        const row = await trx.insertInto('support_faq').values(values).returning('id').executeTakeFirstOrThrow()
        saved = Number(row.id)
      }
      await this.#audit(trx, operator, 'support.faq.save', null, { id: saved, language: input.language })
      return saved
    })
    const item = (await this.faqAll()).find((f) => f.id === id)
    if (!item) throw new Refusal('not_found', { id })
    return item
  }

  async deleteFaq(operator: SupportOperator, id: number): Promise<void> {
    await this.#write(async (trx) => {
      const result = await trx.deleteFrom('support_faq').where('id', '=', id).executeTakeFirst()
      if (Number(result.numDeletedRows) === 0) throw new Refusal('not_found', { id })
      await this.#audit(trx, operator, 'support.faq.delete', null, { id })
    })
  }

  async noticesAll(): Promise<OperatorNotice[]> {
    const rows = await this.#o.db
      .selectFrom('support_notices')
      .selectAll()
      .where('deleted_at', 'is', null)
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute()
    return rows.map((r) => ({
      id: Number(r.id),
      language: r.language,
      title: r.title,
      body: r.body,
      link: r.link,
      startsAt: Number(r.starts_at),
      endsAt: r.ends_at === null ? null : Number(r.ends_at),
      createdBy: r.created_by,
      createdAt: Number(r.created_at),
    }))
  }

  async saveNotice(
    operator: SupportOperator,
    input: {
      id?: number | undefined
      language: Language | null
      title: string
      body: string
      link?: string | null | undefined
      startsAt: number
      endsAt: number | null
    },
  ): Promise<OperatorNotice> {
    if (input.endsAt !== null && input.endsAt <= input.startsAt)
      throw new Refusal('invalid_request', { field: 'endsAt' })
    const now = this.#o.now()
    const id = await this.#write(async (trx, events) => {
      const values = {
        language: input.language,
        title: input.title,
        body: input.body,
        link: input.link ?? null,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
      }
      let saved: number
      if (input.id !== undefined) {
        const result = await trx
          .updateTable('support_notices')
          .set(values)
          .where('id', '=', input.id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0) throw new Refusal('not_found', { id: input.id })
        saved = input.id
      } else {
        const row = await trx
          .insertInto('support_notices')
          .values({ ...values, created_by: operator.name, created_at: now, deleted_at: null })
          .returning('id')
          .executeTakeFirstOrThrow()
        saved = Number(row.id)
      }
      await this.#audit(trx, operator, 'support.notice.save', null, { id: saved })
      events.push(broadcastEvent('notice', { id: saved }))
      return saved
    })
    const notice = (await this.noticesAll()).find((n) => n.id === id)
    if (!notice) throw new Refusal('not_found', { id })
    return notice
  }

  async deleteNotice(operator: SupportOperator, id: number): Promise<void> {
    await this.#write(async (trx, events) => {
      const result = await trx
        .updateTable('support_notices')
        .set({ deleted_at: this.#o.now() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) throw new Refusal('not_found', { id })
      await this.#audit(trx, operator, 'support.notice.delete', null, { id })
      events.push(broadcastEvent('notice', { id }))
    })
  }

  async canned(language?: Language): Promise<CannedAnswer[]> {
    let query = this.#o.db.selectFrom('support_canned').selectAll()
    if (language) query = query.where('language', '=', language)
    const rows = await query.orderBy('language').orderBy('id').execute()
    return rows.map((r) => ({ id: Number(r.id), language: r.language, title: r.title, text: r.text }))
  }

  async saveCanned(
    operator: SupportOperator,
    input: { id?: number | undefined; language: Language; title: string; text: string },
  ): Promise<CannedAnswer> {
    const id = await this.#write(async (trx) => {
      const values = { language: input.language, title: input.title, text: input.text, updated_at: this.#o.now() }
      let saved: number
      if (input.id !== undefined) {
        const result = await trx.updateTable('support_canned').set(values).where('id', '=', input.id).executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0) throw new Refusal('not_found', { id: input.id })
        saved = input.id
      } else {
        const row = await trx.insertInto('support_canned').values(values).returning('id').executeTakeFirstOrThrow()
        saved = Number(row.id)
      }
      await this.#audit(trx, operator, 'support.canned.save', null, { id: saved })
      return saved
    })
    const answer = (await this.canned()).find((c) => c.id === id)
    if (!answer) throw new Refusal('not_found', { id })
    return answer
  }

  async deleteCanned(operator: SupportOperator, id: number): Promise<void> {
    await this.#write(async (trx) => {
      const result = await trx.deleteFrom('support_canned').where('id', '=', id).executeTakeFirst()
      if (Number(result.numDeletedRows) === 0) throw new Refusal('not_found', { id })
      await this.#audit(trx, operator, 'support.canned.delete', null, { id })
    })
  }

  async feedbackAll(status?: 'open' | 'answered' | 'closed'): Promise<OperatorFeedback[]> {
    let query = this.#o.db.selectFrom('support_feedback').selectAll()
    if (status) query = query.where('status', '=', status)
    const rows = await query.orderBy('id', 'desc').limit(200).execute()
    return rows.map((r) => ({ ...feedbackView(r), playerId: Number(r.player_id), answeredBy: r.answered_by }))
  }

  async answerFeedback(
    operator: SupportOperator,
    input: { id: number; answer?: string | undefined; close?: boolean | undefined },
  ): Promise<OperatorFeedback> {
    if (input.answer === undefined && !input.close) throw new Refusal('invalid_request', { field: 'answer' })
    await this.#write(async (trx) => {
      const now = this.#o.now()
      const result = await trx
        .updateTable('support_feedback')
        .set({
          ...(input.answer !== undefined
            ? { answer: input.answer, answered_by: operator.name, answered_at: now, answer_seen_at: null }
            : {}),
          status: input.close ? 'closed' : 'answered',
        })
        .where('id', '=', input.id)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) throw new Refusal('not_found', { id: input.id })
      await this.#audit(trx, operator, input.close ? 'support.feedback.close' : 'support.feedback.answer', null, {
        id: input.id,
      })
    })
    const item = (await this.feedbackAll()).find((f) => f.id === input.id)
    if (!item) throw new Refusal('not_found', { id: input.id })
    return item
  }
}

function inboxItem(
  row: ConversationRow,
  playerName: string | null,
  unread: number,
  lastText: string | null,
): InboxItem {
  return {
    id: Number(row.id),
    playerId: Number(row.player_id),
    playerName,
    language: row.language,
    status: row.status,
    assignedTo: row.assigned_to,
    assignedName: row.assigned_name,
    context: parseContext(row.context),
    waitingSince: row.waiting_since === null ? null : Number(row.waiting_since),
    lastMessageAt: Number(row.last_message_at),
    lastText: lastText ?? '',
    unread,
  }
}

function feedbackView(row: Database['support_feedback'] extends infer T ? { [K in keyof T]: unknown } : never) {
  const r = row as {
    id: number
    topic: FeedbackTopic
    text: string
    contact_consent: number
    status: FeedbackItem['status']
    answer: string | null
    answered_at: number | null
    created_at: number
  }
  return {
    id: Number(r.id),
    topic: r.topic,
    text: r.text,
    contactConsent: Number(r.contact_consent) === 1,
    status: r.status,
    answer: r.answer,
    answeredAt: r.answered_at === null ? null : Number(r.answered_at),
    createdAt: Number(r.created_at),
  } satisfies FeedbackItem
}
